/**
 * Conference tests' helpers: a verified account made through the real API (captcha solved as the
 * browser does, OTP read from the dev outbox), stored in localStorage like a sign-in; texts of
 * the conference screens in both languages.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { createVerifiedUser, type VerifiedUser } from './accounts';
import { SHELL_URL } from './stack';
import type { Locale } from '@scholars/shared-contracts/locale';

export { signInNewUser } from './accounts';
export type ApiSession = VerifiedUser;

/** Signs up through the API (register -> e-mailed code from the dev outbox -> verify) and returns the session. */
export function createApiUser(request: APIRequestContext, locale: Locale = 'en'): Promise<ApiSession> {
  return createVerifiedUser(request, { locale, emailPrefix: 'conference' });
}

interface ConferenceShape {
  title: string;
  titleEn: string;
  inDays: number;
  days?: number;
  capacity?: number | null;
}

/** The console's body of an online conference starting `inDays` from now for `days` days (one by default). */
function conferenceBody({ title, titleEn, inDays, days = 1, capacity = null }: ConferenceShape) {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return {
    title,
    title_en: titleEn,
    description: 'ملتقى قصير',
    description_en: 'A short forum',
    overview: 'نظرة عامة',
    overview_en: 'Overview',
    objectives: 'الأهداف',
    objectives_en: 'Objectives',
    category_id: null,
    mode: 'online',
    timezone: 'Asia/Dubai',
    start_date: day(inDays),
    start_time: '09:00',
    end_date: day(inDays + days - 1),
    end_time: '17:00',
    capacity,
    registration_open: true,
    image: null,
    keywords: [],
    agenda: [],
    speakers: [],
  };
}

/**
 * An online conference starting `inDays` from now for `days` days (one by default), made and
 * published through the console's API by `admin` (an administrator's session): its titles, seats
 * (`capacity`, null for no limit) and id.
 */
export async function publishedConference(request: APIRequestContext, admin: VerifiedUser, shape: ConferenceShape): Promise<number> {
  const headers = { authorization: `Bearer ${admin.accessToken}` };
  const created = await request.post(`${SHELL_URL}/api/admin/conferences`, { headers, data: conferenceBody(shape) });
  expect(created.status(), await created.text()).toBe(201);
  const record = ((await created.json()) as { data: { id: number; version: number } }).data;
  const published = await request.post(`${SHELL_URL}/api/admin/conferences/${record.id}/status`, { headers, data: { status: 'published', version: record.version } });
  expect(published.status(), await published.text()).toBe(200);
  return record.id;
}

/**
 * Moves a conference made by {@link publishedConference} to other days through the console's save
 * (e.g. into the past once members registered: it has then taken place, and sorts after every
 * upcoming one in the public lists, where other specs read the soonest).
 */
export async function moveConference(request: APIRequestContext, admin: VerifiedUser, id: number, shape: ConferenceShape): Promise<void> {
  const headers = { authorization: `Bearer ${admin.accessToken}` };
  const record = ((await (await request.get(`${SHELL_URL}/api/admin/conferences/${id}`, { headers })).json()) as { data: { version: number } }).data;
  const saved = await request.put(`${SHELL_URL}/api/admin/conferences/${id}`, { headers, data: { ...conferenceBody(shape), version: record.version } });
  expect(saved.status(), await saved.text()).toBe(200);
}

export const TEXTS = {
  en: {
    listTitle: 'Conferences',
    search: 'Search by title or keywords',
    searchButton: 'Search',
    category: 'Category',
    mode: 'Format',
    perPage: 'Per page',
    next: 'Next',
    previous: 'Previous',
    tabs: { details: 'Details', agenda: 'Agenda', speakers: 'Speakers', excerpts: 'Excerpts', dates: 'Important dates' },
    register: 'Register now',
    registered: 'You are registered. A confirmation email with the calendar file is on its way.',
    alreadyRegistered: 'You are registered for this conference.',
    closed: 'Registration is closed.',
    ended: 'This conference has ended.',
    comingSoon: 'Coming soon: excerpts are published after the conference ends.',
    ics: 'Add to calendar (.ics)',
    requestTitle: 'Request a conference',
    submit: 'Send request',
    save: 'Save changes',
    editLink: 'Edit this request',
    submitted: 'Your conference request was sent. We will email you our decision.',
    updated: 'Your conference request was updated.',
    fixErrors: 'Please correct the highlighted fields.',
    events: 'Conferences & events',
  },
  ar: {
    listTitle: 'المؤتمرات',
    search: 'ابحث بالعنوان أو الكلمات المفتاحية',
    searchButton: 'بحث',
    category: 'الفئة',
    mode: 'نوع الانعقاد',
    perPage: 'لكل صفحة',
    next: 'التالي',
    previous: 'السابق',
    tabs: { details: 'التفاصيل', agenda: 'جدول الأعمال', speakers: 'المتحدثون', excerpts: 'المقتطفات', dates: 'التواريخ المهمة' },
    register: 'سجّل الآن',
    registered: 'تم تسجيلك بنجاح. ستصلك رسالة تأكيد بالبريد الإلكتروني مع ملف التقويم.',
    alreadyRegistered: 'أنت مسجّل في هذا المؤتمر.',
    closed: 'التسجيل مغلق.',
    ended: 'انتهى هذا المؤتمر.',
    comingSoon: 'قريبًا: تُنشر المقتطفات بعد انتهاء المؤتمر.',
    ics: 'أضف إلى التقويم (.ics)',
    requestTitle: 'طلب مؤتمر',
    submit: 'إرسال الطلب',
    save: 'حفظ التعديلات',
    editLink: 'تعديل هذا الطلب',
    submitted: 'تم إرسال طلب المؤتمر. سنراسلك بالقرار عبر البريد الإلكتروني.',
    updated: 'تم تحديث طلب المؤتمر.',
    fixErrors: 'يُرجى تصحيح الحقول المشار إليها.',
    events: 'المؤتمرات والفعاليات',
  },
} as const;
