/**
 * The consultations' e-mails (lib/consultations/mails.ts) as HTML: a reason someone wrote (a
 * decline's, a cancel's, a reschedule's, an administrator's decision) is its own element with its
 * own direction (`dir="auto"`), so an Arabic reason in an English mail (or the reverse) keeps its
 * full stop at its own end; the decline and expiry mails link the consultant's page to pick again.
 */
import { describe, expect, it } from 'vitest';
import { consultantDecisionMail, sessionMail, type MailPerson, type SessionMailContext } from '../src/lib/consultations/mails';

const member: MailPerson = { id: 1, name: 'Hamdan', email: 'hamdan@example.org', locale: 'en' };
const consultant: MailPerson & { consultantId: number } = { id: 2, name: 'د. سلمى', email: 'salma@example.org', locale: 'ar', consultantId: 7 };
const session: SessionMailContext = {
  id: 41,
  topic: 'The analysis plan',
  start: new Date('2026-12-01T06:00:00.000Z'),
  end: new Date('2026-12-01T07:00:00.000Z'),
  acceptBy: new Date('2026-11-30T06:00:00.000Z'),
  timeZone: 'Asia/Dubai',
  mode: 'online',
  place: null,
  meetingLink: null,
  sequence: 0,
  member,
  consultant,
  site: 'https://scholars.example',
};

const ARABIC = 'لا أستطيع في هذا الموعد، اختر موعدًا آخر.';
const ENGLISH = 'I am away that week.';

/** The element that holds `reason` in the mail's HTML: its opening tag, which must set dir="auto" (or be a <bdi>). */
function holder(html: string, reason: string): string {
  const at = html.indexOf(reason);
  expect(at, html).toBeGreaterThan(-1);
  const open = html.lastIndexOf('<', at);
  return html.slice(open, html.indexOf('>', open) + 1);
}
const isolated = (tag: string) => /^<bdi\b/.test(tag) || /\sdir="auto"/.test(tag);

describe('consultation mails: reasons in their own direction', () => {
  it('an Arabic reason in an English mail (declined, canceled, rescheduled) sits in its own dir="auto" element', () => {
    for (const [kind, to] of [['declined', member], ['canceled', member], ['rescheduled', consultant], ['requested', consultant]] as const) {
      const mail = sessionMail(kind, session, { ...to, locale: 'en' }, ARABIC);
      const tag = holder(mail.html, ARABIC);
      expect(isolated(tag), `${kind}: ${tag}`).toBe(true);
      // Nothing of the mail's own words in that element: the reason alone.
      expect(mail.html).toMatch(new RegExp(`${tag.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${ARABIC}</`));
    }
  });

  it('an English reason in an Arabic mail, the same', () => {
    const mail = sessionMail('declined', session, { ...member, locale: 'ar' }, ENGLISH);
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(isolated(holder(mail.html, ENGLISH))).toBe(true);
  });

  it('an administrator’s reason to a consultant, the same', () => {
    const mail = consultantDecisionMail('reject', { ...consultant, locale: 'en' }, ARABIC, session.site);
    expect(isolated(holder(mail.html, ARABIC))).toBe(true);
  });

  it('the decline mail links the consultant’s page to pick another time (the profile card links the same)', () => {
    const mail = sessionMail('declined', session, member, ENGLISH);
    expect(mail.html).toContain('href="https://scholars.example/consultations/7"');
    expect(mail.html).toContain('Pick another time');
  });
});
