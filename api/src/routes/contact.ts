/**
 * POST base/contact (spec 3, 5, 7, 8): the contact form as multipart/form-data (or JSON) with
 * `full_name, email, phone, message, captcha`, validated with the form's own schema (spec 5
 * messages, in the request's language). Stored, e-mailed to the staff inbox (CONTACT_INBOX) and
 * acknowledged to the sender in their language, all in one transaction; answers
 * `{ status: true, msg: 'Message sent successfully!' }`.
 *
 * The receipt goes to whatever address was typed, so it must be useless to a spammer: it carries
 * no text from the form (not the message, not the name), and at most 3 go to one address an
 * hour (later messages are still stored and sent to the staff). At most 5 messages an hour per
 * client address (429).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipartPlugin from '../plugins/external/multipart';
import { contactRequestSchema, messageResponseSchema } from '@scholars/shared-contracts/schemas';
import { contactMessages } from '../db/schema';
import type { Db } from '../db/client';
import { multipartParts } from '../lib/uploads';
import { contactReceiptMail, contactStaffMail } from '../lib/mail/templates';
import {
  CONTACT_PER_ADDRESS,
  CONTACT_RECEIPTS_PER_EMAIL,
  contactBucket,
  contactReceiptBucket,
  reserveHits,
} from '../lib/accounts/rate-limits';
import { checkCaptcha, fail } from './auth';
import { errorResponses } from './schemas';

const FIELDS = new Set(['full_name', 'email', 'phone', 'message', 'captcha']);

const contact: FastifyPluginAsyncZod = async (app) => {
  // Only the routes of this plugin read multipart/form-data (plugins/external/multipart.ts).
  await app.register(multipartPlugin);
  app.post(
    '/base/contact',
    {
      preHandler: app.optionalAuthenticate,
      // A multipart body is read into `request.body` before the schema validates it, so both
      // encodings get the same checks and the same error answers.
      preValidation: async (request) => {
        if (!request.isMultipart()) return;
        const fields: Record<string, string> = {};
        // A malformed body (no boundary, cut short, a limit reached) is a 4xx from multipartParts.
        for await (const part of multipartParts(request, { limits: { files: 0, fields: 10, fieldSize: 16 * 1024, parts: 12 } })) {
          if (part.type === 'file') {
            for await (const chunk of part.file) void chunk;
            continue;
          }
          if (FIELDS.has(part.fieldname) && !(part.fieldname in fields) && typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
        request.body = fields as typeof request.body;
      },
      schema: {
        tags: ['site'],
        summary: 'Contact form (multipart/form-data or JSON): stored, sent to the staff and acknowledged to the sender',
        consumes: ['multipart/form-data', 'application/json'],
        body: contactRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!(await checkCaptcha(app, request, reply, body.captcha))) return reply;
      const sent = await reserveHits(app.db, [{ bucket: contactBucket(request.ip), rule: CONTACT_PER_ADDRESS }]);
      if (!sent.ok) {
        reply.header('Retry-After', String(sent.retryAfter));
        return fail(request, reply, 429, 'validation.contactRateLimited', { params: { minutes: Math.ceil(sent.retryAfter / 60) } });
      }
      const locale = request.locale;
      await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contactMessages)
          .values({
            fullName: body.full_name,
            email: body.email,
            phone: body.phone,
            message: body.message,
            locale,
            userId: request.user?.id ?? null,
            ip: request.ip,
            userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
          })
          .returning({ id: contactMessages.id });
        const db = tx as unknown as Db;
        await app.mail.enqueue(
          {
            to: app.config.CONTACT_INBOX,
            locale: 'en',
            ...contactStaffMail('en', {
              id: row!.id,
              fullName: body.full_name,
              email: body.email,
              phone: body.phone,
              message: body.message,
              senderLocale: locale,
            }),
          },
          db,
        );
        const receipt = await reserveHits(db, [{ bucket: contactReceiptBucket(body.email), rule: CONTACT_RECEIPTS_PER_EMAIL }]);
        if (receipt.ok) await app.mail.enqueue({ to: body.email, locale, ...contactReceiptMail(locale) }, db);
      });
      return { status: true as const, msg: request.t('success.contactSent') };
    },
  );
};
export default contact;
