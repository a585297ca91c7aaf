import { useSetArticleFeedbackMutation } from '@blogstream/shared/api';
import type { Article, ArticleFeedback } from '@blogstream/shared/contract';
import { messages } from '@blogstream/shared/lib';
import { snackbarShown, useAppDispatch } from '@blogstream/shared/store';
import { IconButton, LessOfThisIcon, MoreOfThisIcon } from '@blogstream/shared/ui';
import { useRequireReader } from './use-require-reader.js';

/** Each button: its name, its key on the focused card (decision 0023), icon and confirmation. */
const BUTTONS = [
  {
    feedback: 'more',
    label: 'Show more like this',
    key: 'u',
    Icon: MoreOfThisIcon,
    confirmation: messages.moreLikeThis,
  },
  {
    feedback: 'less',
    label: 'Show less like this',
    key: 'd',
    Icon: LessOfThisIcon,
    confirmation: messages.lessLikeThis,
  },
] as const;

/**
 * Show more and show less like this (decision 0036): toggles steering the reader's discover feed
 * towards or away from the article, from its next page; pressing the pressed one takes it back.
 * A visitor gets the sign-in dialog.
 */
export function ArticleFeedbackButtons({ article }: { article: Article }) {
  const dispatch = useAppDispatch();
  const requireReader = useRequireReader();
  const [setFeedback, { isLoading }] = useSetArticleFeedbackMutation();

  const give = async (feedback: ArticleFeedback, confirmation: string) => {
    const next = article.feedback === feedback ? null : feedback;
    const result = await setFeedback({ postId: article.post_id, feedback: next });
    dispatch(
      'error' in result
        ? snackbarShown(messages.genericError, { severity: 'error' })
        : snackbarShown(next === null ? messages.feedbackTakenBack : confirmation),
    );
  };

  return BUTTONS.map(({ feedback, label, key, Icon, confirmation }) => (
    <IconButton
      key={feedback}
      type="button"
      aria-label={label}
      aria-keyshortcuts={key}
      aria-pressed={article.feedback === feedback}
      disabled={isLoading}
      onClick={requireReader(() => void give(feedback, confirmation))}
    >
      <Icon filled={article.feedback === feedback} />
    </IconButton>
  ));
}
