/**
 * E-mails of the research exchange, in the recipient's language (decisions.md, E-mail): the outcome
 * of the review (approved, rejected, removed), the supervisor's approval (now under review), and
 * the notice to a supervisor that a student's work waits for them, and a request for changes (the
 * author edits and resubmits).
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isolate, pickLocalized, type Locale } from '@scholars/shared-contracts/locale';
import type { Db } from '../db/client';
import { researchReviewTransitions, users } from '../db/schema';
import { notSuspended } from '../lib/accounts/suspension';
import { greeting, renderMail as renderLayout, type MailBlock } from '../lib/mail/templates';
import type { MailExecutor } from '../plugins/app/mail';
export type ResearchMailKind =
  | 'approved'
  | 'rejected'
  | 'removed'
  | 'under_review'
  | 'changes_requested'
  | 'supervisor_request'
  | 'resubmitted_to_supervisor'
  | 'resubmitted_to_reviewer';

export interface ResearchMailInput {
  /** Recipient's name. */
  name: string;
  /** Title in the recipient's language. */
  title: string;
  research_id: number;
  reason?: string | null;
  /** Where to look next (absolute URL). */
  link: string;
  /** For the supervisor's and the reviewer's notices: the student's name. */
  student?: string;
  /** For a request for changes: who asked (the author's supervisor, or the platform's review). */
  by?: 'supervisor' | 'reviewer';
}

export type MailTexts = { subject: string; lines: MailBlock[] };
type Texts = MailTexts;

/** The decider's own words under a label, as a quote in their own direction (lib/mail/templates.ts); nothing without them. */
const quoted = (label: string, note: string | null | undefined): MailBlock[] => (note ? [label, { quote: note }] : []);

function en(kind: ResearchMailKind, m: ResearchMailInput): Texts {
  const reason = quoted('Reason:', m.reason);
  switch (kind) {
    case 'approved':
      return {
        subject: `Your research was approved: ${m.title}`,
        lines: [
          `Good news: your research "${m.title}" (no. ${m.research_id}) was approved. It is now published in the research community and the research library.`,
          // Not a reason: an approval's note is the reviewer's remark.
          ...quoted('Reviewer’s note:', m.reason),
          { link: m.link, label: 'See your research' },
        ],
      };
    case 'rejected':
      return {
        subject: `Decision on your research: ${m.title}`,
        lines: [
          `We are sorry to tell you that your research "${m.title}" (no. ${m.research_id}) was not approved.`,
          ...reason,
          'You can see your submissions in your profile.',
          { link: m.link, label: 'Your submissions' },
        ],
      };
    case 'removed':
      return {
        subject: `Your research was removed: ${m.title}`,
        lines: [
          `Your research "${m.title}" (no. ${m.research_id}) was removed from the platform by its administrators, under the privacy and content policy.`,
          ...reason,
          { link: m.link, label: 'Your submissions' },
        ],
      };
    case 'under_review':
      return {
        subject: `Your supervisor approved your research: ${m.title}`,
        lines: [
          `Your supervisor approved your research "${m.title}" (no. ${m.research_id}). It is now under review by the platform; expect a decision within 2-3 weeks.`,
          ...quoted('Your supervisor’s note:', m.reason),
          { link: m.link, label: 'Follow it in your profile' },
        ],
      };
    case 'changes_requested':
      return {
        subject: `Changes requested for your research: ${m.title}`,
        lines: [
          m.by === 'supervisor'
            ? `Your supervisor asked for some changes to your research "${m.title}" (no. ${m.research_id}) before it goes to review.`
            : `The platform’s reviewers asked for some changes to your research "${m.title}" (no. ${m.research_id}) before they decide on it.`,
          ...quoted('What to change:', m.reason),
          'Edit it from your profile and save: it goes back to the same stage of review.',
          { link: m.link, label: 'Edit it in your profile' },
        ],
      };
    case 'supervisor_request':
      return {
        subject: `A student's research awaits your approval: ${m.title}`,
        lines: [
          `${m.student ?? 'One of your students'} submitted the research "${m.title}" (no. ${m.research_id}) and named you as supervisor. It goes to review once you approve it.`,
          // The link opens the supervisor's screen: named as its page and the console's menu are.
          { link: m.link, label: 'My students' },
        ],
      };
    case 'resubmitted_to_supervisor':
      return {
        subject: `Resubmitted after the changes you asked for: ${m.title}`,
        lines: [
          `${m.student ?? 'Your student'} changed the research "${m.title}" (no. ${m.research_id}) as you asked and resubmitted it. It waits for your approval again before review.`,
          { link: m.link, label: 'My students' },
        ],
      };
    case 'resubmitted_to_reviewer':
      return {
        subject: `Resubmitted after the changes you asked for: ${m.title}`,
        lines: [
          `${m.student ?? 'The author'} changed the research "${m.title}" (no. ${m.research_id}) as you asked and resubmitted it. It is back in the review queue.`,
          { link: m.link, label: 'Open it' },
        ],
      };
  }
}

