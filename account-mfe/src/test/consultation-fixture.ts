import type { Consultation, ConsultantCard } from '@scholars/shared-contracts/schemas';

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

/**
 * A consultation as the API answers it, for component tests: accepted, online, three days ahead,
 * no action open to the viewer; `values` override any field.
 */
export const consultationFixture = (id: number, values: Partial<Consultation> = {}): Consultation => ({
  id,
  state: 'accepted',
  member: { id: 90, name: 'Salem Member' },
  consultant: { id: 7, userId: 70, name: 'Dr. Huda Al Ali', timeZone: 'Asia/Dubai' },
  topic: `Session ${id}`,
  category: null,
  language: 'en',
  mode: 'online',
  place: null,
  description: '',
  attachment: null,
  start: at(72),
  end: at(73),
  acceptBy: at(24),
  meetingLink: null,
  decisionReason: null,
  rescheduled: null,
  cancelReason: null,
  canceledBy: null,
  counts: true,
  rating: null,
  review: null,
  reviewHidden: false,
  ratedAt: null,
  notes: null,
  files: [],
  canCancel: false,
  cancelCounts: false,
  canReschedule: false,
  canRate: false,
  canAnswer: false,
  canWriteNotes: false,
  version: 1,
  createdAt: at(-1),
  ...values,
});

/** A consultant as the list and the match answer them (its page adds `reviews`). */
export const consultantCardFixture: ConsultantCard = {
  id: 7,
  name: 'Dr. Huda Al Ali',
  avatar: null,
  bio: 'أستاذة',
  bioEn: 'Professor',
  fields: [{ id: 1, name: 'التربية', nameEn: 'Education' }],
  tags: [],
  tagsEn: [],
  languages: ['ar', 'en'],
  timeZone: 'Asia/Dubai',
  sessionMinutes: 60,
  rating: { average: null, count: 0 },
  nextSlot: null,
};
