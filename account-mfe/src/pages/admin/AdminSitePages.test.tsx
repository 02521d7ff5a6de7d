/**
 * The about page and privacy policy screens of the console, through the real `apiClient` and
 * `../../api/site-pages` against the shared test API server (real HTTP; nothing of ours replaced):
 * the page read with its version, objectives and sections added, moved, removed and sent in their
 * order with the version, the count checked in the browser with the shared schema (nothing sent),
 * the API's refusal of a text in one language (listed by the form's labels in the console's
 * language, marked under the field), and a stale edit offering Reload.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { validationMessages, type AdminAboutPage, type AdminPrivacyPolicy, type PolicyNotice } from '@scholars/shared-contracts/schemas';
import { $, $$, click, render, setUp, submit, tearDown, text, type, waitFor } from '../../test/harness';
import { AdminAboutPage as AboutScreen, AdminPrivacyPolicy as PrivacyScreen } from './AdminSitePages';

const ABOUT = '/api/admin/pages/about';
const PRIVACY = '/api/admin/pages/privacy';
const NOTICES = '/api/admin/pages/privacy/notices';

const about: AdminAboutPage = {
  lead: 'مقدمة',
  lead_en: 'A lead',
  founder_message: 'كلمة',
  founder_message_en: 'A message',
  founder_name: 'المؤسِّسة',
  founder_name_en: 'The founder',
  mission: 'رسالة',
  mission_en: 'A mission',
  vision: 'رؤية',
  vision_en: 'A vision',
  objectives: [
    { text: 'الأول', text_en: 'First' },
    { text: 'الثاني', text_en: 'Second' },
  ],
  updated_at: '2026-11-20T10:00:00.000Z',
  version: 3,
};

const privacy: AdminPrivacyPolicy = {
  sections: [{ title: 'القانون', title_en: 'Law', body: 'نص', body_en: 'Text' }],
  updated_at: '2026-11-20T10:00:00.000Z',
  version: 7,
};

const api = testApiServerPerFile();
const requests = (method: string, path: string) => api.seen.filter((request) => request.method === method && request.path === path);

async function openAbout() {
  api.answers.set(`GET ${ABOUT}`, { status: 200, body: { status: true, data: about } });
  await render(<AboutScreen />);
  await waitFor(() => expect($('[data-testid="about-form"]')).not.toBeNull());
}

async function openPrivacy() {
  api.answers.set(`GET ${PRIVACY}`, { status: 200, body: { status: true, data: privacy } });
  if (!api.answers.has(`GET ${NOTICES}`)) api.answers.set(`GET ${NOTICES}`, { status: 200, body: { status: true, data: { notices: [], members: 0 } } });
  await render(<PrivacyScreen />);
  await waitFor(() => expect($('[data-testid="privacy-form"]')).not.toBeNull());
}

afterEach(() => {
  tearDown();
  window.sessionStorage.clear();
});

describe('console: the about page', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await setUp('en');
  });

  it('shows the page side by side in both languages and sends the objectives in their new order with the version', async () => {
    await openAbout();
    expect(($('[data-testid="field-mission_en"]') as HTMLInputElement).value).toBe('A mission');
    expect(($('[data-testid="field-mission"]') as HTMLInputElement).value).toBe('رسالة');
    expect($('[data-testid="page-updated"]')?.textContent).toContain('Last saved');
    await type($('[data-testid="field-mission_en"]'), 'A new mission');
    await click($('[data-testid="objective-add"]'));
    await type($('[data-testid="field-objectives.2.text"]'), 'الثالث');
    await type($('[data-testid="field-objectives.2.text_en"]'), 'Third');
    // The new third objective up, before the second; then the first one removed.
    await click($$('[data-testid="row-up"]')[2]!);
    await click($$('[data-testid="row-remove"]')[0]!);
    api.answers.set(`PUT ${ABOUT}`, { status: 200, body: { status: true, msg: 'Saved.', data: { ...about, version: 4 } } });
    await submit($('[data-testid="about-form"]'));
    await waitFor(() => expect(requests('PUT', ABOUT)).toHaveLength(1));
    const { updated_at: _readOnly, ...unchanged } = about;
    expect(JSON.parse(requests('PUT', ABOUT)[0]!.body)).toEqual({
      ...unchanged,
      mission_en: 'A new mission',
      objectives: [
        { text: 'الثالث', text_en: 'Third' },
        { text: 'الثاني', text_en: 'Second' },
      ],
      version: 3,
    });
    // Saved: the page is read again (a fresh form at the new version).
    await waitFor(() => expect(requests('GET', ABOUT)).toHaveLength(2));
  });

  it('keeps at least one objective, and at most ten, in the browser', async () => {
    await openAbout();
    await click($$('[data-testid="row-remove"]')[0]!);
    expect(($$('[data-testid="row-remove"]')[0] as HTMLButtonElement).disabled).toBe(true);
    for (let count = 1; count < 10; count += 1) await click($('[data-testid="objective-add"]'));
    expect($$('[data-testid="about-objective"]')).toHaveLength(10);
    expect(($('[data-testid="objective-add"]') as HTMLButtonElement).disabled).toBe(true);
  });

  it('lists the fields to fill in both languages, by the form’s labels, and marks them', async () => {
    await openAbout();
    const missing = validationMessages.en.translationMissing;
    api.answers.set(`PUT ${ABOUT}`, {
      status: 400,
      body: { status: false, err: 400, msg: validationMessages.en.pageTranslationsMissing.replace('{{count}}', '2'), errors: { vision_en: missing, 'objectives.1.text': missing } },
    });
    await submit($('[data-testid="about-form"]'));
    await waitFor(() => expect($('[data-testid="missing-translations"]')).not.toBeNull());
    const listed = $('[data-testid="missing-translations"]')!.textContent!;
    expect(listed).toContain('Vision (English)');
    expect(listed).toContain('Objective 2 (Arabic)');
    expect($('[data-testid="error-vision_en"]')?.textContent).toBe(missing);
    expect($('[data-testid="error-objectives.1.text"]')?.textContent).toBe(missing);
  });

  it('a stale edit says so and offers Reload, which reads the page again', async () => {
    await openAbout();
    api.answers.set(`PUT ${ABOUT}`, { status: 409, body: { status: false, err: 409, msg: validationMessages.en.staleEdit } });
    await submit($('[data-testid="about-form"]'));
    await waitFor(() => expect($('[data-testid="stale-edit"]')?.textContent).toContain('Someone else saved a newer version'));
    api.answers.set(`GET ${ABOUT}`, { status: 200, body: { status: true, data: { ...about, vision_en: 'Their vision', version: 4 } } });
    await click($('[data-testid="stale-reload"]'));
    await waitFor(() => expect(($('[data-testid="field-vision_en"]') as HTMLInputElement | null)?.value).toBe('Their vision'));
    expect($('[data-testid="stale-edit"]')).toBeNull();
  });
});

describe('console: the privacy policy', { timeout: 30_000 }, () => {
  it('adds a section and sends the sections with the version; says members are not e-mailed', async () => {
    await setUp('en');
    await openPrivacy();
    expect($('[data-testid="privacy-notify-note"]')?.textContent).toContain('Saving does not e-mail members');
    await click($('[data-testid="section-add"]'));
    await type($('[data-testid="field-sections.1.title"]'), 'البيانات');
    await type($('[data-testid="field-sections.1.title_en"]'), 'Data');
    await type($('[data-testid="field-sections.1.body"]'), 'نحفظ بياناتك.');
    await type($('[data-testid="field-sections.1.body_en"]'), 'We keep your data.');
    await click($$('[data-testid="row-up"]')[1]!);
    api.answers.set(`PUT ${PRIVACY}`, { status: 200, body: { status: true, msg: 'Saved.', data: { ...privacy, version: 8 } } });
    await submit($('[data-testid="privacy-form"]'));
    await waitFor(() => expect(requests('PUT', PRIVACY)).toHaveLength(1));
    expect(JSON.parse(requests('PUT', PRIVACY)[0]!.body)).toEqual({
      sections: [{ title: 'البيانات', title_en: 'Data', body: 'نحفظ بياناتك.', body_en: 'We keep your data.' }, privacy.sections[0]],
      version: 7,
    });
  });

  it('e-mails members about the saved version after a confirmation naming how many, then says they were told', async () => {
    const notice: PolicyNotice = {
      id: 4,
      policy_version: 7,
      policy_updated_at: privacy.updated_at!,
      created_at: '2026-11-21T09:00:00.000Z',
      created_by: { id: 1, name: 'Mona' },
      recipients: 3,
      queued: 0,
      sent: 0,
      failed: 0,
      finished_at: null,
    };
    api.answers.set(`GET ${NOTICES}`, { status: 200, body: { status: true, data: { notices: [], members: 3 } } });
    await setUp('en');
    await openPrivacy();
    await waitFor(() => expect($('[data-testid="privacy-notify"]')).not.toBeNull());
    await click($('[data-testid="privacy-notify"]'));
    expect($('[data-testid="privacy-notice-confirm"]')?.textContent).toContain('E-mail 3 members?');
    api.answers.set(`POST ${NOTICES}`, { status: 201, body: { status: true, msg: 'Sending started.', data: notice } });
    api.answers.set(`GET ${NOTICES}`, { status: 200, body: { status: true, data: { notices: [notice], members: 3 } } });
    await click($('[data-testid="privacy-notice-confirm-confirm"]'));
    await waitFor(() => expect(requests('POST', NOTICES)).toHaveLength(1));
    expect(JSON.parse(requests('POST', NOTICES)[0]!.body)).toEqual({ version: 7 });
    await waitFor(() => expect($('[data-testid="privacy-notice-done"]')?.textContent).toContain('Members were told of this version'));
    expect($('[data-testid="privacy-notice"]')?.textContent).toContain('Sending: 0 of 3 e-mails queued');
    expect($('[data-testid="privacy-notice"]')?.textContent).toContain('Asked by Mona');
  });

  it('offers to tell members only once a save and the reading of its new version are done (the notice names that version)', async () => {
    api.answers.set(`GET ${NOTICES}`, { status: 200, body: { status: true, data: { notices: [], members: 3 } } });
    await setUp('en');
    await openPrivacy();
    await waitFor(() => expect($<HTMLButtonElement>('[data-testid="privacy-notify"]')?.disabled).toBe(false));
    let answerSave!: () => void;
    let answerRead!: () => void;
    api.answers.set(`PUT ${PRIVACY}`, { status: 200, body: { status: true, msg: 'Saved.', data: { ...privacy, version: 8 } }, until: new Promise<void>((resolve) => (answerSave = resolve)) });
    api.answers.set(`GET ${PRIVACY}`, { status: 200, body: { status: true, data: { ...privacy, version: 8 } }, until: new Promise<void>((resolve) => (answerRead = resolve)) });
    await submit($('[data-testid="privacy-form"]'));
    await waitFor(() => expect(requests('PUT', PRIVACY)).toHaveLength(1));
    // Saving: the version on screen is about to be replaced.
    expect($<HTMLButtonElement>('[data-testid="privacy-notify"]')?.disabled).toBe(true);
    answerSave();
    await waitFor(() => expect(requests('GET', PRIVACY)).toHaveLength(2));
    // Reading the saved version: still not.
    expect($<HTMLButtonElement>('[data-testid="privacy-notify"]')?.disabled).toBe(true);
    answerRead();
    await waitFor(() => expect($<HTMLButtonElement>('[data-testid="privacy-notify"]')?.disabled).toBe(false));
    await click($('[data-testid="privacy-notify"]'));
    api.answers.set(`POST ${NOTICES}`, { status: 201, body: { status: true, msg: 'Sending started.', data: {} } });
    await click($('[data-testid="privacy-notice-confirm-confirm"]'));
    await waitFor(() => expect(requests('POST', NOTICES)).toHaveLength(1));
    expect(JSON.parse(requests('POST', NOTICES)[0]!.body)).toEqual({ version: 8 });
  });

  it('in Arabic, shows the refusal of a notice told already (409) in the console', async () => {
    api.answers.set(`GET ${NOTICES}`, { status: 200, body: { status: true, data: { notices: [], members: 2 } } });
    await setUp('ar');
    await openPrivacy();
    await waitFor(() => expect($('[data-testid="privacy-notify"]')).not.toBeNull());
    await click($('[data-testid="privacy-notify"]'));
    expect($('[data-testid="privacy-notice-confirm"]')?.textContent).toContain('مراسلة عضوين؟');
    api.answers.set(`POST ${NOTICES}`, { status: 409, body: { status: false, err: 409, msg: validationMessages.ar.policyAlreadyNotified } });
    await click($('[data-testid="privacy-notice-confirm-confirm"]'));
    await waitFor(() => expect($('[data-testid="privacy-notice-problem"]')?.textContent).toBe(validationMessages.ar.policyAlreadyNotified));
  });

  it('in Arabic, lists a section filled in one language by its Arabic label', async () => {
    await setUp('ar');
    await openPrivacy();
    expect(text()).toContain('سياسة الخصوصية');
    const missing = validationMessages.ar.translationMissing;
    api.answers.set(`PUT ${PRIVACY}`, {
      status: 400,
      body: { status: false, err: 400, msg: validationMessages.ar.pageTranslationsMissing.replace('{{count}}', '1'), errors: { 'sections.0.body_en': missing } },
    });
    await submit($('[data-testid="privacy-form"]'));
    await waitFor(() => expect($('[data-testid="missing-translations"]')?.textContent).toContain('نص القسم 1'));
    expect($('[data-testid="error-sections.0.body_en"]')?.textContent).toBe(missing);
  });
});

describe('console: what is typed in a page is kept in the tab until saved', { timeout: 30_000 }, () => {
  it('the about page: brought back over the same version, in Arabic too; saved, forgotten; never over a newer version', async () => {
    await setUp('en');
    await openAbout();
    await type($('[data-testid="field-mission_en"]'), 'A mission typed before the session ended');
    tearDown();

    await setUp('ar');
    await openAbout();
    await waitFor(() => expect($('[data-testid="about-draft-restored"]')?.textContent).toBe('أعدنا ما كتبته هنا من قبل ولم يُحفظ. راجِعه ثم احفظه.'));
    await waitFor(() => expect(($('[data-testid="field-mission_en"]') as HTMLInputElement).value).toBe('A mission typed before the session ended'));
    api.answers.set(`PUT ${ABOUT}`, { status: 200, body: { status: true, msg: 'Saved.', data: { ...about, version: 4, mission_en: 'A mission typed before the session ended' } } });
    await submit($('[data-testid="about-form"]'));
    await waitFor(() => expect(requests('PUT', ABOUT).length).toBeGreaterThan(0));
    expect(JSON.parse(requests('PUT', ABOUT).at(-1)!.body)).toMatchObject({ mission_en: 'A mission typed before the session ended', version: 3 });
    tearDown();

    await setUp('en');
    await openAbout();
    expect($('[data-testid="about-draft-restored"]')).toBeNull();
    await type($('[data-testid="field-vision_en"]'), 'Typed over version 3');
    tearDown();

    await setUp('en');
    api.answers.set(`GET ${ABOUT}`, { status: 200, body: { status: true, data: { ...about, version: 5, vision_en: 'Their vision' } } });
    await render(<AboutScreen />);
    await waitFor(() => expect(($('[data-testid="field-vision_en"]') as HTMLInputElement | null)?.value).toBe('Their vision'));
    expect($('[data-testid="about-draft-restored"]')).toBeNull();
  });

  it('the privacy policy: a section added and typed is brought back', async () => {
    await setUp('en');
    await openPrivacy();
    await click($('[data-testid="section-add"]'));
    await type($('[data-testid="field-sections.1.title_en"]'), 'Cookies');
    tearDown();

    await setUp('en');
    await openPrivacy();
    await waitFor(() => expect($('[data-testid="privacy-draft-restored"]')).not.toBeNull());
    await waitFor(() => expect(($('[data-testid="field-sections.1.title_en"]') as HTMLInputElement | null)?.value).toBe('Cookies'));
  });
});
