import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useLocale } from '@scholars/shared-contracts';
import { Field, secondaryButtonClass } from '@scholars/shared-contracts/ui';
import { BilingualField } from '@scholars/shared-contracts/ui/content';
import { PLAN_FEATURES_MAX, planWriteSchema, type AdminPlan, type PlanWrite } from '@scholars/shared-contracts/schemas';
import { formatAmount, formatNumber, pickLocalized, typedNumber } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../../i18n';
import '../../i18n/console';
import { createPlan, deletePlan, fetchAdminPlans, updatePlan } from '../../api/admin-plans';
import { EditorPanel, FormActions, LiveCheckbox, OrderField, SaveProblems, errorAt, useFieldMessage, useSave } from '../../components/ContentForm';
import { ContentListScreen, type ContentEditorProps } from '../../components/ContentList';
import { Badge, StackedCell } from '../../components/Status';

const formValues = (plan?: AdminPlan): PlanWrite => ({
  name: plan?.name ?? '',
  name_en: plan?.name_en ?? '',
  // Empty until typed: the schema's "price" message, not a silent 0.
  price: plan?.price ?? (undefined as unknown as number),
  features: plan?.features.map(({ feature, feature_en }) => ({ feature, feature_en })) ?? [],
  active: plan?.active ?? false,
  sort_order: plan?.sort_order ?? 0,
  consultation_sessions: plan?.consultation_sessions ?? 0,
});

const smallButton = 'rounded-lg border border-slate-300 px-2.5 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-40 dark:border-slate-600 dark:hover:bg-slate-800';

/**
 * A plan: name in both languages, the yearly price in AED (a new price applies to new purchases
 * only: said beside the field), the features in their order (added, removed, moved), active, order.
 */
