import { useState, type FormEvent, type ReactNode } from 'react';
import { messages, requiredError } from '@blogstream/shared/lib';
import { Button, DialogActions, TextField } from '@blogstream/shared/ui';

export interface OneFieldFormProps {
  label: string;
  submitLabel: string;
  initialValue?: string;
  /** Said above the field. */
  intro?: ReactNode;
  /** Saves the value as typed; resolves what to say under the field when it was not saved. */
  onSubmit: (value: string) => Promise<string | undefined>;
  onCancel: () => void;
}

/**
 * A form of one required text field ('Required'): Enter submits, Cancel leaves. What a reader
 * names (NameForm), a keyword they mute.
 */
export function OneFieldForm({
  label,
  submitLabel,
  initialValue = '',
  intro,
  onSubmit,
  onCancel,
}: OneFieldFormProps) {
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = requiredError(value, messages.required);
    setError(problem);
    if (problem) return;
    setSaving(true);
    const refusal = await onSubmit(value);
    setSaving(false);
    setError(refusal);
  };

  return (
    <form onSubmit={submit} noValidate>
      {intro}
      <TextField
        label={label}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error}
        autoFocus
      />
      <DialogActions>
        <Button type="button" $variant="text" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}

export interface NameFormProps {
  label: string;
  submitLabel: string;
  initialName?: string;
  /** Saves the trimmed name; resolves false when the server refused it. */
  onSubmit: (name: string) => Promise<boolean>;
  onCancel: () => void;
}

/** The name a reader gives what they keep, a collection or a saved search (new or renamed). */
export function NameForm({ initialName, onSubmit, ...props }: NameFormProps) {
  return (
    <OneFieldForm
      {...props}
      initialValue={initialName}
      onSubmit={async (name) => ((await onSubmit(name.trim())) ? undefined : messages.genericError)}
    />
  );
}
