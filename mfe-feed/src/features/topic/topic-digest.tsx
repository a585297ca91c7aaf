import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { failureReason } from '@blogstream/shared/api';
import { DIGEST_CONFIRM_QUERY_PARAM } from '@blogstream/shared/contract/browser';
import { messages } from '@blogstream/shared/lib';
import { snackbarShown, useAppDispatch } from '@blogstream/shared/store';
import {
  ContractForm,
  FormEmailField,
  FormSubmit,
  useContractForm,
} from '@blogstream/shared/widgets/form';
import { useConfirmDigestSubscriptionMutation, useSubscribeTopicDigestMutation } from './topic-api';

const NOTICE_DURATION_MS = 8000;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * "Weekly digest" on a topic page: anyone may ask for the topic's digest by e-mail. The answer
 * is the same whether or not the address already gets it (no address enumeration); the digest
 * starts once the e-mailed link is opened (double opt-in).
 */
export function TopicDigestForm({ topic }: { topic: string }) {
  const [subscribe] = useSubscribeTopicDigestMutation();
  // Which topic's link went to which address: another topic page shows the form again.
  const [sent, setSent] = useState<{ topic: string; email: string } | null>(null);
  // The visitor types the address; the page supplies the topic.
  const form = useContractForm({
    schema: (contract) => contract.subscribeTopicDigestRequestSchema.omit({ topic: true }),
    defaultValues: { email: '', recaptchaVerifyToken: '' },
  });
  return (
    <section aria-labelledby="weekly-digest">
      <h2 id="weekly-digest">Weekly digest</h2>
      {sent?.topic === topic ? (
        <p role="status">
          Almost done: open the link we sent to {sent.email} to confirm your weekly {topic} digest.
        </p>
      ) : (
        <ContractForm
          form={form}
          intro={
            <Note>
              The week’s best {topic} articles by e-mail, once a week. We first send a link to
              confirm the address; every digest has a one-click unsubscribe link.
            </Note>
          }
          onSubmit={async (request) => {
            const result = await subscribe({ ...request, topic });
            if ('error' in result) {
              form.fail(
                failureReason(result.error) === 'RATE_LIMITED'
                  ? messages.tooManyAttempts
                  : messages.genericError,
              );
            } else {
              setSent({ topic, email: request.email });
            }
          }}
        >
          <FormEmailField form={form} label="Your email" />
          <FormSubmit form={form} captcha="recaptchaVerifyToken">
            Subscribe
          </FormSubmit>
        </ContractForm>
      )}
    </section>
  );
}

/**
 * The confirmation link lands on the topic page with ?digestConfirm=<token>: the page confirms it
 * (a POST: a mail scanner fetching the link confirms nothing), says so in a snackbar and drops
 * the parameter from the address.
 */
export function useDigestConfirmation(topic: string): void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [confirm] = useConfirmDigestSubscriptionMutation();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const token = params.get(DIGEST_CONFIRM_QUERY_PARAM);
    if (!token) return;
    params.delete(DIGEST_CONFIRM_QUERY_PARAM);
    const rest = params.toString();
    navigate(`${pathname}${rest ? `?${rest}` : ''}`, { replace: true });
    void confirm(token).then((result) => {
      const reason = 'error' in result ? failureReason(result.error) : undefined;
      const message =
        'data' in result && result.data
          ? `Your weekly ${topic} digest is confirmed. The first one comes with the next weekly e-mail.`
          : reason === 'LINK_EXPIRED'
            ? 'This confirmation link has expired. Subscribe again to get a new one.'
            : reason === 'LINK_INVALID'
              ? 'This confirmation link is not valid, or was already used.'
              : messages.genericError;
      dispatch(
        snackbarShown(message, {
          severity: 'data' in result && result.data ? 'success' : 'error',
          durationMs: NOTICE_DURATION_MS,
        }),
      );
    });
  }, [confirm, dispatch, navigate, pathname, search, topic]);
}
