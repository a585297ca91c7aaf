import { useState, type FormEvent } from 'react';
import {
  useAddArticleToCollectionMutation,
  useCreateCollectionMutation,
  useGetArticleCollectionsQuery,
  useRemoveArticleFromCollectionMutation,
} from '@blogstream/shared/api';
import { messages, requiredError } from '@blogstream/shared/lib';
import {
  selectUserData,
  snackbarShown,
  useAppDispatch,
  useAppSelector,
} from '@blogstream/shared/store';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  Loader,
  TextField,
  theme,
} from '@blogstream/shared/ui';

function NewCollectionForm({ onDone }: { onDone: () => void }) {
  const [createCollection, { isLoading }] = useCreateCollectionMutation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = requiredError(name, messages.required);
    setError(problem);
    if (problem) return;
    const result = await createCollection(name.trim());
    if ('error' in result) {
      console.error('Creating the collection failed', result.error);
      setError(messages.genericError);
      return;
    }
    onDone();
  };

  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label="Collection name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={error}
        autoFocus
      />
      <DialogActions>
        <Button type="button" $variant="text" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isLoading}>
          Create
        </Button>
      </DialogActions>
    </form>
  );
}

function CollectionChoices({ postId }: { postId: number }) {
  const dispatch = useAppDispatch();
  const { data: collections, isLoading } = useGetArticleCollectionsQuery(postId);
  const [add] = useAddArticleToCollectionMutation();
  const [remove] = useRemoveArticleFromCollectionMutation();

  const toggle = async (collectionId: number, include: boolean) => {
    const request = { postId, collectionId };
    const result = include ? await add(request) : await remove(request);
    if ('error' in result) {
      const message = include
        ? messages.errorAddingToCollection
        : messages.errorRemovingFromCollection;
      dispatch(snackbarShown(message, { severity: 'error' }));
      return;
    }
    dispatch(snackbarShown(include ? messages.addedToCollection : messages.removedFromCollection));
  };

  if (isLoading) return <Loader label="Loading collections" />;
  if (!collections?.length) return <p>No collections yet.</p>;
  return (
    <div role="group" aria-label="Collections">
      {collections.map((collection) => (
        <Checkbox
          key={collection.collection_id}
          label={collection.name}
          checked={collection.post_in_collection}
          onCheckedChange={(checked) => void toggle(collection.collection_id, checked)}
        />
      ))}
    </div>
  );
}

/**
 * The collection dialog (spec §2, width 290): one checkbox per collection for this article, and
 * a mode that makes a new collection. First-time readers get it without a close button.
 */
export function CollectionDialog({ postId, onClose }: { postId: number; onClose: () => void }) {
  const firstTime = useAppSelector(selectUserData)?.userFirstTimeUX === true;
  const [creating, setCreating] = useState(false);
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={creating ? 'New collection' : 'Add to collection'}
      maxWidth={theme.dialogWidths.narrow}
      dismissible={!firstTime}
    >
      {creating ? (
        <NewCollectionForm onDone={() => setCreating(false)} />
      ) : (
        <>
          <CollectionChoices postId={postId} />
          <DialogActions>
            <Button type="button" $variant="outlined" onClick={() => setCreating(true)}>
              New collection
            </Button>
            {firstTime ? (
              <Button type="button" onClick={onClose}>
                Done
              </Button>
            ) : null}
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
