import { useState } from 'react';
import {
  useAddArticleToCollectionMutation,
  useCreateCollectionMutation,
  useGetArticleCollectionsQuery,
  useRemoveArticleFromCollectionMutation,
} from '@blogstream/shared/api';
import { messages } from '@blogstream/shared/lib';
import {
  selectUserData,
  snackbarShown,
  useAppDispatch,
  useAppSelector,
} from '@blogstream/shared/store';
import { Button, Checkbox, DialogActions, Loader, NarrowDialog } from '@blogstream/shared/ui';
import { NameForm } from './name-form.js';

/** Makes a new collection and puts the article the dialog was opened for into it. */
function NewCollectionForm({ postId, onDone }: { postId: number; onDone: () => void }) {
  const dispatch = useAppDispatch();
  const [createCollection] = useCreateCollectionMutation();
  const [addArticle] = useAddArticleToCollectionMutation();
  const create = async (name: string) => {
    const created = await createCollection(name);
    if ('error' in created) {
      console.error('Creating the collection failed', created.error);
      return false;
    }
    const added = await addArticle({ postId, collectionId: created.data.collection_id });
    // The collection exists either way; the list shows it unticked if the add failed.
    dispatch(
      'error' in added
        ? snackbarShown(messages.errorAddingToCollection, { severity: 'error' })
        : snackbarShown(messages.addedToCollection),
    );
    onDone();
    return true;
  };
  return (
    <NameForm label="Collection name" submitLabel="Create" onSubmit={create} onCancel={onDone} />
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
 * a mode that makes a new collection holding it. First-time readers get it without a close button.
 */
export function CollectionDialog({ postId, onClose }: { postId: number; onClose: () => void }) {
  const firstTime = useAppSelector(selectUserData)?.userFirstTimeUX === true;
  const [creating, setCreating] = useState(false);
  return (
    <NarrowDialog
      title={creating ? 'New collection' : 'Add to collection'}
      onClose={onClose}
      dismissible={!firstTime}
    >
      {creating ? (
        <NewCollectionForm postId={postId} onDone={() => setCreating(false)} />
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
    </NarrowDialog>
  );
}
