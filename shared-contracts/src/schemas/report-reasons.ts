/**
 * What a member reports and why (issue 20), without zod: the report dialog (ui/ReportDialog.tsx)
 * needs them, not the schemas (moderation.ts builds its enums from them).
 */
export const REPORT_ITEM_TYPES = ['chat_message', 'research', 'profile'] as const;
export type ReportItemType = (typeof REPORT_ITEM_TYPES)[number];
/** The reasons a member picks from (texts: `common:report.reasons.*`, and the API's mails). */
export const REPORT_REASONS = ['harassment', 'plagiarism', 'spam', 'illegal', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_TEXT_MAX_LENGTH = 1000;
