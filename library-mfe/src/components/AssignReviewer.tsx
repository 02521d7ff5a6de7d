import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useLocale } from '@scholars/shared-contracts';
import { controlClass } from '@scholars/shared-contracts/ui';
import { localizedField } from '@scholars/shared-contracts/locale';
import type { ReviewItem } from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../i18n';
import { assignReviewer } from '../api/review';

export type Reviewer = { id: number; name: string; email: string };
export type AssignResult = { ok: boolean; text: string };

/**
 * Who reviews a submission: nobody, oneself, or another reviewer (`PUT review/research/{id}/assignee`),
 * in the queue's rows and on the submission's page. The API refuses the author (422), said here.
 */
export function AssignReviewer({
  item,
  reviewers,
  me,
  onSaved,
}: {
  item: Pick<ReviewItem, 'id' | 'title' | 'title_en' | 'assigned_reviewer'>;
  reviewers: Reviewer[];
  me: number | undefined;
  onSaved: (result: AssignResult) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const [busy, setBusy] = useState(false);
  const others = reviewers.filter((person) => person.id !== me);
  const change = async (value: string) => {
    setBusy(true);
    try {
      const answer = await assignReviewer(item.id, value ? Number(value) : null);
      onSaved({ ok: true, text: answer.msg ?? t('admin.queue.assigned') });
    } catch (error) {
      onSaved({ ok: false, text: isApiError(error) ? error.message : t('admin.queue.assignFailed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <select
      aria-label={t('admin.queue.assignLabel', { title: localizedField(item, 'title', locale) })}
      data-testid="review-assign"
      disabled={busy}
      value={item.assigned_reviewer ? String(item.assigned_reviewer.id) : ''}
      onChange={(event) => void change(event.target.value)}
      className={`${controlClass(false)} mt-0 min-w-40 py-1 text-sm`}
    >
      <option value="">{t('admin.queue.nobody')}</option>
      {me !== undefined ? <option value={String(me)}>{t('admin.queue.assignMe')}</option> : null}
      {others.map((person) => (
        <option key={person.id} value={String(person.id)}>{person.name}</option>
      ))}
      {/* Someone no longer in the reviewers' list stays shown. */}
      {item.assigned_reviewer && item.assigned_reviewer.id !== me && !others.some((person) => person.id === item.assigned_reviewer!.id) ? (
        <option value={String(item.assigned_reviewer.id)}>{item.assigned_reviewer.name}</option>
      ) : null}
    </select>
  );
}
