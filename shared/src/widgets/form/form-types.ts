import type { core } from 'zod';

/**
 * What to tell the reader about one field: `required` when its value is blank, else by zod issue
 * code ('invalid_format', 'too_small', ...). Texts come from `messages` (@blogstream/shared/lib).
 */
export type FieldMessages = { required?: string } & Partial<Record<core.$ZodIssue['code'], string>>;

/** A value typed twice (a new password's confirmation): `name` must equal `of`. */
export interface Confirmation {
  name: string;
  of: string;
  message: string;
}
