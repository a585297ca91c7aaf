import { useState, type FormEvent } from 'react';
import { messages, requiredError } from '@blogstream/shared/lib';
import { Button, DialogActions, TextField } from '@blogstream/shared/ui';

export interface NameFormProps {
  label: string;
  submitLabel: string;
  initialName?: string;
  /** Saves the trimmed name; resolves false when the server refused it. */
  onSubmit: (name: string) => Promise<boolean>;
  onCancel: () => void;
}

/**
 * The name a reader gives what they keep, a collection or a saved search (new or renamed):
 * required ('Required'), Enter submits, Cancel leaves.
 */
export function NameForm({
  label,
  submitLabel,
  initialName = '',
  onSubmit,
  onCancel,
}: NameFormProps) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = requiredError(name, messages.required);
    setError(problem);
    if (problem) return;
    setSaving(true);
    const saved = await onSubmit(name.trim());
    setSaving(false);
    if (!saved) setError(messages.genericError);
  };

  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label={label}
        value={name}
        onChange={(event) => setName(event.target.value)}
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
