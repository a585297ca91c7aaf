import { z } from 'zod';
import type { AccountServices } from '../../../accounts/services.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findOutboxMessage, latestOutboxMessages, type OutboxMessage } from '../../../db/outbox.js';
import { linksIn } from '../../../mail/outbox.js';
import { escapeHtml } from '../../../mail/templates.js';
import type { App } from '../../app-type.js';

const SHOWN_MESSAGES = 50;
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Anyone but the machine itself is told there is nothing here. */
function refusedRemote(request: FastifyRequest, reply: FastifyReply): boolean {
  if (LOOPBACK.has(request.ip)) return false;
  void reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  return true;
}

function renderMessage(message: OutboxMessage): string {
  const links = linksIn(message.text)
    .map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`)
    .join('');
  return `<article>
    <h2>${escapeHtml(message.subject)}</h2>
    <p>To ${escapeHtml(message.recipient)}, ${message.createdAt.toISOString()}
       · <a href="/dev/mail/${message.messageId}.eml">.eml</a></p>
    <ul>${links}</ul>
    <pre>${escapeHtml(message.text)}</pre>
  </article>`;
}

/**
 * /dev/mail: the outbox as a page, so a newcomer running the site locally can click the links
 * of the e-mails it "sent". Only registered when no SMTP server is configured and NODE_ENV is not
 * production, and only answered to the machine itself: the links sign people in.
 */
export function registerDevMailRoutes(app: App, { db, config }: AccountServices): void {
  if (config.environment === 'production' || config.mail.smtpUrl) return;
  app.get('/dev/mail', async (request, reply) => {
    if (refusedRemote(request, reply)) return reply;
    const messages = await latestOutboxMessages(db, SHOWN_MESSAGES);
    const body = messages.length
      ? messages.map(renderMessage).join('<hr>')
      : '<p>No e-mail yet. Sign up or ask for a password reset and reload.</p>';
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html><head><meta charset="utf-8"><title>Outbox</title></head>` +
          `<body><h1>Outbox (newest first)</h1>${body}</body></html>`,
      );
  });

  app.get(
    '/dev/mail/:file',
    { schema: { params: z.object({ file: z.string().regex(/^\d{1,15}\.eml$/) }) } },
    async (request, reply) => {
      if (refusedRemote(request, reply)) return reply;
      const messageId = Number(request.params.file.replace('.eml', ''));
      const message = await findOutboxMessage(db, messageId);
      if (!message) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return reply
        .type('message/rfc822')
        .header('content-disposition', `attachment; filename="${messageId}.eml"`)
        .send(message.raw);
    },
  );
}
