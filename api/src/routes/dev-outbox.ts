/**
 * The developer's outbox (decisions.md, E-mail): every e-mail the platform queued, newest first,
 * so that a new user on a fresh machine (no SMTP) can read the sign-up code.
 *
 * - GET /api/dev/outbox               an HTML page
 * - GET /api/dev/outbox.json?to=<e-mail>&limit=<1..200>
 *   `{ status: true, data: [{ id, to, subject, text, html, headers, attachments, template, locale, status, created_at, sent_at }] }`
 *
 * Mail carries sign-up codes and password-reset links, so reading it is reading accounts:
 * MAIL_DEV_OUTBOX `admin` (the default outside production) answers an administrator's bearer token
 * only; `open` (`npm run dev`, the browser tests: a developer's own machine) answers anyone; `off`
 * (required in production, config.ts) registers nothing. On a default start the person at the
 * terminal reads each mail's line there instead (lib/mail/transport.ts, `mailNotice`). It reads
 * the `mail_outbox` table, so it lists what every API process queued, whatever the transport.
 */
import { desc, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successSchema } from '@scholars/shared-contracts/schemas';
import { mailOutbox } from '../db/schema';
import { escapeHtml } from '../lib/mail/templates';
import { errorResponses, staffErrors } from './schemas';
import { rolesFor } from '@scholars/shared-contracts/authorization';

const querySchema = z.object({
  to: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const outboxMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** The HTML part (the console shows it in a sandboxed frame); null for a text-only mail. */
  html: z.string().nullable(),
  /** Extra headers of the mail (a newsletter issue's List-Unsubscribe and List-Unsubscribe-Post); null for none. */
  headers: z.record(z.string(), z.string()).nullable(),
  /**
   * The attachments' names and types; a text attachment (a calendar invitation) with its content,
   * so a test or a developer can read it (binary ones, a PDF receipt, by name only).
   */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), content: z.string().nullable() })),
  template: z.string(),
  locale: z.enum(['en', 'ar']),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});

const devOutbox: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.config.MAIL_DEV_OUTBOX === 'open' ? [] : [app.requireRole(...rolesFor('GET /api/dev/outbox.json'))];
  async function list(to: string | undefined, limit: number) {
    const rows = await app.db
      .select()
      .from(mailOutbox)
      .where(to ? sql`lower(${mailOutbox.toAddress}) = ${to.toLowerCase()}` : undefined)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody,
      headers: row.headers ?? null,
      attachments: (row.attachments ?? []).map((attachment) => ({
        filename: attachment.filename,
        contentType: attachment.contentType,
        content: attachment.contentType.startsWith('text/') ? (attachment.encoding === 'base64' ? Buffer.from(attachment.content, 'base64').toString('utf8') : attachment.content) : null,
      })),
      template: row.template,
      locale: row.locale,
      status: row.status,
      attempts: row.attempts,
      created_at: row.createdAt.toISOString(),
      sent_at: row.sentAt ? row.sentAt.toISOString() : null,
    }));
  }

  app.get(
    '/dev/outbox.json',
    {
      onRequest,
      schema: {
        tags: ['system'],
        summary: 'Development only: queued e-mails, newest first (optionally for one address); administrators only unless MAIL_DEV_OUTBOX=open',
        security: [{ bearerAuth: [] }],
        querystring: querySchema,
        response: { 200: successSchema(z.array(outboxMailSchema)), ...staffErrors, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { status: true as const, data: await list(request.query.to, request.query.limit) };
    },
  );

  app.get(
    '/dev/outbox',
    {
      onRequest,
      // An HTML page for people, not part of the API description.
      schema: { hide: true, querystring: querySchema },
    },
    async (request, reply) => {
      const mails = await list(request.query.to, request.query.limit);
      const items = mails
        .map(
          (mail) => `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p><strong>To:</strong> ${escapeHtml(mail.to)} &middot; <strong>${escapeHtml(mail.status)}</strong> (${mail.attempts} attempt(s)) &middot; <time datetime="${mail.created_at}">${mail.created_at}</time> &middot; ${escapeHtml(mail.template)}</p>
<pre dir="auto">${escapeHtml(mail.text)}</pre>
</article>`,
        )
        .join('\n<hr>\n');
      reply
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev outbox</title></head>
<body>
<h1>Dev outbox (${mails.length})</h1>
<p>E-mails queued by the platform, newest first. Transport: ${app.mail.transport === 'smtp' ? 'SMTP' : 'files in DATA_DIR/outbox'}. Filter: <code>?to=address</code>. JSON: <a href="outbox.json">outbox.json</a>.</p>
${items || '<p>No e-mail yet.</p>'}
</body></html>
`);
      return reply;
    },
  );
};
export default devOutbox;
