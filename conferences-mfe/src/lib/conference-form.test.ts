/**
 * The console's conference form and the API's record: a record read back into the form and saved
 * again is the same body; empty fields become the API's nulls; the resolver marks what the shared
 * schema refuses, at the form's own field names.
 */
import { describe, expect, it } from 'vitest';
import { conferenceWriteSchema, type AdminConference } from '@scholars/shared-contracts/schemas';
import { conferenceResolver, emptyAgendaRow, emptyConferenceValues, fieldLabel, toPayload, valuesFromRecord, type ConferenceFormValues } from './conference-form';

const record: AdminConference = {
  id: 7,
  status: 'draft',
  version: 3,
  title: 'مؤتمر',
  title_en: 'Conference',
  description: 'وصف',
  description_en: 'Description',
  overview: 'نظرة',
  overview_en: 'Overview',
  objectives: 'أهداف',
  objectives_en: 'Objectives',
  excerpts: '',
  excerpts_en: '',
  category_id: 2,
  mode: 'hybrid',
  venue: 'دبي',
  venue_en: 'Dubai',
  timezone: 'Asia/Dubai',
  start_date: '2031-03-10',
  start_time: '09:00',
  end_date: '2031-03-11',
  end_time: '17:00',
  capacity: 150,
  registration_open: true,
  image: 'public/images/content/a.png',
  keywords: ['ai', 'تعليم'],
  agenda: [{ date: '2031-03-10', start_time: '09:00', end_time: '10:00', title: 'افتتاح', title_en: 'Opening', speaker: '', speaker_en: '', location: '', location_en: '' }],
  speakers: [{ name: 'ليلى', name_en: 'Layla', title: '', title_en: '', bio: '', bio_en: '', image: null }],
  important_dates: {
    paper_submission_deadline: '2031-01-10',
    notification_of_acceptance: null,
    camera_ready_submission: null,
    start_date: '2031-03-10',
    end_date: '2031-03-11',
    abstract_deadline: null,
    full_paper_deadline: null,
    early_bird_deadline: '2031-02-01',
    paper_submission_id: null,
  },
  registrations: 4,
  waiting: 0,
  ended: false,
  started: false,
  request_id: null,
  first_published_at: null,
  updated_at: '2031-01-01T00:00:00.000Z',
};

async function resolve(values: ConferenceFormValues) {
  return conferenceResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
}

describe('the conference form and the API', () => {
  it('saves a record read back into the form as the same body', () => {
    const payload = toPayload(valuesFromRecord(record));
    const { id: _id, status: _s, version: _v, registrations: _r, waiting: _w, ended: _e, started: _b, request_id: _q, first_published_at: _f, updated_at: _u, ...same } = record;
    expect(payload).toEqual(same);
    expect(conferenceWriteSchema.safeParse(payload).success).toBe(true);
  });

  it('turns empty fields into nulls, numbers from their fields, keywords split on either comma', () => {
    const values = { ...emptyConferenceValues('2031-01-01'), title: 'عنوان', capacity: ' 25 ', category_id: '3', keywords: 'ذكاء، تعليم , ai,' };
    const payload = toPayload(values);
    expect(payload).toMatchObject({ capacity: 25, category_id: 3, keywords: ['ذكاء', 'تعليم', 'ai'], start_date: '2031-01-31', image: null });
    expect(payload.important_dates).toMatchObject({ early_bird_deadline: null, paper_submission_id: null });
    expect(toPayload({ ...values, capacity: '', category_id: '' })).toMatchObject({ capacity: null, category_id: null });
    // Seats typed on an Arabic keyboard.
    expect(toPayload({ ...values, capacity: '١٥٠' })).toMatchObject({ capacity: 150 });
  });

  it('marks what the shared schema refuses at the form’s field names; keeps the form’s values when valid', async () => {
    const valid = { ...valuesFromRecord(record) };
    expect(await resolve(valid)).toEqual({ values: valid, errors: {} });

    const refused = await resolve({
      ...valid,
      title: '',
      title_en: ' ',
      end_date: '2031-03-09',
      capacity: '0',
      agenda: [emptyAgendaRow('2031-03-10')],
    });
    expect(refused.values).toEqual({});
    const errors = refused.errors as Record<string, unknown> & { agenda?: Array<{ title?: { message?: string } }> };
    expect((errors.title as { message: string }).message).toBe('validation.oneLanguageRequired');
    expect((errors.end_date as { message: string }).message).toBe('validation.conferenceEndBeforeStart');
    expect((errors.capacity as { message: string }).message).toBe('validation.capacityMin');
    expect(errors.agenda?.[0]?.title?.message).toBe('validation.oneLanguageRequired');

    // A session on a day the conference is not held is marked in the form, before any call.
    const moved = await resolve({ ...valid, agenda: [{ ...emptyAgendaRow('2031-04-01'), title: 'جلسة' }] });
    const rows = (moved.errors as { agenda?: Array<{ date?: { message?: string } }> }).agenda;
    expect(rows?.[0]?.date?.message).toBe('validation.agendaOutsideConference');
  });

  it('names a nested field for the list of what stops publishing', () => {
    const label = (group: string, name: string, index?: number) => (index === undefined ? `${group}:${name}` : `${group}:${name}#${index + 1}`);
    expect(fieldLabel('agenda.1.speaker', label)).toBe('agenda:speaker#2');
    expect(fieldLabel('speakers.0.bio', label)).toBe('speaker:bio#1');
    expect(fieldLabel('important_dates.early_bird_deadline', label)).toBe('date:early_bird_deadline');
    expect(fieldLabel('overview', label)).toBe('field:overview');
  });
});
