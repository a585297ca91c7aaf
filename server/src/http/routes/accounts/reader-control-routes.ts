import { MAX_MUTES, type MuteKind } from '@blogstream/shared/contract';
import { findTopic } from '@blogstream/shared/lib';
import type { AccountServices } from '../../../accounts/services.js';
import { setArticleFeedback } from '../../../db/article-feedback.js';
import { addMute, countMutes, listMutes, removeMute } from '../../../db/mutes.js';
import { hideRead, saveHideRead, setRead } from '../../../db/read-marks.js';
import { ApiFailure } from '../../api-failure.js';
import type { App } from '../../app-type.js';
import { requireUserId } from '../../current-user.js';
import { serve, serveOnOff } from '../../endpoint.js';
import { notFound } from './guards.js';

/** A topic mute names a catalogue topic (loosely written is fine); anything else is UNKNOWN_TOPIC. */
function muteValue(kind: MuteKind, value: string): string {
  if (kind !== 'topic') return value;
  const topic = findTopic(value);
  if (!topic) throw new ApiFailure(400, 'UNKNOWN_TOPIC', `Not a topic of this site: ${value}`);
  return topic;
}

/**
 * Read state, Hide read and mutes of the signed-in reader (decision 0022), and their more or less
 * like this (decision 0036).
 */
export function registerReaderControlRoutes(app: App, { db }: AccountServices): void {
  serveOnOff(app, ['markRead', 'markUnread'], (read) => async (request) => {
    if (!(await setRead(db, requireUserId(request), request.body.postId, read))) {
      throw notFound('Article');
    }
    return { read };
  });

  serve(app, 'getFeedFilters', async (request) => {
    const userId = requireUserId(request);
    const [hide, mutes] = await Promise.all([hideRead(db, userId), listMutes(db, userId)]);
    return { hide_read: hide, mutes };
  });

  serve(app, 'saveHideRead', async (request) => {
    await saveHideRead(db, requireUserId(request), request.body.hide_read);
    return { hide_read: request.body.hide_read };
  });

  serve(app, 'addMute', async (request) => {
    const userId = requireUserId(request);
    const { kind } = request.body;
    const value = muteValue(kind, request.body.value);
    if ((await countMutes(db, userId)) >= MAX_MUTES) {
      throw new ApiFailure(
        409,
        'TOO_MANY_MUTES',
        `You can keep at most ${MAX_MUTES} mutes: remove one in Settings first.`,
      );
    }
    const mute = await addMute(db, userId, kind, value);
    if (!mute) throw notFound('Source');
    return mute;
  });

  serve(app, 'removeMute', async (request) => {
    const { kind } = request.body;
    await removeMute(db, requireUserId(request), kind, muteValue(kind, request.body.value));
    return { ok: true } as const;
  });

  serve(app, 'setArticleFeedback', async (request) => {
    const { postId, feedback } = request.body;
    if (!(await setArticleFeedback(db, requireUserId(request), postId, feedback))) {
      throw notFound('Article');
    }
    return { feedback };
  });
}
