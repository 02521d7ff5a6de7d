import { z } from 'zod';
import type { ValidationMessageKey } from './messages';
import { ROUTE_ID_PATTERN, ROW_ID_MAX } from './constants';
import { isCountryCode } from '../i18n/countries';
import { countryCodeOf } from '../i18n/country-codes';

/** A row id: a positive 32-bit integer (PostgreSQL `integer`). */
export const idSchema = z.number().int().min(1).max(ROW_ID_MAX);

/** A row id in a path parameter: digits only, then a positive 32-bit integer. */
export const idParamSchema = z
  .string()
  .regex(ROUTE_ID_PATTERN, 'validation.mustBeInteger')
  .transform(Number)
  .pipe(idSchema);

/** An id sent as a number or as a string of digits (values read from localStorage are strings). */
export const idLikeSchema = z.union([idSchema, idParamSchema]);

/** `{ id }` path parameters. */
export const idParamsSchema = z.object({ id: idParamSchema });

/** An ISO 8601 timestamp with offset, as the API sends dates (`2026-03-15T06:00:00.000Z`). */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
/** A calendar date (`2026-03-15`). */
export const isoDateSchema = z.iso.date();

/**
 * A required text field: missing or empty (after trimming) gives `requiredKey`, a non-string
 * gives `validation.mustBeText`, longer than `max` gives `validation.maxLength`.
 */
export function requiredText(requiredKey: ValidationMessageKey, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? requiredKey : 'validation.mustBeText') })
    .trim()
    .min(1, requiredKey)
    .max(max, 'validation.maxLength');
}

/** An optional text field: missing, null or empty (after trimming) is null; longer than `max` gives `validation.maxLength`. */
export function optionalText(max: number) {
  return z
    .string({ error: 'validation.mustBeText' })
    .trim()
    .max(max, 'validation.maxLength')
    .nullish()
    .transform((value) => (value ? value : null));
}

/** A row's place in an operator-ordered list (categories, FAQ, team, features...): 0 first. */
export const rowOrderSchema = z.number({ error: 'validation.mustBeInteger' }).int('validation.mustBeInteger').min(0, 'validation.minNumber').max(100_000, 'validation.maxNumber').default(0);

/** Locales the platform speaks (spec 9). */
export const localeSchema = z.enum(['en', 'ar']);
export type LocaleCode = z.infer<typeof localeSchema>;

/** Bilingual name of a category-like row. */
export const namedItemSchema = z.object({
  id: idSchema,
  name: z.string().describe('Arabic name'),
  name_en: z.string().describe('English name'),
});

/**
 * A country: its ISO 3166-1 alpha-2 code, as the forms' country list sends it. A code in lower
 * case or the country's English or Arabic name (what older forms sent) is taken as its code; any
 * other text is `validation.countryInvalid`. Stored and answered as the code (`AE`).
 */
export function countryCodeField(requiredKey: ValidationMessageKey) {
  return requiredText(requiredKey, 100)
    .transform((value) => countryCodeOf(value) ?? value)
    .refine(isCountryCode, 'validation.countryInvalid');
}

/** An optional country (the profile's): missing or empty is `null`, else as {@link countryCodeField}. */
export const optionalCountryCodeField = z
  .string({ error: 'validation.mustBeText' })
  .trim()
  .max(100, 'validation.maxLength')
  .nullish()
  .transform((value) => (value ? (countryCodeOf(value) ?? value) : null))
  .refine((value) => value === null || isCountryCode(value), 'validation.countryInvalid');
