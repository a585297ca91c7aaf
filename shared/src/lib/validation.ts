import { PASSWORD_MIN_LENGTH } from '@blogstream/shared/contract/browser';
import { messages } from './messages.js';

// Deliberately loose: the server has the final word; this catches typos like a missing @ or dot.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The spec §5 message for an e-mail field, or undefined when it is acceptable. */
export function emailError(value: string): string | undefined {
  if (value.trim() === '') return messages.emailRequired;
  if (!EMAIL_PATTERN.test(value.trim())) return messages.emailInvalid;
  return undefined;
}

/** For a new password: required, and at least the minimum length. */
export function newPasswordError(value: string): string | undefined {
  if (value === '') return messages.passwordRequired;
  if (value.length < PASSWORD_MIN_LENGTH) return messages.passwordTooShort;
  return undefined;
}

/** `message` when the value is empty or only spaces, else undefined. */
export function requiredError(value: string, message: string): string | undefined {
  return value.trim() === '' ? message : undefined;
}

/** Drops the fields without an error, so `Object.keys(errors).length === 0` means valid. */
export function collectErrors<Field extends string>(
  errors: Record<Field, string | undefined>,
): Partial<Record<Field, string>> {
  return Object.fromEntries(
    Object.entries(errors).filter(([, message]) => message !== undefined),
  ) as Partial<Record<Field, string>>;
}
