import styled from 'styled-components';
import { Checkbox } from '@blogstream/shared/ui';
import { useGetCollectionDigestQuery, useSaveCollectionDigestMutation } from './collection-api';

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * The collection's weekly digest for its owner: the week's new articles most like the
 * collection's, to the account's verified address. Turning it on is the owner's opt-in; no
 * confirmation mail is needed for their own verified address.
 */
export function CollectionDigest({ collectionId }: { collectionId: number }) {
  const { data } = useGetCollectionDigestQuery(collectionId);
  const [save, { isLoading, isError }] = useSaveCollectionDigestMutation();
  if (!data) return null;
  return (
    <section aria-labelledby="collection-digest">
      <h3 id="collection-digest">Weekly digest</h3>
      <Checkbox
        label="E-mail me the new articles like these every week"
        checked={data.subscribed}
        disabled={isLoading || (!data.email_verified && !data.subscribed)}
        onCheckedChange={(subscribed) => void save({ collectionId, subscribed })}
      />
      <Note>
        {data.email_verified
          ? `Sent to ${data.email}. Every digest has a one-click unsubscribe link.`
          : 'Confirm your e-mail address to get the weekly digest.'}
      </Note>
      {isError ? <p role="alert">The digest could not be changed. Please try again.</p> : null}
    </section>
  );
}
