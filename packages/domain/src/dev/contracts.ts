import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { text } from '../http/strings';

export const ZOutboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  createdAt: z.string(),
});
export type TOutboxMail = z.infer<typeof ZOutboxMail>;

export const devEndpoints = {
  listOutbox: defineEndpoint({
    method: 'GET',
    path: '/dev/mail',
    summary: 'Development only: the mail outbox (when no SMTP_URL is set)',
    tags: ['dev'],
    auth: 'public',
    query: z.object({ to: text().max(254).optional() }).strict(),
    response: z.object({ mails: z.array(ZOutboxMail) }),
    errors: ['NOT_FOUND'],
  }),
} as const;
