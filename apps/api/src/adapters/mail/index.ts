import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe of RFC 8058); SMTP sends them, the development outbox keeps only the body. */
  headers?: Record<string, string>;
}

/** Sends mail: through SMTP in production, into the database outbox otherwise. */
export interface MailSender {
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

export function createSmtpMailSender(smtpUrl: string, from: string): MailSender {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

export function createOutboxMailSender(db: Db): MailSender {
  return {
    kind: 'outbox',
    async send(mail) {
      await db
        .insert(mailOutbox)
        .values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html });
    },
  };
}

/** Every link in a mail body, so the development page can list them. */
export function extractLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s"'<>]+/g) ?? [])];
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain, accessible mail layout with one call to action. */
export function renderActionMail(opts: {
  greeting: string;
  lines: string[];
  actionLabel: string;
  actionUrl: string;
  footer: string;
}): Pick<Mail, 'text' | 'html'> {
  const text = [
    opts.greeting,
    '',
    ...opts.lines,
    '',
    `${opts.actionLabel}: ${opts.actionUrl}`,
    '',
    opts.footer,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1d1b2e;max-width:560px;margin:auto;padding:24px">
<p>${escapeHtml(opts.greeting)}</p>${opts.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}
<p><a href="${escapeHtml(opts.actionUrl)}" style="display:inline-block;background:#d44082;color:#fff;padding:12px 20px;border-radius:24px;text-decoration:none;font-weight:600">${escapeHtml(opts.actionLabel)}</a></p>
<p style="font-size:13px;color:#666">${escapeHtml(opts.footer)}</p></body></html>`;
  return { text, html };
}