function ar(kind: ResearchMailKind, m: ResearchMailInput): Texts {
  const reason = quoted('السبب:', m.reason);
  switch (kind) {
    case 'approved':
      return {
        subject: `تمت الموافقة على بحثك: ${m.title}`,
        lines: [
          `يسعدنا إبلاغك بالموافقة على بحثك «${m.title}» (رقم ${m.research_id})، وقد نُشر الآن في مجتمع البحث وفي مكتبة الأبحاث.`,
          ...quoted('ملاحظة المحكّم:', m.reason),
          { link: m.link, label: 'اطّلع على بحثك' },
        ],
      };
    case 'rejected':
      return {
        subject: `قرار بشأن بحثك: ${m.title}`,
        lines: [
          `نأسف لإبلاغك بأنه لم تتم الموافقة على بحثك «${m.title}» (رقم ${m.research_id}).`,
          ...reason,
          'يمكنك متابعة أبحاثك من ملفك الشخصي.',
          { link: m.link, label: 'أبحاثك' },
        ],
      };
    case 'removed':
      return {
        subject: `تمت إزالة بحثك: ${m.title}`,
        lines: [
          `أزالت إدارة المنصة بحثك «${m.title}» (رقم ${m.research_id}) وفقًا لسياسة الخصوصية والمحتوى.`,
          ...reason,
          { link: m.link, label: 'أبحاثك' },
        ],
      };
    case 'under_review':
      return {
        subject: `وافق مشرفك على بحثك: ${m.title}`,
        lines: [
          `وافق مشرفك على بحثك «${m.title}» (رقم ${m.research_id})، وهو الآن قيد المراجعة في المنصة، ويصدر القرار خلال أسبوعين إلى ثلاثة أسابيع.`,
          ...quoted('ملاحظة مشرفك:', m.reason),
          { link: m.link, label: 'تابعه من ملفك الشخصي' },
        ],
      };
    case 'changes_requested':
      return {
        subject: `مطلوب تعديلات على بحثك: ${m.title}`,
        lines: [
          m.by === 'supervisor'
            ? `طلب مشرفك بعض التعديلات على بحثك «${m.title}» (رقم ${m.research_id}) قبل أن ينتقل إلى التحكيم.`
            : `طلب محكّمو المنصة بعض التعديلات على بحثك «${m.title}» (رقم ${m.research_id}) قبل أن يقرّروا بشأنه.`,
          ...quoted('المطلوب تعديله:', m.reason),
          'عدّله من ملفك الشخصي واحفظه، فيعود إلى المرحلة نفسها من التحكيم.',
          { link: m.link, label: 'عدّله في ملفك الشخصي' },
        ],
      };
    case 'supervisor_request':
      return {
        subject: `بحث لأحد طلابك بانتظار موافقتك: ${m.title}`,
        lines: [
          `قدّم ${m.student ?? 'أحد طلابك'} البحث «${m.title}» (رقم ${m.research_id}) وذكرك مشرفًا عليه. ينتقل البحث إلى التحكيم بعد موافقتك.`,
          { link: m.link, label: 'طلابي' },
        ],
      };
    case 'resubmitted_to_supervisor':
      return {
        subject: `أُعيد تقديم بحث بعد التعديلات التي طلبتها: ${m.title}`,
        lines: [
          `عدّل ${m.student ?? 'طالبك'} البحث «${m.title}» (رقم ${m.research_id}) كما طلبت وأعاد تقديمه، وهو بانتظار موافقتك من جديد قبل التحكيم.`,
          { link: m.link, label: 'طلابي' },
        ],
      };
    case 'resubmitted_to_reviewer':
      return {
        subject: `أُعيد تقديم بحث بعد التعديلات التي طلبتها: ${m.title}`,
        lines: [
          `عدّل ${m.student ?? 'الباحث'} البحث «${m.title}» (رقم ${m.research_id}) كما طلبت وأعاد تقديمه، وقد عاد إلى قائمة التحكيم.`,
          { link: m.link, label: 'افتحه' },
        ],
      };
  }
}

