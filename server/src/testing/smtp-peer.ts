import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP peer received it. */
export interface ReceivedMail {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes undone. */
  decoded: string;
  subject: string;
}

export interface SmtpPeer {
  url: string;
  received: ReceivedMail[];
  /** The first message (received or still to come) that satisfies `matches`. */
  waitFor(matches: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A real SMTP server on a free loopback port that keeps what it receives. */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
          decoded: decodeQuotedPrintable(raw),
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor: async (matches, timeoutMs = 5_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find(matches);
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error('no matching mail arrived');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The links of a message that point at the site. */
export function siteLinks(mail: ReceivedMail, publicUrl: string): string[] {
  const escaped = publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...new Set(mail.decoded.match(new RegExp(`${escaped}/[^\\s"<>]+`, 'g')) ?? [])];
}
