import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type ReactNode,
  type RefCallback,
} from 'react';
import type { FieldValues } from 'react-hook-form';
import type { output } from 'zod';
import {
  Button,
  FormError,
  ProgressBar,
  Select,
  TextField,
  type TextFieldProps,
} from '@blogstream/shared/ui';
import { Captcha } from '@blogstream/shared/widgets';
import {
  FormModel,
  type ContractFormOptions,
  type FieldName,
  type FormSnapshot,
  type FormValues,
  type RequestSchema,
} from './form-model.js';

/**
 * A form sending one request of the contract, validated by that request's schema (react-hook-form
 * with the zod resolver). Options are read once, on the first render, as useForm's are.
 */
export function useContractForm<S extends RequestSchema, C extends string = never>(
  options: ContractFormOptions<S, C>,
): FormModel<FormValues<S, C>, output<S>> {
  const [form] = useState(
    () =>
      new FormModel<FormValues<S, C>, output<S>>(
        options as unknown as ContractFormOptions<RequestSchema, string>,
      ),
  );
  useEffect(() => form.start(), [form]);
  return form;
}

/**
 * The form's state for rendering: errors, banner, pending (a useSyncExternalStore). The same
 * snapshot when a first view renders the form outside the browser.
 */
export function useFormSnapshot<V extends FieldValues, Out>(
  form: FormModel<V, Out>,
): FormSnapshot<V> {
  return useSyncExternalStore(form.subscribe, form.getSnapshot, form.getSnapshot);
}

export interface ContractFormProps<V extends FieldValues, Out> {
  form: FormModel<V, Out>;
  /** Gets the request as the contract parsed it; reports a failed call with `form.fail()`. */
  onSubmit: (request: Out) => unknown;
  /** What the form is for, shown above its banner. */
  intro?: ReactNode;
  children: ReactNode;
}

/** The `<form>` (Enter submits, no browser validation) with its banner (role alert). */
export function ContractForm<V extends FieldValues, Out>({
  form,
  onSubmit,
  intro,
  children,
}: ContractFormProps<V, Out>) {
  const { banner } = useFormSnapshot(form);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(onSubmit);
  };
  return (
    <form onSubmit={submit} noValidate>
      {intro}
      {banner ? <FormError>{banner}</FormError> : null}
      {children}
    </form>
  );
}

export interface FormTextFieldProps<V extends FieldValues, Out> extends Omit<
  TextFieldProps,
  'form' | 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'
> {
  form: FormModel<V, Out>;
  name: FieldName<V>;
}

/** A labelled input of the form; its problem is shown under it and announced with it. */
export function FormTextField<V extends FieldValues, Out>({
  form,
  name,
  ...inputProps
}: FormTextFieldProps<V, Out>) {
  const { errors } = useFormSnapshot(form);
  const bind = useCallback(
    (input: HTMLInputElement | null) => (input ? form.bindInput(name, input) : undefined),
    [form, name],
  );
  // TextField hands its other props to its <input>, ref included (a prop in React 19), as
  // `{...register(name)}` relies on; its props type leaves ref out, as InputHTMLAttributes does.
  const refProp: { ref: RefCallback<HTMLInputElement> } = { ref: bind };
  return (
    <TextField
      {...inputProps}
      {...refProp}
      name={name}
      defaultValue={String(form.options.defaultValues[name] ?? '')}
      error={errors[name]}
    />
  );
}

/** The form's e-mail address (the value `email`), which the browser may fill in. */
export function FormEmailField<V extends FieldValues & { email: unknown }, Out>({
  label = 'Email',
  ...props
}: Omit<FormTextFieldProps<V, Out>, 'name' | 'label' | 'type' | 'autoComplete'> & {
  label?: string;
}) {
  return (
    <FormTextField
      {...props}
      name={'email' as FieldName<V>}
      label={label}
      type="email"
      autoComplete="email"
    />
  );
}

/**
 * A password of the form, masked; `autoComplete` has the browser's password manager fill in the
 * saved one (`current-password`) or offer to save a new one (`new-password`).
 */
export function FormPasswordField<V extends FieldValues, Out>(
  props: Omit<FormTextFieldProps<V, Out>, 'type' | 'autoComplete'> & {
    autoComplete: 'current-password' | 'new-password';
  },
) {
  return <FormTextField {...props} type="password" />;
}

export interface FormSelectProps<V extends FieldValues, Out, K extends FieldName<V>> {
  form: FormModel<V, Out>;
  name: K;
  label: string;
  options: { value: V[K]; label: string }[];
}

/** A labelled single choice of the form (the values need not be strings). */
export function FormSelect<V extends FieldValues, Out, K extends FieldName<V>>({
  form,
  name,
  label,
  options,
}: FormSelectProps<V, Out, K>) {
  const { values } = useFormSnapshot(form);
  useLayoutEffect(() => form.addField(name), [form, name]);
  return (
    <Select
      label={label}
      value={String(values[name])}
      options={options.map((option) => ({ value: String(option.value), label: option.label }))}
      onValueChange={(chosen) => {
        const option = options.find((candidate) => String(candidate.value) === chosen);
        if (option) form.setValue(name, option.value);
      }}
    />
  );
}

/**
 * The captcha, giving its token as the value `name`. A missing token is the banner's problem
 * once the fields are right; a failed call asks for a fresh captcha (a token is good once).
 */
export function FormCaptcha<V extends FieldValues, Out>({
  form,
  name,
}: {
  form: FormModel<V, Out>;
  name: FieldName<V>;
}) {
  const { attempt } = useFormSnapshot(form);
  useLayoutEffect(() => form.addSingleUse(name), [form, name]);
  const onChange = useCallback((token: string | null) => form.solved(name, token), [form, name]);
  return <Captcha key={attempt} onChange={onChange} />;
}

/**
 * The submit button, disabled while pending; with `progressLabel`, a progress bar meanwhile; with
 * `captcha`, the captcha the request carries as that value, above the button.
 */
export function FormSubmit<V extends FieldValues, Out>({
  form,
  progressLabel,
  captcha,
  children,
}: {
  form: FormModel<V, Out>;
  progressLabel?: string;
  captcha?: FieldName<V>;
  children: ReactNode;
}) {
  const { pending } = useFormSnapshot(form);
  return (
    <>
      {captcha ? <FormCaptcha form={form} name={captcha} /> : null}
      {pending && progressLabel ? <ProgressBar label={progressLabel} /> : null}
      <Button type="submit" disabled={pending}>
        {children}
      </Button>
    </>
  );
}