/** Subject, plain text and HTML of a research e-mail in `locale`. */
export function researchMail(locale: Locale, kind: ResearchMailKind, input: ResearchMailInput) {
  // The title and the student's name keep their own direction in the sentences (templates.ts, greeting).
  const m = { ...input, title: isolate(input.title), ...(input.student ? { student: isolate(input.student) } : {}) };
  return renderMail(locale, input.name, locale === 'ar' ? ar(kind, m) : en(kind, m));
}

/**
 * Subject, plain text and HTML of a research, supervision or digest e-mail in the site's one mail
 * layout (lib/mail/templates.ts): `recipient`'s greeting, then the lines (a reason is a quote: its
 * own direction in a mail of the other language). The caller names the template.
 */
/** `recipient` null: greeted without a name (an address that has no account yet). */
export function renderMail(locale: Locale, recipient: string | null, texts: MailTexts) {
  const { subject, text, html } = renderLayout(locale, '', texts.subject, greeting(locale, recipient), texts.lines);
  return { subject, text, html };
}

/**
 * E-mails the supervisor (in their language) that a student's work waits for them: when it is
 * submitted to them, and when they accept the invitation of a student whose work was already
 * waiting (`supervisor_request`); when the student resubmits it after the changes they asked for
 * (`resubmitted_to_supervisor`: the changed version, not a new submission).
 */
export async function tellSupervisor(
  app: FastifyInstance,
  tx: MailExecutor & Pick<Db, 'select'>,
  supervisorId: number,
  submission: { id: number; title: string; titleEn: string },
  studentName: string,
  kind: 'supervisor_request' | 'resubmitted_to_supervisor' = 'supervisor_request',
): Promise<void> {
  const [supervisor] = await tx.select({ email: users.email, name: users.name, locale: users.locale }).from(users).where(eq(users.id, supervisorId));
  if (!supervisor) return;
  const mail = researchMail(supervisor.locale, kind, {
    name: supervisor.name,
    title: pickLocalized(supervisor.locale, submission.title, submission.titleEn),
    research_id: submission.id,
    student: studentName,
    link: `${app.config.PUBLIC_BASE_URL}/admin/supervision`,
  });
  const template = kind === 'supervisor_request' ? 'research_supervisor_request' : 'research_supervisor_resubmitted';
  await app.mail.enqueue({ to: supervisor.email, locale: supervisor.locale, template, ...mail }, tx);
}

/**
 * E-mails the reviewer (in their language) that research they asked changes for is back in the
 * queue: the assigned reviewer, else whoever asked for the changes, while they still review (a
 * reviewer or an administrator, not suspended, account open). The queue holds it either way.
 */
export async function tellReviewerOfResubmission(
  app: FastifyInstance,
  tx: MailExecutor & Pick<Db, 'select'>,
  submission: { id: number; title: string; titleEn: string; assignedReviewerId: number | null },
  studentName: string,
): Promise<void> {
  let reviewerId = submission.assignedReviewerId;
  if (reviewerId === null) {
    const [asked] = await tx
      .select({ actorId: researchReviewTransitions.actorId })
      .from(researchReviewTransitions)
      .where(and(eq(researchReviewTransitions.researchId, submission.id), eq(researchReviewTransitions.toStatus, 'changes_requested')))
      .orderBy(desc(researchReviewTransitions.createdAt), desc(researchReviewTransitions.id))
      .limit(1);
    reviewerId = asked?.actorId ?? null;
  }
  if (reviewerId === null) return;
  const [reviewer] = await tx
    .select({ email: users.email, name: users.name, locale: users.locale, roles: users.roles })
    .from(users)
    .where(and(eq(users.id, reviewerId), isNull(users.closedAt), notSuspended()));
  if (!reviewer || !reviewer.roles.some((role) => role === 'reviewer' || role === 'admin')) return;
  const mail = researchMail(reviewer.locale, 'resubmitted_to_reviewer', {
    name: reviewer.name,
    title: pickLocalized(reviewer.locale, submission.title, submission.titleEn),
    research_id: submission.id,
    student: studentName,
    link: `${app.config.PUBLIC_BASE_URL}/admin/research/${submission.id}`,
  });
  await app.mail.enqueue({ to: reviewer.email, locale: reviewer.locale, template: 'research_resubmitted', ...mail }, tx);
}
