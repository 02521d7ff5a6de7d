/**
 * The contact inbox (administrators; issue 20): the contact form's messages newest first with a
 * search and a state filter, a message's page (opening it marks it read), a reply e-mailed to the
 * sender in their language (kept with the message, with who sent it), and handled / open again.
 * Every reply and state change is in the audit log.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rolesFor, type ApiRouteKey } from '@scholars/shared-contracts/authorization';
import {
  contactHandledBodySchema,
  contactInboxQuerySchema,
  contactInboxResponseSchema,
  contactMessageResponseSchema,
  contactReplyBodySchema,
  idParamsSchema,
} from '@scholars/shared-contracts/schemas';
import { contactMessages, contactReplies } from '../db/schema';
import { notFound } from '../lib/errors';
import { contactMessageDetails, contactReplyMail, listContactMessages, openContactMessage } from '../lib/contact-inbox';
import { appendAudit } from '../lib/operators/audit';
import { errorResponses, notFoundResponse, staffErrors } from './schemas';

const adminContact: FastifyPluginAsyncZod = async (app) => {
  const guard = (route: ApiRouteKey) => app.requireRole(...rolesFor(route));
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] } as const;

  async function details(id: number) {
    const found = await contactMessageDetails(app.db, id);
    if (!found) throw notFound();
    return found;
  }

  app.get(
    '/admin/contact-messages',
    {
      onRequest: guard('GET /api/admin/contact-messages'),
      schema: {
        ...common,
        summary: 'Contact messages, newest first: search (Arabic-aware) and state (unread, open, handled)',
        querystring: contactInboxQuerySchema,
        response: { 200: contactInboxResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listContactMessages(app.db, request.query);
      return { status: true as const, data: items, tot: total };
    },
  );

  app.get(
    '/admin/contact-messages/:id',
    {
      onRequest: guard('GET /api/admin/contact-messages/{id}'),
      schema: {
        ...common,
        summary: 'A contact message with its replies; the first opening marks it read',
        params: idParamsSchema,
        response: { 200: contactMessageResponseSchema, ...staffErrors, ...notFoundResponse, ...errorResponses },
      },
    },
    async (request) => {
      const found = await openContactMessage(app.db, request.params.id);
      if (!found) throw notFound();
      return { status: true as const, data: found };
    },
  );

  app.post(
    '/admin/contact-messages/:id/reply',
    {
      onRequest: guard('POST /api/admin/contact-messages/{id}/reply'),
      schema: {
        ...common,
        summary: 'Reply by e-mail (in the sender’s language, quoting their message); kept with the message; handled unless `handled: false`',
        params: idParamsSchema,
        body: contactReplyBodySchema,
        response: { 200: contactMessageResponseSchema, ...staffErrors, ...notFoundResponse, ...errorResponses },
      },
    },
    async (request) => {
      const actor = request.user!;
      const { body, handled } = request.body;
      await app.db.transaction(async (tx) => {
        const [message] = await tx.select().from(contactMessages).where(eq(contactMessages.id, request.params.id)).for('update');
        if (!message) throw notFound();
        const [reply] = await tx.insert(contactReplies).values({ messageId: message.id, authorId: actor.id, body }).returning({ id: contactReplies.id });
        const now = new Date();
        await tx
          .update(contactMessages)
          .set({ readAt: message.readAt ?? now, ...(handled && !message.handledAt ? { handledAt: now, handledBy: actor.id } : {}) })
          .where(eq(contactMessages.id, message.id));
        const mail = contactReplyMail(message.locale, { fullName: message.fullName, reply: body, original: message.message });
        await app.mail.enqueue({ to: message.email, locale: message.locale, ...mail }, tx);
        await appendAudit(tx, {
          actorId: actor.id,
          actorLabel: 'account',
          action: 'contact.reply',
          targetType: 'contact_message',
          targetId: message.id,
          details: { reply_id: reply!.id, handled },
        });
      });
      return { status: true as const, msg: request.t('success.contactReplySent'), data: await details(request.params.id) };
    },
  );

  app.post(
    '/admin/contact-messages/:id/handled',
    {
      onRequest: guard('POST /api/admin/contact-messages/{id}/handled'),
      schema: {
        ...common,
        summary: 'Mark a contact message handled, or open it again',
        params: idParamsSchema,
        body: contactHandledBodySchema,
        response: { 200: contactMessageResponseSchema, ...staffErrors, ...notFoundResponse, ...errorResponses },
      },
    },
    async (request) => {
      const actor = request.user!;
      const { handled } = request.body;
      await app.db.transaction(async (tx) => {
        const [message] = await tx
          .update(contactMessages)
          .set(handled ? { handledAt: new Date(), handledBy: actor.id } : { handledAt: null, handledBy: null })
          .where(eq(contactMessages.id, request.params.id))
          .returning({ id: contactMessages.id });
        if (!message) throw notFound();
        await appendAudit(tx, {
          actorId: actor.id,
          actorLabel: 'account',
          action: handled ? 'contact.handled' : 'contact.reopen',
          targetType: 'contact_message',
          targetId: message.id,
        });
      });
      return { status: true as const, msg: request.t(handled ? 'success.contactMarkedHandled' : 'success.contactReopened'), data: await details(request.params.id) };
    },
  );
};

export default adminContact;