function PlanEditor({ plan, onSaved, onCancel, onReload }: ContentEditorProps & { plan?: AdminPlan }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const message = useFieldMessage();
  const form = useForm<PlanWrite, unknown, z.output<typeof planWriteSchema>>({ resolver: zodResolver(planWriteSchema), defaultValues: formValues(plan) });
  const { register, control, handleSubmit, formState } = form;
  const features = useFieldArray({ control, name: 'features' });
  const save = useSave(form.setError);
  const error = (path: string) => message(errorAt(formState.errors, path));
  const submit = handleSubmit(async (values) => {
    const done = await save.run(() => (plan ? updatePlan(plan.id, { ...values, version: plan.version }) : createPlan(values)));
    if (done) onSaved();
  });
  const featureLabel = (index: number) => t('content.plans.feature', { number: formatNumber(index + 1, locale) });
  const labelOf = (field: string) => {
    const feature = /^features\.(\d+)\.feature$/.exec(field);
    if (feature) return featureLabel(Number(feature[1]));
    if (field === 'consultation_sessions') return t('consultationsAdmin.plans.consultationSessions');
    return field === 'name' ? t('content.plans.name') : field;
  };
  return (
    <EditorPanel title={plan ? t('content.plans.editTitle') : t('content.plans.newTitle')} testId="plan-editor">
      <form noValidate onSubmit={submit} className="space-y-5">
        <SaveProblems problem={save.problem} onReload={onReload} labelOf={labelOf} />
        <BilingualField label={t('content.plans.name')} required arabic={register('name')} english={register('name_en')} arabicError={error('name')} englishError={error('name_en')} />
        <Field label={t('content.plans.price')} required name="price" error={error('price')} hint={<span data-testid="price-note">{t('content.plans.priceNote')}</span>}>
          {(wiring) => (
            <input
              inputMode="decimal"
              dir="ltr"
              {...register('price', { setValueAs: typedNumber })}
              {...wiring}
              className={`${wiring.className} max-w-48`}
              data-testid="field-price"
            />
          )}
        </Field>
        <Field label={t('consultationsAdmin.plans.consultationSessions')} name="consultation_sessions" error={error('consultation_sessions')} hint={t('consultationsAdmin.plans.consultationSessionsHint')}>
          {(wiring) => (
            <input
              inputMode="numeric"
              dir="ltr"
              {...register('consultation_sessions', { setValueAs: typedNumber })}
              {...wiring}
              className={`${wiring.className} max-w-32`}
              data-testid="field-consultation_sessions"
            />
          )}
        </Field>
        <fieldset className="space-y-4" data-testid="plan-features">
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('content.plans.features')}</legend>
          {features.fields.length === 0 ? <p className="text-sm text-slate-500 dark:text-slate-400">{t('content.plans.noFeatures')}</p> : null}
          {features.fields.map((row, index) => (
            <div key={row.id} className="rounded-xl border border-slate-200 p-3 dark:border-slate-800" data-testid="plan-feature">
              <BilingualField
                label={featureLabel(index)}
                arabic={register(`features.${index}.feature`)}
                english={register(`features.${index}.feature_en`)}
                arabicError={error(`features.${index}.feature`)}
                englishError={error(`features.${index}.feature_en`)}
              />
              <div className="mt-2 flex flex-wrap gap-2">
                <button type="button" className={smallButton} disabled={index === 0} onClick={() => features.move(index, index - 1)} aria-label={t('content.plans.moveUp', { number: formatNumber(index + 1, locale) })} data-testid="feature-up">
                  <span aria-hidden="true">↑</span>
                </button>
                <button type="button" className={smallButton} disabled={index === features.fields.length - 1} onClick={() => features.move(index, index + 1)} aria-label={t('content.plans.moveDown', { number: formatNumber(index + 1, locale) })} data-testid="feature-down">
                  <span aria-hidden="true">↓</span>
                </button>
                <button type="button" className={`${smallButton} text-red-700 dark:text-red-400`} onClick={() => features.remove(index)} data-testid="feature-remove">
                  {t('content.plans.removeFeature', { number: formatNumber(index + 1, locale) })}
                </button>
              </div>
            </div>
          ))}
          {error('features') ? <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error('features')}</p> : null}
          <button type="button" className={secondaryButtonClass} disabled={features.fields.length >= PLAN_FEATURES_MAX} onClick={() => features.append({ feature: '', feature_en: '' })} data-testid="feature-add">
            <span aria-hidden="true" className="me-1">+</span>
            {t('content.plans.addFeature')}
          </button>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
          <LiveCheckbox label={t('content.plans.active')} hint={t('content.plans.activeHint')} testId="field-active" {...register('active')} />
          <OrderField control={register('sort_order', { setValueAs: typedNumber })} error={error('sort_order')} />
        </div>
        <FormActions busy={save.busy} onCancel={onCancel} />
      </form>
    </EditorPanel>
  );
}

/** The yearly plans (administrators): on sale or retired, with their subscriptions; a plan with subscriptions is retired, not deleted. */
export function AdminPlans() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const nameOf = (plan: AdminPlan) => pickLocalized(locale, plan.name, plan.name_en) || t('content.untitled');
  return (
    <ContentListScreen<AdminPlan>
      section="plans"
      filterName="active"
      load={fetchAdminPlans}
      remove={(plan) => deletePlan(plan.id, plan.version)}
      nameOf={nameOf}
      editor={(plan, props) => <PlanEditor plan={plan} {...props} />}
      columns={[t('content.plans.name'), t('content.plans.price'), t('consultationsAdmin.plans.sessions'), t('content.state'), t('content.plans.subscriptions')]}
      cells={(plan) => (
        <>
          <StackedCell label={t('content.plans.name')}><bdi>{nameOf(plan)}</bdi></StackedCell>
          <StackedCell label={t('content.plans.price')} testId="plan-row-price">{t('pricing.price', { amount: formatAmount(plan.price) })}</StackedCell>
          <StackedCell label={t('consultationsAdmin.plans.sessions')} testId="plan-row-sessions">{formatNumber(plan.consultation_sessions, locale)}</StackedCell>
          <StackedCell label={t('content.state')}>
            <Badge tone={plan.active ? 'green' : 'slate'} testId="content-state">{t(`content.plans.states.${plan.active ? 'active' : 'retired'}`)}</Badge>
          </StackedCell>
          <StackedCell label={t('content.plans.subscriptions')}>{formatNumber(plan.subscriptions, locale)}</StackedCell>
        </>
      )}
    />
  );
}
