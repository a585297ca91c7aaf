import { useAddMuteMutation, type HttpFailure } from '@blogstream/shared/api';
import { KEYWORD_LENGTH } from '@blogstream/shared/contract/browser';
import { messages } from '@blogstream/shared/lib';
import { snackbarShown, useAppDispatch } from '@blogstream/shared/store';
import { NarrowDialog } from '@blogstream/shared/ui';
import { OneFieldForm } from './name-form.js';

/** Words too common to be what a reader wants to mute. */
const COMMON_WORDS = new Set(
  'about after again also and are been before being but can could does for from have how into its more most not now our out over should than that the their them then there these they this through too under using was what when where which while who why will with without you your'.split(
    ' ',
  ),
);

/**
 * The keyword the dialog offers for an article: the longest word of its title that is not a
 * common one (the reader edits it at will); empty when there is none.
 */
export function suggestedKeyword(title: string): string {
  const words = (title.match(/[\p{L}\p{N}+#.'-]+/gu) ?? [])
    .map((word) => word.replace(/^[.'-]+|[.'-]+$/g, '').toLowerCase())
    .filter((word) => word.length >= KEYWORD_LENGTH.min && !COMMON_WORDS.has(word));
  return words.reduce((best, word) => (word.length > best.length ? word : best), '');
}

/**
 * The server's word on a refused keyword: the contract's schema checks it there (length, the
 * characters allowed), so the rule is written once.
 */
function refusal(error: unknown): string {
  const data = (error as HttpFailure).data;
  return (
    data?.details?.find((detail) => detail.path === 'body.value')?.message ?? messages.genericError
  );
}

export interface MuteKeywordDialogProps {
  /** The article the dialog was opened from: its title suggests the keyword. */
  title: string;
  onClose: () => void;
}

/** Mutes a keyword typed by the reader (prefilled from the article's title). */
export function MuteKeywordDialog({ title, onClose }: MuteKeywordDialogProps) {
  const dispatch = useAppDispatch();
  const [addMute] = useAddMuteMutation();

  const mute = async (keyword: string) => {
    const result = await addMute({ kind: 'keyword', value: keyword });
    if ('error' in result) return refusal(result.error);
    dispatch(snackbarShown(`Muted “${result.data.value}”. Settings lists your mutes.`));
    onClose();
    return undefined;
  };

  return (
    <NarrowDialog title="Mute a keyword" onClose={onClose}>
      <OneFieldForm
        label="Keyword"
        submitLabel="Mute"
        initialValue={suggestedKeyword(title)}
        intro={<p>Articles with this word in their title or preview leave your feeds.</p>}
        onSubmit={mute}
        onCancel={onClose}
      />
    </NarrowDialog>
  );
}
