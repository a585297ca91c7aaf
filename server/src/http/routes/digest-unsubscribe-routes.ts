import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SITE_NAME } from '@blogstream/shared/lib';
import type { AccountsConfig } from '../../accounts/accounts-config.js';
import type { Db } from '../../db/db.js';
import { unsubscribeFromDigest } from '../../db/profile.js';
import { unsubscribeSubscription } from '../../db/digest-subscriptions.js';
import { stopSavedSearchAlert } from '../../db/saved-searches.js';
import {
  deriveUnsubscribeKey,
  UNSUBSCRIBE_PATH,
  unsubscribeUrl,
  verifyUnsubscribeToken,
  type UnsubscribeKind,
} from '../../mail/digest/unsubscribe-token.js';
import { serverSecret, type ServerSecretConfig } from '../../lib/secrets.js';
import { escapeHtml } from '../../mail/templates.js';
import type { App } from '../app-type.js';

/** RFC 8058 one-click bodies are tiny: `List-Unsubscribe=One-Click`. */
const FORM_BODY_LIMIT = 4096;

const querySchema = z.object({ token: z.string().max(200).optional() });

function page(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)} - ${escapeHtml(SITE_NAME)}</title></head>` +
    '<body style="margin:0;padding:48px 16px;background:#f4f5f7;font-family:-apple-system,BlinkMacSystemFont,\'Segoe UI\',Roboto,Helvetica,Arial,sans-serif;color:#1f2933">' +
    '<main style="max-width:480px;margin:0 auto;padding:32px;background:#fff;border-radius:8px">' +
    `<h1 style="margin:0 0 16px 0;font-size:22px">${escapeHtml(title)}</h1>${body}</main></body></html>`;
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** The key's secret, and the site's address for the page's links. */
export type DigestUnsubscribeConfig = ServerSecretConfig & {
  accounts: Pick<AccountsConfig, 'publicUrl'>;
};

/**
 * The digest's unsubscribe link (docs/decisions/0010-digest-delivery.md). Outside /api on
 * purpose: the session and XSRF guard covers /api only, and this URL must take the RFC 8058
 * one-click POST that mail providers send without cookies, as a form. Its own authority is the
 * signed token in the URL, good for one reader (or one topic or collection subscription,
 * docs/decisions/0026-digests-for-anyone.md) and for nothing but turning that digest off.
 *
 * - GET shows a page with a button and changes nothing (link scanners and previews fetch it).
 * - POST (the button, or the mail provider's one-click) sets the reader's digest frequency to Off,
 *   or ends the subscription. No sign-in and no further confirmation.
 * The form content types are accepted on this route alone.
 */
export async function registerDigestUnsubscribeRoutes(
  app: App,
  config: DigestUnsubscribeConfig,
  db: Db,
): Promise<void> {
  const key = deriveUnsubscribeKey(await serverSecret(config));
  const { publicUrl } = config.accounts;
  const settingsLink = `<a href="${escapeHtml(`${publicUrl}/settings`)}">your settings</a>`;
  /** How the reader gets the digest back: their settings, or subscribing again on the site. */
  const getItBack: Record<UnsubscribeKind, string> = {
    reader: `You can turn the digest back on in ${settingsLink}.`,
    subscription: `You can subscribe again on <a href="${escapeHtml(publicUrl)}">${escapeHtml(SITE_NAME)}</a>.`,
    savedSearch: `You can turn the alert back on from the saved search on <a href="${escapeHtml(publicUrl)}">${escapeHtml(SITE_NAME)}</a>.`,
  };
  /** What each kind of token turns off. */
  const turnOff: Record<UnsubscribeKind, (id: number) => Promise<unknown>> = {
    reader: (userId) => unsubscribeFromDigest(db, userId),
    subscription: (subscriptionId) => unsubscribeSubscription(db, subscriptionId),
    savedSearch: (savedSearchId) => stopSavedSearchAlert(db, savedSearchId),
  };

  const invalid = (reply: FastifyReply, token: string | undefined) =>
    page(
      reply,
      token ? 403 : 400,
      'This link does not work',
      `<p>This unsubscribe link is not valid. Change the digest in ${settingsLink} instead.</p>`,
    );

  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      // The token in the URL decides; the body (List-Unsubscribe=One-Click) is not needed.
      (_request, _body, done) => done(null, {}),
    );

    scope.get(UNSUBSCRIBE_PATH, { schema: { querystring: querySchema } }, (request, reply) => {
      const { token } = request.query;
      const target = verifyUnsubscribeToken(key, token);
      if (target === undefined) return invalid(reply, token);
      const action = unsubscribeUrl('', token as string);
      return page(
        reply,
        200,
        'Unsubscribe from the weekly digest?',
        `<p>You will get no more e-mails of this weekly digest from ${escapeHtml(SITE_NAME)}. ` +
          `${getItBack[target.kind]}</p>` +
          `<form method="post" action="${escapeHtml(action)}">` +
          '<input type="hidden" name="List-Unsubscribe" value="One-Click">' +
          '<button type="submit" style="padding:10px 18px;font-size:15px;border:0;border-radius:6px;background:#1a4fa0;color:#fff;cursor:pointer">Unsubscribe</button>' +
          '</form>',
      );
    });

    scope.post(
      UNSUBSCRIBE_PATH,
      { schema: { querystring: querySchema } },
      async (request, reply) => {
        const { token } = request.query;
        const target = verifyUnsubscribeToken(key, token);
        if (target === undefined) return invalid(reply, token);
        await turnOff[target.kind](target.id);
        request.log.info(target, 'unsubscribed from a weekly digest');
        return page(
          reply,
          200,
          'You are unsubscribed',
          `<p>You will get no more e-mails of this weekly digest. ${getItBack[target.kind]}</p>`,
        );
      },
    );
  });
}
