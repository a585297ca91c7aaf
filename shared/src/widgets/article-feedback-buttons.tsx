import { useSetArticleFeedbackMutation } from '@blogstream/shared/api';
import type { Article, ArticleFeedback } from '@blogstream/shared/contract';
import { messages } from '@blogstream/shared/lib';
import { snackbarShown, useAppDispatch } from '@blogstream/shared/store';
import { IconButton, LessOfThisIcon, MoreOfThisIcon } from '@blogstream/shared/ui';
import { useRequireReader } from './use-require-reader.js';

const CONFIRMATION: Record<ArticleFeedback, string> = {
  more: messages.moreLikeThis,
  less: messages.lessLikeThis,
};

/**
 * Show more and show less like this (decision 0036): toggles steering the reader's discover feed
 * towards or away from the article, from its next page; pressing the pressed one takes it back.
 * A visitor gets the sign-in dialog.
 */
export function ArticleFeedbackButtons({ article }: { article: Article }) {
  const dispatch = useAppDispatch();
  const requireReader = useRequireReader();
  const [setFeedback, { isLoading }] = useSetArticleFeedbackMutation();

  const give = async (feedback: ArticleFeedback) => {
    const next = article.feedback === feedback ? null : feedback;
    const result = await setFeedback({ postId: article.post_id, feedback: next });
    dispatch(
      'error' in result
        ? snackbarShown(messages.genericError, { severity: 'error' })
        : snackbarShown(next === null ? messages.feedbackTakenBack : CONFIRMATION[next]),
    );
  };

  return (
    <>
      <IconButton
        type="button"
        aria-label="Show more like this"
        aria-keyshortcuts="u"
        aria-pressed={article.feedback === 'more'}
        disabled={isLoading}
        onClick={requireReader(() => void give('more'))}
      >
        <MoreOfThisIcon filled={article.feedback === 'more'} />
      </IconButton>
      <IconButton
        type="button"
        aria-label="Show less like this"
        aria-keyshortcuts="d"
        aria-pressed={article.feedback === 'less'}
        disabled={isLoading}
        onClick={requireReader(() => void give('less'))}
      >
        <LessOfThisIcon filled={article.feedback === 'less'} />
      </IconButton>
    </>
  );
}
