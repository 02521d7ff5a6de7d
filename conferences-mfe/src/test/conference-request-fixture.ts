import type { ConferenceRequest } from '@scholars/shared-contracts/schemas';

/** A pending conference request as the API answers it (its owner's and the reviewers' screens' tests). */
export const pendingRequestFixture: ConferenceRequest = {
  id: 31,
  full_name: 'حصة السويدي',
  academic_level: 'phd',
  major_field: 'تحليلات التعلم',
  university: 'جامعة زايد',
  university_email: 'hessa@zu.ac.ae',
  phone: '+971501234567',
  country: 'AE',
  conference_title: 'يوم تحليلات التعلم',
  main_language: 'ar_en',
  supporting_institution: null,
  proposed_start_date: '2031-05-10',
  proposed_end_date: '2031-05-11',
  duration_days: 2,
  location_type: 'onsite',
  venue: 'دبي',
  objectives: 'تبادل الممارسات',
  notes: null,
  status: 'pending',
  review_note: null,
  reviewed_at: null,
  conference_id: null,
  created_at: '2031-01-02T08:00:00.000Z',
  updated_at: '2031-01-02T08:00:00.000Z',
};
