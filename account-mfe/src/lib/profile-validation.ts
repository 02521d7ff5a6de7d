/**
 * The profile forms' checks with the shared zod schemas (the API checks the same payloads with
 * them). Imported when a form is submitted, not with the page: the profile opens without zod
 * (issue 6).
 */
import {
  changePasswordSchema,
  closeAccountSchema,
  confirmEmailChangeSchema,
  fieldErrors,
  profileUpdateSchema,
  type ChangePassword,
  type CloseAccount,
  type ConfirmEmailChange,
  type FieldError,
  type ProfileUpdate,
} from '@scholars/shared-contracts/schemas';

export function checkProfileUpdate(payload: ProfileUpdate): FieldError[] {
  const parsed = profileUpdateSchema.safeParse(payload);
  return parsed.success ? [] : fieldErrors(parsed.error);
}

export function checkChangePassword(values: ChangePassword): FieldError[] {
  const parsed = changePasswordSchema.safeParse(values);
  return parsed.success ? [] : fieldErrors(parsed.error);
}

export function checkEmailCode(values: ConfirmEmailChange): FieldError[] {
  const parsed = confirmEmailChangeSchema.safeParse(values);
  return parsed.success ? [] : fieldErrors(parsed.error);
}

export function checkCloseAccount(values: CloseAccount): FieldError[] {
  const parsed = closeAccountSchema.safeParse(values);
  return parsed.success ? [] : fieldErrors(parsed.error);
}
