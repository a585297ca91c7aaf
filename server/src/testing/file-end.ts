/**
 * A set-up hook that times out goes on in the background after Jest has run the file's afterAll
 * hooks: a database or server it opens then is closed by nobody, and the test process never
 * exits. The harness hands what it opens (openTestDatabase, serve) to `closedIfLate`, which closes
 * it at once when its file has ended; `markFileEnded` is the first afterAll of every test file
 * (setupFilesAfterEnv: close-late-openings.ts), so the file's own afterAll still closes the rest.
 */
let fileEnded = false;

export function markFileEnded(): void {
  fileEnded = true;
}

/** `resource`, closed already when it opened after its test file ended. */
export function closedIfLate<T extends { close(): Promise<void> }>(resource: T): T {
  if (fileEnded) resource.close().catch(() => undefined);
  return resource;
}
