/**
 * The report dialog brings its own texts in both languages (no app has to ship them): on a page in
 * Arabic it speaks Arabic even though the English texts, the fallback language's, were added first.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../i18n/set-locale';
import { reportTexts } from '../i18n/report-texts';
import { ReportDialog } from './ReportDialog';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  act(() => root.unmount());
  container.remove();
  await setLocale('en', { i18n: i18next, storage: null, bus: null });
});

const dialog = () => <ReportDialog target={{ item_type: 'research', item_id: 1 }} send={async () => 'sent'} onClose={() => undefined} />;

describe('ReportDialog', () => {
  it('is in Arabic on an Arabic page after it was shown in English', async () => {
    await setLocale('en', { i18n: i18next, storage: null, bus: null });
    await act(async () => root.render(dialog()));
    expect(container.textContent).toContain(reportTexts.en.title);
    act(() => root.render(<></>));

    await setLocale('ar', { i18n: i18next, storage: null, bus: null });
    await act(async () => root.render(dialog()));
    expect(container.textContent).toContain(reportTexts.ar.title);
    expect(container.textContent).not.toContain(reportTexts.en.title);
  });
});
