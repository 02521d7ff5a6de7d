import { z } from 'zod';
import { isValidationMessageKey, type MessageParams, type ValidationMessageKey } from './messages';

type Issue = z.core.$ZodRawIssue;

/**
 * A zod error map that answers with message KEYS (`validation.*`) instead of English text, for
 * every issue a schema did not name itself. Install it once per process or page with
 * `z.config({ customError: validationErrorMap })` (the API does; forms may).
 * Schema-level messages (e.g. `validation.fullNameRequired`) always win over this map.
 */
export const validationErrorMap = (issue: Issue): ValidationMessageKey => {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) return 'validation.required';
      switch (issue.expected) {
        case 'number':
          return 'validation.mustBeNumber';
        case 'int':
          return 'validation.mustBeInteger';
        case 'string':
          return 'validation.mustBeText';
        case 'boolean':
          return 'validation.mustBeBoolean';
        case 'array':
          return 'validation.mustBeList';
        default:
          return 'validation.invalidInput';
      }
    }
    case 'too_small':
      if (issue.origin === 'int' || issue.origin === 'bigint') return 'validation.numberOutOfRange';
      if (issue.origin === 'number') return 'validation.minNumber';
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'validation.required' : 'validation.minLength';
      if (issue.origin === 'array' || issue.origin === 'set') return 'validation.minItems';
      return 'validation.invalidInput';
    case 'too_big':
      if (issue.origin === 'int' || issue.origin === 'bigint') return 'validation.numberOutOfRange';
      if (issue.origin === 'number') return 'validation.maxNumber';
      if (issue.origin === 'string') return 'validation.maxLength';
      if (issue.origin === 'array' || issue.origin === 'set') return 'validation.maxItems';
      return 'validation.invalidInput';
    case 'invalid_value':
      return issue.input === undefined ? 'validation.required' : 'validation.invalidOption';
    case 'invalid_format':
      return 'validation.invalidFormat';
    case 'unrecognized_keys':
      return 'validation.unknownField';
    default:
      return 'validation.invalidInput';
  }
};

/** Installs {@link validationErrorMap} as zod's global error map (idempotent). */
export function installValidationErrorMap(): void {
  z.config({ customError: validationErrorMap });
}

export interface FieldError {
  /** Dotted path of the field (`''` for the value itself). */
  field: string;
  /** A `validation.*` key. */
  key: ValidationMessageKey;
  /** Values for the key's placeholders (`minimum`, `maximum`, `values`...). */
  params: MessageParams;
}

const PARAM_NAMES = ['minimum', 'maximum', 'values', 'expected', 'format'] as const;

/** Picks the placeholder values out of a zod issue (or a Fastify validation error's params). */
export function issueParams(issue: Record<string, unknown>): MessageParams {
  const params: MessageParams = {};
  for (const name of PARAM_NAMES) {
    const value = issue[name];
    if (value === undefined) continue;
    if (name === 'values' && Array.isArray(value)) params.values = value.map((v) => String(v));
    else if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') params[name] = value;
    else if (typeof value === 'bigint') params[name] = value.toString();
  }
  return params;
}

/**
 * The field errors of a zod error, one per field (the first issue wins), as keys.
 * A message that is not one of ours (a schema with a literal English message) becomes
 * `validation.invalidInput`.
 */
export function fieldErrors(error: z.ZodError): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map((part) => String(part)).join('.');
    if (seen.has(field)) continue;
    seen.add(field);
    const key = isValidationMessageKey(issue.message) ? issue.message : 'validation.invalidInput';
    out.push({ field, key, params: issueParams(issue as unknown as Record<string, unknown>) });
  }
  return out;
}
