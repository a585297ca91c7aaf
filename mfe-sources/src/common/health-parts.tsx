import styled from 'styled-components';
import type { SourceHealth, SourceHealthStatus } from '@blogstream/shared/contract';
import { httpUrlOrUndefined, timeAgo } from '@blogstream/shared/lib';

export const STATUS_LABELS: Record<SourceHealthStatus, string> = {
  ok: 'OK',
  failing: 'Failing',
  dead: 'Dead',
  pending: 'Not fetched yet',
};

const STATUS_COLORS: Record<SourceHealthStatus, 'success' | 'error' | 'textMuted'> = {
  ok: 'success',
  failing: 'error',
  dead: 'error',
  pending: 'textMuted',
};

const Badge = styled.span<{ $status: SourceHealthStatus }>`
  display: inline-block;
  padding: 0 8px;
  border-radius: ${({ theme }) => theme.radius.pill}px;
  border: 1px solid ${({ theme, $status }) => theme.colors[STATUS_COLORS[$status]]};
  color: ${({ theme, $status }) => theme.colors[STATUS_COLORS[$status]]};
  font-size: ${({ theme }) => theme.font.size.small};
  font-weight: 600;
  white-space: nowrap;
`;

export function StatusBadge({ status }: { status: SourceHealthStatus }) {
  return <Badge $status={status}>{STATUS_LABELS[status]}</Badge>;
}

/** A time as 'n days ago', with the exact time in its title; 'Never' without one. */
export function When({ iso }: { iso: string | null }) {
  if (!iso) return <>Never</>;
  return (
    <time dateTime={iso} title={new Date(iso).toUTCString()}>
      {timeAgo(iso)}
    </time>
  );
}

/**
 * How often the source posts. Without a post in the last 90 days it says when the latest was, in
 * the words its article cards use ('3 months ago'), so the two never seem to disagree.
 */
export function postingFrequency(
  health: Pick<SourceHealth, 'posts_per_week' | 'latest_article_at'>,
): string {
  if (health.posts_per_week > 0) return `${health.posts_per_week.toLocaleString('en')} a week`;
  return health.latest_article_at
    ? `None lately: the latest post was ${timeAgo(health.latest_article_at)}`
    : 'No dated posts';
}

/** The feed's address as a link when it is an http(s) URL. */
export function FeedLink({ url }: { url: string | null }) {
  const href = httpUrlOrUndefined(url);
  if (!href) return <>None</>;
  return (
    <a href={href} title={href} rel="noopener noreferrer nofollow" target="_blank">
      {href}
    </a>
  );
}
