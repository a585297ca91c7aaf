import { useEffect, useState } from 'react';
import styled from 'styled-components';
import {
  failureReason,
  savedSearchOf,
  useCreateSavedSearchMutation,
  useDeleteSavedSearchMutation,
  useGetSavedSearchesQuery,
  useOpenSavedSearchMutation,
  useUpdateSavedSearchMutation,
} from '@blogstream/shared/api';
import type { FeedFilter, SavedSearch } from '@blogstream/shared/contract';
import { MAX_SAVED_SEARCHES, savedFilterOf } from '@blogstream/shared/contract/browser';
import { Button, Checkbox, NarrowDialog } from '@blogstream/shared/ui';
import {
  DeleteDialog,
  NameForm,
  RenameDeleteMenu,
  RenameDialog,
  useFeedFilter,
} from '@blogstream/shared/widgets';

const Bar = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  margin: 0 0 12px 0;
`;

const Name = styled.h2`
  margin: 0;
  font-size: 1rem;
`;

const Problem = styled.p`
  color: ${({ theme }) => theme.colors.error};
`;

/**
 * "Save this search": names the page's words and filter and keeps them for the reader, a date
 * pill's period as that period, not as the first day it has today (docs/decisions/0040).
 */
function SaveDialog({
  query,
  filter,
  onClose,
}: {
  query: string;
  filter: FeedFilter;
  onClose: () => void;
}) {
  const [create, { error }] = useCreateSavedSearchMutation();
  const tooMany = failureReason(error) === 'TOO_MANY_SAVED_SEARCHES';
  const save = async (name: string) => {
    const result = await create({ name, query, filter: savedFilterOf(filter) });
    if ('error' in result) return false;
    onClose();
    return true;
  };
  return (
    <NarrowDialog title="Save this search" onClose={onClose}>
      <NameForm
        label="Name"
        submitLabel="Save"
        initialName={query}
        onSubmit={save}
        onCancel={onClose}
      />
      {tooMany ? (
        <Problem role="alert">
          You can keep at most {MAX_SAVED_SEARCHES} saved searches: delete one first.
        </Problem>
      ) : null}
    </NarrowDialog>
  );
}

function RenameSavedSearchDialog({ saved, onClose }: { saved: SavedSearch; onClose: () => void }) {
  const [update] = useUpdateSavedSearchMutation();
  return (
    <RenameDialog
      title="Rename saved search"
      label="Name"
      currentName={saved.name}
      onRename={async (name) =>
        !('error' in (await update({ savedSearchId: saved.saved_search_id, name })))
      }
      onClose={onClose}
    />
  );
}

function DeleteSavedSearchDialog({ saved, onClose }: { saved: SavedSearch; onClose: () => void }) {
  const [remove, { isLoading }] = useDeleteSavedSearchMutation();
  const confirm = async () => {
    if (!('error' in (await remove(saved.saved_search_id)))) onClose();
  };
  return (
    <DeleteDialog
      title="Delete saved search"
      deleting={isLoading}
      onDelete={() => void confirm()}
      onClose={onClose}
    >
      <p>The search stays here; it is no longer kept, counted or e-mailed.</p>
    </DeleteDialog>
  );
}

/**
 * The saved search the page shows: opening it restarts its count of new matches; its name, with
 * Rename and Delete, and whether its new matches go in the weekly digest and come as an e-mail.
 */
function SavedSearchControls({ saved }: { saved: SavedSearch }) {
  const [open] = useOpenSavedSearchMutation();
  const [update, { isLoading }] = useUpdateSavedSearchMutation();
  const { saved_search_id: savedSearchId, new_matches: newMatches } = saved;
  // Opened once per visit; a count that grows while it is open is counted again.
  useEffect(() => {
    if (newMatches > 0) void open(savedSearchId);
  }, [open, savedSearchId, newMatches]);
  return (
    <Bar aria-label="Saved search">
      <Name>Saved search: {saved.name}</Name>
      <RenameDeleteMenu
        label="Saved search menu"
        renameDialog={(close) => <RenameSavedSearchDialog saved={saved} onClose={close} />}
        deleteDialog={(close) => <DeleteSavedSearchDialog saved={saved} onClose={close} />}
      />
      <Checkbox
        label="In my weekly digest"
        checked={saved.in_digest}
        disabled={isLoading}
        onCheckedChange={(inDigest) => void update({ savedSearchId, inDigest })}
      />
      <Checkbox
        label="E-mail me new matches (at most daily)"
        checked={saved.alert}
        disabled={isLoading}
        onCheckedChange={(alert) => void update({ savedSearchId, alert })}
      />
    </Bar>
  );
}

/**
 * A signed-in reader's saved search of the page's words and filter (docs/decisions/0040): Save
 * this search, or the saved one's controls. Loaded on its own (saved-search-panel.tsx).
 */
export function ReaderSavedSearch({ query }: { query: string }) {
  const [filter] = useFeedFilter();
  const { data: savedSearches } = useGetSavedSearchesQuery();
  const [saving, setSaving] = useState(false);
  if (!savedSearches) return null;
  const saved = savedSearchOf(savedSearches, query, filter);
  if (saved) return <SavedSearchControls saved={saved} />;
  return (
    <Bar aria-label="Saved search">
      <Button type="button" $variant="text" onClick={() => setSaving(true)}>
        Save this search
      </Button>
      {saving ? (
        <SaveDialog query={query} filter={filter} onClose={() => setSaving(false)} />
      ) : null}
    </Bar>
  );
}
