/**
 * E-mails of supervision (decisions.md, E-mail), in the recipient's language: the invitation to an
 * academic (again on "remind"), and the answer told to the student.
 */
import { SITE_NAME, isolate, type Locale } from '@scholars/shared-contracts/locale';
import { renderMail, type MailTexts } from './research-mail';

export type SupervisionMailKind = 'invitation' | 'reminder' | 'accepted' | 'declined';

export interface SupervisionMailInput {
  /** The student's name. */
  student: string;
  /** The academic's name (an account) or address. */
  supervisor: string;
  /** The signed link (invitation, reminder) or the student's page (answers). */
  link: string;
  /** Whether the invited address has an account already (else: sign up with it first). */
  hasAccount?: boolean;
  email?: string;
}

function en(kind: SupervisionMailKind, m: SupervisionMailInput): MailTexts {
  switch (kind) {
    case 'invitation':
    case 'reminder':
      return {
        subject: `${kind === 'reminder' ? 'Reminder: ' : ''}${m.student} asks you to be their academic supervisor`,
        lines: [
          `${m.student} named you as the academic supervisor of their master's or doctoral work on ${SITE_NAME.en}. Their submissions wait for your approval before the platform reviews them.`,
          m.hasAccount
            ? 'Open the link below to accept or decline.'
            : `Open the link below to accept or decline; you will need an account with this address (${m.email ?? ''}): sign up first if you have none.`,
          { link: m.link, label: 'Accept or decline' },
          'If you do not know this student, decline or ignore this e-mail.',
        ],
      };
    case 'accepted':
      return {
        subject: `${m.supervisor} is now your supervisor`,
        lines: [
          `${m.supervisor} accepted to be your academic supervisor. Your master's and doctoral work waiting for a supervisor is now with them.`,
          { link: m.link, label: 'Follow your submissions in your profile' },
        ],
      };
    case 'declined':
      return {
        subject: `${m.supervisor} declined to be your supervisor`,
        lines: [
          `${m.supervisor} declined to be your academic supervisor. Your work waits until a supervisor accepts: you can name someone else in your profile.`,
          { link: m.link, label: 'Your profile' },
        ],
      };
  }
}

function ar(kind: SupervisionMailKind, m: SupervisionMailInput): MailTexts {
  switch (kind) {
    case 'invitation':
    case 'reminder':
      return {
        subject: `${kind === 'reminder' ? 'تذكير: ' : ''}طلب إشراف أكاديمي من ${m.student}`,
        lines: [
          `وصلك طلب إشراف أكاديمي من ${m.student} على أبحاث الماجستير أو الدكتوراه في ${SITE_NAME.ar}. تنتظر هذه الأبحاث موافقتك قبل أن تحكّمها المنصة.`,
          m.hasAccount
            ? 'افتح الرابط أدناه للقبول أو الرفض.'
            : `افتح الرابط أدناه للقبول أو الرفض؛ ستحتاج إلى حساب بهذا العنوان (${m.email ?? ''}): أنشئ حسابًا أولًا إن لم يكن لديك.`,
          { link: m.link, label: 'القبول أو الرفض' },
          'إن كنت لا تعرف صاحب الطلب، فارفض الدعوة أو تجاهل هذه الرسالة.',
        ],
      };
    case 'accepted':
      return {
        subject: `${m.supervisor} مشرفك الأكاديمي الآن`,
        lines: [
          `قُبلت دعوة الإشراف: ${m.supervisor} مشرفك الأكاديمي الآن، وأبحاثك للماجستير والدكتوراه التي كانت بانتظار مشرف صارت في قائمة المشرف.`,
          { link: m.link, label: 'تابع أبحاثك من ملفك الشخصي' },
        ],
      };
    case 'declined':
      return {
        subject: `لم تُقبل دعوة الإشراف المرسلة إلى ${m.supervisor}`,
        lines: [
          `لم تُقبل دعوة الإشراف التي أرسلتها إلى ${m.supervisor}. يبقى بحثك بانتظار موافقة مشرف: يمكنك تحديد مشرف آخر من ملفك الشخصي.`,
          { link: m.link, label: 'ملفك الشخصي' },
        ],
      };
  }
}

export function supervisionMail(locale: Locale, kind: SupervisionMailKind, input: SupervisionMailInput) {
  // The invitation goes to the academic (greeted by name once they have an account: "Hello
  // someone@uni.ae," read as a form letter); the answers to the student.
  const recipient = kind === 'invitation' || kind === 'reminder' ? (input.hasAccount ? input.supervisor : null) : input.student;
  // Names and addresses keep their own direction in the sentences (templates.ts, greeting).
  const m = { ...input, student: isolate(input.student), supervisor: isolate(input.supervisor), ...(input.email ? { email: isolate(input.email) } : {}) };
  return renderMail(locale, recipient, locale === 'ar' ? ar(kind, m) : en(kind, m));
}
