import { z } from 'zod';

/** `err`: the HTTP status (e.g. 409 for an existing newsletter subscriber) or a string code. */
export const errCodeSchema = z.union([z.number().int(), z.string()]);

/** Field errors of a rejected payload: dotted field name -> localized message. */
export const fieldErrorsSchema = z.record(z.string(), z.string());

/**
 * The envelope of every JSON response (decisions.md, calls):
 * `{ status, msg?, data?, tot?, err?, errors? }`.
 */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.boolean(),
    msg: z.string().optional(),
    data: data.optional(),
    tot: z.number().int().nonnegative().optional(),
    err: errCodeSchema.optional(),
    errors: fieldErrorsSchema.optional(),
  });
}

/** A successful answer carrying `data`. */
export function successSchema<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.literal(true),
    msg: z.string().optional(),
    data,
  });
}

/** A successful page of a list: `data` plus `tot`, the number of matches over all pages. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    status: z.literal(true),
    msg: z.string().optional(),
    data: z.array(item),
    tot: z.number().int().nonnegative(),
  });
}

/** A failed answer: `status: false`, a localized `msg`, the HTTP status in `err`, field errors. */
export const errorEnvelopeSchema = z.object({
  status: z.literal(false),
  msg: z.string(),
  err: errCodeSchema.optional(),
  errors: fieldErrorsSchema.optional(),
});

/** An answer with no data (`{ status: true, msg }`). */
export const okSchema = z.object({ status: z.literal(true), msg: z.string().optional() });

export type Envelope<T> = {
  status: boolean;
  msg?: string;
  data?: T;
  tot?: number;
  err?: number | string;
  errors?: Record<string, string>;
};
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
export type Page<T> = { status: true; msg?: string; data: T[]; tot: number };
