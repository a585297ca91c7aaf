import { useState, type ReactNode } from 'react';
import {
  Button,
  DialogActions,
  IconButton,
  Menu,
  MoreIcon,
  NarrowDialog,
} from '@blogstream/shared/ui';
import { NameForm } from './name-form.js';

export interface RenameDialogProps {
  title: string;
  label: string;
  currentName: string;
  /** Saves the new name; resolves false when the server refused it (the dialog stays open). */
  onRename: (name: string) => Promise<boolean>;
  onClose: () => void;
}

/** Renames what a reader keeps (a collection, a saved search); closes once the name is saved. */
export function RenameDialog({ title, label, currentName, onRename, onClose }: RenameDialogProps) {
  const save = async (name: string) => {
    const renamed = await onRename(name);
    if (renamed) onClose();
    return renamed;
  };
  return (
    <NarrowDialog title={title} onClose={onClose}>
      <NameForm
        label={label}
        submitLabel="Save"
        initialName={currentName}
        onSubmit={save}
        onCancel={onClose}
      />
    </NarrowDialog>
  );
}

export interface DeleteDialogProps {
  title: string;
  /** What deleting it means, above Cancel and Delete. */
  children: ReactNode;
  /** While the deletion is under way, Delete is disabled. */
  deleting: boolean;
  onDelete: () => void;
  onClose: () => void;
}

/** Asks before deleting what a reader keeps (a collection, a saved search). */
export function DeleteDialog({ title, children, deleting, onDelete, onClose }: DeleteDialogProps) {
  return (
    <NarrowDialog title={title} onClose={onClose}>
      {children}
      <DialogActions>
        <Button type="button" $variant="text" onClick={onClose}>
          Cancel
        </Button>
        <Button type="button" onClick={onDelete} disabled={deleting}>
          Delete
        </Button>
      </DialogActions>
    </NarrowDialog>
  );
}

export interface RenameDeleteMenuProps {
  /** The menu button's accessible name. */
  label: string;
  /** The rename dialog, given how to close it (or nothing while there is no name to change). */
  renameDialog: (close: () => void) => ReactNode;
  /** The delete dialog, given how to close it. */
  deleteDialog: (close: () => void) => ReactNode;
}

/** The menu of what a reader keeps (a collection, a saved search): Rename and Delete, each a dialog. */
export function RenameDeleteMenu({ label, renameDialog, deleteDialog }: RenameDeleteMenuProps) {
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const close = () => setDialog(null);
  return (
    <>
      <Menu
        trigger={
          <IconButton type="button" aria-label={label}>
            <MoreIcon />
          </IconButton>
        }
        items={[
          { label: 'Rename', onSelect: () => setDialog('rename') },
          { label: 'Delete', onSelect: () => setDialog('delete') },
        ]}
      />
      {dialog === 'rename' ? renameDialog(close) : null}
      {dialog === 'delete' ? deleteDialog(close) : null}
    </>
  );
}
