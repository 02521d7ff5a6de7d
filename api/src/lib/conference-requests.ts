/**
 * A conference request as the API shows it, to its owner and the staff (routes/conference-requests.ts)
 * and in the owner's data export (lib/accounts/export.ts): one mapping, one rule for the conference
 * made from it.
 */
import type { ConferenceRequest } from '@scholars/shared-contracts/schemas';
import type { conferenceRequests } from '../db/schema';

type RequestRow = typeof conferenceRequests.$inferSelect;

/**
 * A request as its owner or the staff see it. `conferencePublished: false` leaves out the conference
 * made from it: its owner gets its link once it is published, not the draft's (staff see the draft).
 */
export const toRequest = (row: RequestRow, conferencePublished = true): ConferenceRequest => ({
  id: row.id,
  full_name: row.fullName,
  academic_level: row.academicLevel,
  major_field: row.majorField,
  university: row.university,
  university_email: row.universityEmail,
  phone: row.phone,
  country: row.country,
  conference_title: row.conferenceTitle,
  main_language: row.mainLanguage,
  supporting_institution: row.supportingInstitution,
  proposed_start_date: row.proposedStartDate,
  proposed_end_date: row.proposedEndDate,
  duration_days: row.durationDays,
  location_type: row.locationType,
  venue: row.venue,
  objectives: row.objectives,
  notes: row.notes,
  status: row.status,
  review_note: row.reviewNote,
  reviewed_at: row.reviewedAt ? row.reviewedAt.toISOString() : null,
  conference_id: conferencePublished ? row.conferenceId : null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
