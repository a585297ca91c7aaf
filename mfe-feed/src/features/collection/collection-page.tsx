import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { clientPath } from '@blogstream/shared/contract/browser';
import { RequireReader, usePageMeta } from '@blogstream/shared/mfe';
import { PageContainer, PageTitle } from '@blogstream/shared/ui';
import {
  DeleteDialog,
  InfiniteFeed,
  RenameDeleteMenu,
  RenameDialog,
} from '@blogstream/shared/widgets';
import {
  useDeleteCollectionMutation,
  useGetCollectionQuery,
  useRenameCollectionMutation,
} from './collection-api';
import { CollectionDigest } from './collection-digest';

const Heading = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
`;

const Warning = styled.p`
  color: ${({ theme }) => theme.colors.error};
`;

function RenameCollectionDialog({
  collectionId,
  currentName,
  onClose,
}: {
  collectionId: number;
  currentName: string;
  onClose: () => void;
}) {
  const [rename] = useRenameCollectionMutation();
  return (
    <RenameDialog
      title="Rename collection"
      label="New collection name"
      currentName={currentName}
      onRename={async (collectionName) =>
        !('error' in (await rename({ collectionId, collectionName })))
      }
      onClose={onClose}
    />
  );
}

function DeleteCollectionDialog({
  collectionId,
  onClose,
}: {
  collectionId: number;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const [remove, { isLoading }] = useDeleteCollectionMutation();
  const confirm = async () => {
    const result = await remove(collectionId);
    if ('error' in result) {
      console.error('Deleting the collection failed', result.error);
      return;
    }
    navigate(clientPath('home'));
  };
  return (
    <DeleteDialog
      title="Delete collection"
      deleting={isLoading}
      onDelete={() => void confirm()}
      onClose={onClose}
    >
      <Warning>Warning: This cannot be undone!</Warning>
    </DeleteDialog>
  );
}

function Collection({ collectionId }: { collectionId: number }) {
  const { data, isError } = useGetCollectionQuery(collectionId);
  usePageMeta({ title: data ? `Collection / ${data.name}` : 'Collection' });
  if (isError) return <p>This collection does not exist.</p>;
  return (
    <>
      <Heading>
        <PageTitle>Collection</PageTitle>
        <RenameDeleteMenu
          label="Collection menu"
          renameDialog={(close) =>
            data ? (
              <RenameCollectionDialog
                collectionId={collectionId}
                currentName={data.name}
                onClose={close}
              />
            ) : null
          }
          deleteDialog={(close) => (
            <DeleteCollectionDialog collectionId={collectionId} onClose={close} />
          )}
        />
      </Heading>
      {data ? <h2>{data.name}</h2> : null}
      {data ? <CollectionDigest collectionId={collectionId} /> : null}
      <InfiniteFeed
        key={collectionId}
        call={{ name: 'collectionFeed', params: { collectionId } }}
      />
    </>
  );
}

/** A reader's collection: its articles, with Rename and Delete (spec §2). */
export function CollectionPage() {
  const collectionId = Number(useParams().collectionId);
  return (
    <PageContainer>
      <RequireReader>
        {Number.isInteger(collectionId) && collectionId > 0 ? (
          <Collection collectionId={collectionId} />
        ) : (
          <p>This collection does not exist.</p>
        )}
      </RequireReader>
    </PageContainer>
  );
}
