import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fileUrl, useLocale } from '@scholars/shared-contracts';
import { BilingualField, FileField } from '@scholars/shared-contracts/ui/content';
import { teamMemberWriteSchema, type AdminTeamMember, type TeamMemberWrite } from '@scholars/shared-contracts/schemas';
import { pickLocalized, typedNumber } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../../i18n';
import '../../i18n/console';
import { createTeamMember, deleteTeamMember, fetchAdminTeam, updateTeamMember } from '../../api/home-content';
import { uploadContentFile } from '../../api/content';
import { EditorPanel, FormActions, LiveCheckbox, OrderField, SaveProblems, TextField, errorAt, useFieldMessage, useSave } from '../../components/ContentForm';
import { ContentListScreen, type ContentEditorProps } from '../../components/ContentList';
import { Badge, StackedCell } from '../../components/Status';

const formValues = (member?: AdminTeamMember): TeamMemberWrite => ({
  name: member?.name ?? '',
  name_en: member?.name_en ?? '',
  bio: member?.bio ?? '',
  bio_en: member?.bio_en ?? '',
  university: member?.university ?? '',
  university_en: member?.university_en ?? '',
  image: member?.image ?? null,
  linkedin_link: member?.linkedin_link ?? '',
  twitter_link: member?.twitter_link ?? '',
  facebook_link: member?.facebook_link ?? '',
  published: member?.published ?? false,
  sort_order: member?.sort_order ?? 0,
});

const LINKS = ['linkedin_link', 'twitter_link', 'facebook_link'] as const;
const LINK_LABELS = { linkedin_link: 'content.team.linkedin', twitter_link: 'content.team.twitter', facebook_link: 'content.team.facebook' } as const;

/** Spec 3's fields of a member: name, bio and university in both languages, photo, links, published, order. */
function TeamEditor({ member, onSaved, onCancel, onReload }: ContentEditorProps & { member?: AdminTeamMember }) {
  const { t } = useTranslation(NAMESPACE);
  const message = useFieldMessage();
  const form = useForm<TeamMemberWrite, unknown, z.output<typeof teamMemberWriteSchema>>({ resolver: zodResolver(teamMemberWriteSchema), defaultValues: formValues(member) });
  const { register, control, handleSubmit, formState } = form;
  const save = useSave(form.setError);
  const error = (path: string) => message(errorAt(formState.errors, path));
  const submit = handleSubmit(async (values) => {
    const done = await save.run(() => (member ? updateTeamMember(member.id, { ...values, version: member.version }) : createTeamMember(values)));
    if (done) onSaved();
  });
  const labels: Record<string, string> = { name: t('content.team.name'), bio: t('content.team.bio'), university: t('content.team.university') };
  return (
    <EditorPanel title={member ? t('content.team.editTitle') : t('content.team.newTitle')} testId="team-editor">
      <form noValidate onSubmit={submit} className="space-y-5">
        <SaveProblems problem={save.problem} onReload={onReload} labelOf={(field) => labels[field] ?? field} />
        <BilingualField label={labels.name!} required arabic={register('name')} english={register('name_en')} arabicError={error('name')} englishError={error('name_en')} />
        <BilingualField label={labels.bio!} rows={4} arabic={register('bio')} english={register('bio_en')} arabicError={error('bio')} englishError={error('bio_en')} />
        <BilingualField label={labels.university!} hint={t('content.team.universityHint')} arabic={register('university')} english={register('university_en')} arabicError={error('university')} englishError={error('university_en')} />
        <Controller
          control={control}
          name="image"
          render={({ field }) => (
            <FileField label={t('content.team.photo')} name="image" kind="image" value={field.value ?? null} onChange={(file) => field.onChange(file ? file.path : null)} upload={uploadContentFile} imageUrl={fileUrl} error={error('image')} />
          )}
        />
        <fieldset className="grid gap-4 md:grid-cols-3">
          <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">{t('content.links')}</legend>
          {LINKS.map((name) => (
            <TextField key={name} type="url" label={t(LINK_LABELS[name])} hint={t('content.team.linkHint')} control={register(name)} error={error(name)} />
          ))}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
          <LiveCheckbox label={t('content.team.published')} hint={t('content.team.publishedHint')} testId="field-published" {...register('published')} />
          <OrderField control={register('sort_order', { setValueAs: typedNumber })} error={error('sort_order')} />
        </div>
        <FormActions busy={save.busy} onCancel={onCancel} />
      </form>
    </EditorPanel>
  );
}

/** Team members (administrators): the home carousel's and the member pages' content. */
export function AdminTeam() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const nameOf = (member: AdminTeamMember) => pickLocalized(locale, member.name, member.name_en) || t('content.untitled');
  return (
    <ContentListScreen<AdminTeamMember>
      section="team"
      filterName="published"
      load={fetchAdminTeam}
      remove={(member) => deleteTeamMember(member.id, member.version)}
      nameOf={nameOf}
      editor={(member, props) => <TeamEditor member={member} {...props} />}
      columns={[t('content.team.photo'), t('content.team.name'), t('content.team.university'), t('content.state')]}
      cells={(member) => (
        <>
          <StackedCell label={t('content.team.photo')}>
            {member.image ? <img src={fileUrl(member.image)} alt={t('content.imageAlt', { name: nameOf(member) })} className="size-12 rounded-full object-cover" loading="lazy" /> : null}
          </StackedCell>
          <StackedCell label={t('content.team.name')}><bdi>{nameOf(member)}</bdi></StackedCell>
          <StackedCell label={t('content.team.university')}><bdi>{pickLocalized(locale, member.university, member.university_en)}</bdi></StackedCell>
          <StackedCell label={t('content.state')}>
            <Badge tone={member.published ? 'green' : 'slate'} testId="content-state">{t(`content.team.states.${member.published ? 'published' : 'draft'}`)}</Badge>
          </StackedCell>
        </>
      )}
    />
  );
}
