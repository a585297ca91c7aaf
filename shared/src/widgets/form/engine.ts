// The heavy half of the form primitive, loaded when a form first mounts (form-model.ts):
// react-hook-form, the zod resolver, the contract's request schemas (so zod) and the form's
// behaviour once they are here. A page without a form never loads it (docs/decisions/0017).
import './zod-without-eval.js';
import type * as Contract from '@blogstream/shared/contract';
import { messages } from '@blogstream/shared/lib';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  createFormControl,
  type FieldErrors,
  type FieldValues,
  type Resolver,
} from 'react-hook-form';
import type { ContractFormOptions, FormSnapshot, RequestSchema } from './form-model.js';
import type { Confirmation, FieldMessages } from './form-types.js';

let contract: typeof Contract | undefined;
let loadingContract: Promise<void> | undefined;

/**
 * Imports the contract once the no-eval setting above has run: its schemas are built when it is
 * evaluated. Dynamic on purpose: it also hands over the whole module, where a static
 * `import * as` of a shared module can be cut down to the exports the bundler sees used. A
 * failed load is tried again.
 */
export function loadContract(): Promise<void> {
  loadingContract ??= import('@blogstream/shared/contract').then(
    (loaded) => {
      contract = loaded;
    },
    (error: unknown) => {
      loadingContract = undefined;
      throw error;
    },
  );
  return loadingContract;
}

/**
 * What the reader is told about the contract's fields (spec §5), by the fields' names in the
 * contract's requests. `required` is said whenever the value is blank; the others by zod issue
 * code. An issue with no entry keeps the contract's message (e.g. the blog URL's 'Must be an
 * http(s) address') or zod's. A form overrides an entry where its spec says otherwise.
 */
const contractFieldMessages: Record<string, FieldMessages> = {
  email: { required: messages.emailRequired, invalid_format: messages.emailInvalid },
  password: { required: messages.passwordRequired, too_small: messages.passwordTooShort },
  newPassword: { required: messages.passwordRequired, too_small: messages.passwordTooShort },
  name: { required: messages.nameRequired },
  recaptchaVerifyToken: { required: messages.captchaRequired },
};

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && !value.trim());
}

/**
 * The contract's schema as the form's resolver, speaking the spec's messages. A value without
 * a field on screen (the captcha token) is reported only once the fields are right, so the
 * banner asks for one thing at a time.
 */
function contractResolver(
  schema: RequestSchema,
  overrides: Partial<Record<string, FieldMessages>>,
  confirm: Confirmation | undefined,
  isField: (name: string) => boolean,
): Resolver<FieldValues> {
  const validate = zodResolver(
    schema,
    {
      error: (issue) => {
        const field = String(issue.path?.[0] ?? '');
        const known = { ...contractFieldMessages[field], ...overrides[field] };
        if (known.required && isBlank(issue.input)) return known.required;
        return known[issue.code];
      },
    },
    { mode: 'sync' },
  );
  return async (values, context, options) => {
    const result = await validate(values, context, options);
    const errors: FieldErrors = { ...result.errors };
    if (confirm && values[confirm.name] !== values[confirm.of]) {
      errors[confirm.name] = { type: 'confirm', message: confirm.message };
    }
    const names = Object.keys(errors);
    if (names.length === 0) return { values: result.values, errors: {} };
    if (names.some(isField)) for (const name of names) if (!isField(name)) delete errors[name];
    return { values: {}, errors };
  };
}

/** What the engine needs of a form (form-model.ts). */
interface FormHost {
  readonly options: ContractFormOptions<RequestSchema, string>;
  readonly fields: ReadonlySet<string>;
  readonly inputs: ReadonlyMap<string, HTMLInputElement>;
  readonly singleUse: ReadonlySet<string>;
  getSnapshot(): FormSnapshot<FieldValues>;
  show(change: Partial<FormSnapshot<FieldValues>>): void;
}

export interface BoundForm {
  connect(name: string, input: HTMLInputElement): void;
  disconnect(name: string): void;
  setValue(name: string, value: unknown): void;
  clearProblems(name: string): void;
  fail(message: string | undefined): void;
  submit(onValid: (request: FieldValues) => unknown): Promise<void>;
}

/** The field messages and the banner of react-hook-form's errors. */
function problems(errors: FieldErrors, isField: (name: string) => boolean) {
  const onScreen: Partial<Record<string, string>> = {};
  let banner = errors.root?.server?.message;
  for (const [name, error] of Object.entries(errors)) {
    const message = typeof error?.message === 'string' ? error.message : undefined;
    if (name === 'root' || !message) continue;
    if (isField(name)) onScreen[name] = message;
    else banner ??= message;
  }
  return { errors: onScreen, banner };
}

/**
 * Gives a form a react-hook-form control validating with the contract (no React hooks: the
 * form follows the control through its subscription). Inputs already on screen are registered
 * by their elements, as `{...register(name)}` would; what the reader typed before stays.
 */
export function bindForm(form: FormHost): BoundForm {
  if (!contract) throw new Error('bindForm before loadContract');
  const { options } = form;
  const isField = (name: string) => form.fields.has(name);
  const control = createFormControl<FieldValues>({
    defaultValues: form.getSnapshot().values,
    resolver: contractResolver(
      options.schema(contract),
      options.messages ?? {},
      options.confirm as Confirmation | undefined,
      isField,
    ),
  });
  control.subscribe({
    formState: { values: true, errors: true },
    callback: ({ values, errors = {} }) => form.show({ values, ...problems(errors, isField) }),
  });
  const unbinds = new Map<string, () => void>();
  const connect = (name: string, input: HTMLInputElement) => {
    if (unbinds.has(name)) return;
    const { ref, onChange, onBlur } = control.register(name);
    ref(input);
    input.addEventListener('input', onChange);
    input.addEventListener('blur', onBlur);
    unbinds.set(name, () => {
      input.removeEventListener('input', onChange);
      input.removeEventListener('blur', onBlur);
      ref(null);
    });
  };
  for (const [name, input] of form.inputs) connect(name, input);
  return {
    connect,
    disconnect: (name) => {
      unbinds.get(name)?.();
      unbinds.delete(name);
    },
    setValue: (name, value) => control.setValue(name, value),
    clearProblems: (name) => control.clearErrors(['root', name]),
    fail: (message) => {
      for (const name of form.singleUse) control.setValue(name, '');
      form.show({ attempt: form.getSnapshot().attempt + 1 });
      if (message) control.setError('root.server', { type: 'server', message });
    },
    submit: (onValid) =>
      control.handleSubmit(async (request) => {
        await onValid(request);
      })(),
  };
}
