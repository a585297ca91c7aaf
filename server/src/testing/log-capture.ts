/** Collects the JSON log lines an app writes. */
export function captureLogs() {
  const lines: string[] = [];
  return {
    stream: { write: (line: string) => void lines.push(line) },
    text: () => lines.join(''),
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

/**
 * What a command prints (console.info), gathered afresh for each test of the file or `describe`
 * this is called in; console.info is given back after each test.
 */
export function capturePrinted() {
  let lines: string[] = [];
  const consoleInfo = console.info;
  beforeEach(() => {
    lines = [];
    console.info = (line: string) => void lines.push(line);
  });
  afterEach(() => {
    console.info = consoleInfo;
  });
  return {
    get lines(): readonly string[] {
      return lines;
    },
    clear: () => void (lines = []),
    text: () => lines.join('\n'),
  };
}
