// Forms validate with the contract's request schemas (@blogstream/shared/widgets/form); this is
// what a form outside the contract still uses.

/** `message` when the value is empty or only spaces, else undefined. */
export function requiredError(value: string, message: string): string | undefined {
  return value.trim() === '' ? message : undefined;
}
