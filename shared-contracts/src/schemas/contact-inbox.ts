/**
 * The contact inbox of the operator console (issue 20): the contact form's messages, newest first,
 * read and handled by administrators, answered by e-mail from the console (each reply kept with
 * who sent it).
 */
import { z } from 'zod';
import { pageSchema, successSchema } from './envelope';
import { adminListQuerySchema } from './content';
import { requiredText } from './fields';

export const CONTACT_INBOX_STATES = ['all', 'unread', 'open', 'handled'] as const;
export type ContactInboxState = (typeof CONTACT_INBOX_STATES)[number];

/** `GET admin/contact-messages?q=&state=&page=&limit=`: `q` searches name, e-mail, phone and text (Arabic-aware). */
export const contactInboxQuerySchema = adminListQuerySchema.extend({ state: z.enum(CONTACT_INBOX_STATES).default('all') });
export type ContactInboxQuery = z.input<typeof contactInboxQuerySchema>;

const person = z.object({ id: z.number().int(), name: z.string() });

export const contactMessageItemSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  /** The language the sender wrote in (the site's language then): replies go in it. */
  locale: z.enum(['en', 'ar']),
  created_at: z.string(),
  read_at: z.string().nullable(),
  handled_at: z.string().nullable(),
  replies: z.number().int(),
});
export type ContactMessageItem = z.infer<typeof contactMessageItemSchema>;
export const contactInboxResponseSchema = pageSchema(contactMessageItemSchema);

export const contactReplySchema = z.object({ id: z.number().int(), body: z.string(), author: person.nullable(), created_at: z.string() });
export type ContactReply = z.infer<typeof contactReplySchema>;

export const contactMessageDetailsSchema = contactMessageItemSchema.extend({
  /** The member's account when they were signed in. */
  user_id: z.number().int().nullable(),
  handled_by: person.nullable(),
  reply_list: z.array(contactReplySchema),
});
export type ContactMessageDetails = z.infer<typeof contactMessageDetailsSchema>;
export const contactMessageResponseSchema = successSchema(contactMessageDetailsSchema);

export const CONTACT_REPLY_MAX_LENGTH = 5000;
/** `POST admin/contact-messages/{id}/reply`: e-mailed to the sender in their language; handled at once unless `handled: false`. */
export const contactReplyBodySchema = z.object({
  body: requiredText('validation.replyRequired', CONTACT_REPLY_MAX_LENGTH),
  handled: z.boolean().default(true),
});
export type ContactReplyBody = z.input<typeof contactReplyBodySchema>;

/** `POST admin/contact-messages/{id}/handled`: mark handled, or open again. */
export const contactHandledBodySchema = z.object({ handled: z.boolean() });
