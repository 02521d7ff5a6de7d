/**
 * The shared UI of the remotes: page windows and pagination links that keep the query, tabs whose
 * arrow keys follow the reading direction, fields wired to their hint and error, file sizes, the
 * edit mode of a form page, the report dialog's own texts, a paywalled file shown in the page
 * where the browser can show it.
 */
import { act, Fragment, useState } from 'react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router-dom';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureI18n } from '../i18n/instance';
import { EditScreen } from './EditScreen';
import { Field } from './Field';
import { listAddress, Pagination, pageWindow, usePageInRange } from './Pagination';
import { Tabs } from './Tabs';
import { Phrase, Text } from './Text';
import { CountryOptions } from './CountryOptions';
import { ReportDialog } from './ReportDialog';
import { ConfirmDialog } from './Dialog';
import { reportTexts } from '../i18n/report-texts';
import { useAsync } from './use-async';
import { ProtectedFile } from './ProtectedFile';
import { renderRootPerTest } from '../testing/render-root';

const view = renderRootPerTest();

beforeEach(async () => {
  ensureI18n(i18next, 'en');
  await i18next.changeLanguage('en');
});

const render = (element: React.ReactNode, path = '/') => view.render(<MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>);

describe('pageWindow', () => {
  it('shows the ends and the neighbours of the current page, with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(10, 10)).toEqual([1, null, 9, 10]);
  });
});

describe('Pagination', () => {
  it('changes only the page in the URL, names the current page, and hides for one page', async () => {
    await render(<Pagination page={2} pages={5} testId="list-pages" />, '/conferences/1?search=ai&page=2');
    const nav = view.container.querySelector('[data-testid="list-pages"]')!;
    expect(nav.getAttribute('aria-label')).toBe('Pages');
    const hrefs = [...nav.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['‹Previous', '/conferences/1?search=ai'],
      ['1', '/conferences/1?search=ai'],
      ['3', '/conferences/1?search=ai&page=3'],
      ['5', '/conferences/1?search=ai&page=5'],
      ['Next›', '/conferences/1?search=ai&page=3'],
    ]);
    expect(nav.querySelector('[aria-current="page"]')!.textContent).toBe('Page 2 of 52');
    expect(nav.querySelector('[aria-current="page"] [aria-hidden="true"]')!.textContent).toBe('2');

    await render(<Pagination page={1} pages={1} />);
    expect(view.container.querySelector('nav')).toBeNull();
  });

  it('speaks Arabic in Arabic', async () => {
    await i18next.changeLanguage('ar');
    await render(<Pagination page={1} pages={2} />);
    const nav = view.container.querySelector('[data-testid="pagination"]')!;
    expect(nav.getAttribute('aria-label')).toBe('الصفحات');
    expect(nav.querySelector('[aria-current="page"] .sr-only')!.textContent).toBe('الصفحة 1 من 2');
    expect(nav.querySelector('a[rel="next"]')!.textContent).toBe('التالي›');
  });
});

/** A list's page with `pages` pages (undefined: its total is not known yet), showing where it is. */
function PagedList({ pages }: { pages: number | undefined }) {
  const location = useLocation();
  const page = Number(new URLSearchParams(location.search).get('page') ?? '1');
  const beyond = usePageInRange(page, pages);
  return <p data-testid="where" data-navigation={useNavigationType()} data-beyond={String(beyond)}>{`${location.pathname}${location.search}${location.hash}`}</p>;
}

describe('usePageInRange: a page past the last lands on the last', () => {
  const where = () => view.container.querySelector('[data-testid="where"]') as HTMLElement;
  it('replaces the address with the last page, keeping the rest of the query', async () => {
    await render(<PagedList pages={3} />, '/conferences/1?q=ai&page=999&per_page=12#results');
    expect(where().textContent).toBe('/conferences/1?q=ai&page=3&per_page=12#results');
    // Replaced, not pushed: Back does not return to the empty page.
    expect(where().dataset.navigation).toBe('REPLACE');
  });
  it('drops the page for a list of one page (or none)', async () => {
    await render(<PagedList pages={1} />, '/research-community?page=500&category=2');
    expect(where().textContent).toBe('/research-community?category=2');
  });
  it('waits for the total', async () => {
    await render(<PagedList pages={undefined} />, '/research-library?tab=ebooks&page=500');
    expect(where().textContent).toBe('/research-library?tab=ebooks&page=500');
    expect(where().dataset.beyond).toBe('false');
    // The same page once its total is known.
    await render(<PagedList pages={4} />, '/research-library?tab=ebooks&page=500');
    expect(where().textContent).toBe('/research-library?tab=ebooks&page=4');
  });
  it('leaves a page in range alone', async () => {
    await render(<PagedList pages={3} />, '/research-library?tab=ebooks&page=3');
    expect(where().textContent).toBe('/research-library?tab=ebooks&page=3');
    expect(where().dataset.navigation).toBe('POP');
    expect(where().dataset.beyond).toBe('false');
  });
});

function TwoTabs({ prefix }: { prefix?: string }) {
  const [active, setActive] = useState<'one' | 'two' | 'three'>('one');
  return (
    <Tabs
      label="Sections"
      active={active}
      onChange={setActive}
      panelTestIdPrefix={prefix}
      tabs={[
        { key: 'one', label: 'One', content: () => <p>first</p> },
        { key: 'two', label: 'Two', content: () => <p>second</p> },
        { key: 'three', label: 'Three', content: () => <p>third</p> },
      ]}
    />
  );
}

const press = async (key: string) => {
  await act(async () => {
    view.container.querySelector('[role="tablist"]')!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  });
};
const selected = () => view.container.querySelector('[role="tab"][aria-selected="true"]')!.textContent;

describe('Tabs', () => {
  it('moves with the arrow keys along the reading direction, Home and End to the ends', async () => {
    await render(<TwoTabs />);
    expect(selected()).toBe('One');
    expect(view.container.querySelector('[data-testid="tab-panel-one"]')!.textContent).toBe('first');
    await press('ArrowRight');
    expect(selected()).toBe('Two');
    expect(document.activeElement!.textContent).toBe('Two');
    await press('End');
    expect(selected()).toBe('Three');
    await press('ArrowRight');
    expect(selected()).toBe('One');
    await press('ArrowLeft');
    expect(selected()).toBe('Three');
    await press('Home');
    expect(selected()).toBe('One');
    // Only the active tab is in the Tab order; the panel is labelled by its tab.
    const tabs = [...view.container.querySelectorAll('[role="tab"]')];
    expect(tabs.map((tab) => tab.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    const panel = view.container.querySelector('[role="tabpanel"]')!;
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[0]!.id);
  });

  it('flips the arrow keys in Arabic and takes a panel test id prefix', async () => {
    await i18next.changeLanguage('ar');
    await render(<TwoTabs prefix="account-tab-" />);
    await press('ArrowLeft');
    expect(selected()).toBe('Two');
    expect(view.container.querySelector('[data-testid="account-tab-two"]')!.textContent).toBe('second');
    await press('ArrowRight');
    expect(selected()).toBe('One');
  });
});

describe('Field', () => {
  it('labels the control and describes it by its error and hint', async () => {
    await render(
      <>
        <Field name="bio" label="Bio" optionalText="(optional)" hint="Up to 500 characters" error="Too long">
          {(props) => <textarea {...props} />}
        </Field>
        <Field name="email" label="E-mail" required>
          {(props) => <input {...props} />}
        </Field>
      </>,
    );
    const bio = view.container.querySelector('textarea')!;
    const label = [...view.container.querySelectorAll('label')].find((element) => element.htmlFor === bio.id)!;
    expect(label.textContent).toBe('Bio (optional)');
    expect(bio.getAttribute('aria-invalid')).toBe('true');
    const described = bio.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)!.textContent);
    expect(described).toEqual(['Too long', 'Up to 500 characters']);
    expect(view.container.querySelector('[data-testid="error-bio"]')!.getAttribute('role')).toBe('alert');

    const email = view.container.querySelector('input')!;
    expect(email.getAttribute('aria-required')).toBe('true');
    expect(email.getAttribute('aria-invalid')).toBe('false');
    expect(email.hasAttribute('aria-describedby')).toBe(false);
  });
});

describe('useAsync with the data a server-rendered page came with', () => {
  it('is ready at once without loading, and loads when its inputs change', async () => {
    const asked: number[] = [];
    let setId: (id: number) => void = () => {};
    function Conference() {
      const [id, set] = useState(1);
      setId = set;
      const state = useAsync(
        () => {
          asked.push(id);
          return Promise.resolve(`loaded ${id}`);
        },
        [id],
        { initial: id === 1 ? 'served 1' : undefined },
      );
      return <p>{state.status === 'ready' ? state.data : 'loading'}</p>;
    }
    await render(<Conference />);
    expect(view.container.textContent).toBe('served 1');
    expect(asked).toEqual([]);
    await act(async () => setId(2));
    expect(view.container.textContent).toBe('loaded 2');
    expect(asked).toEqual([2]);
  });

  it('is loading from the first render with new inputs, the previous answer kept as data only', async () => {
    const renders: string[] = [];
    let setPage: (page: number) => void = () => {};
    function List() {
      const [page, set] = useState(1);
      setPage = set;
      const state = useAsync(() => Promise.resolve(`rows of page ${page}`), [page]);
      renders.push(`page ${page}: ${state.status} ${state.data ?? '-'}`);
      return <p>{state.status}</p>;
    }
    await render(<List />);
    await act(async () => setPage(2));
    // Never "page 2: ready rows of page 1" (the old rows shown as the new page's, unmarked).
    expect(renders.filter((line) => line.startsWith('page 2'))).toEqual(
      expect.arrayContaining(['page 2: loading rows of page 1', 'page 2: ready rows of page 2']),
    );
    expect(renders).not.toContain('page 2: ready rows of page 1');
    expect(view.container.textContent).toBe('ready');
  });
});


describe('EditScreen', () => {
  interface Request {
    id: number;
    title: string;
    pending: boolean;
  }
  const texts = { loading: 'Loading your request…', notFound: 'Not found or not yours.', newLink: 'New request' };
  const screen = (load: (id: string) => Promise<Request | null>, id: string) => (
    <EditScreen<Request>
      id={id}
      load={load}
      editable={(request) => request.pending}
      decided={(request) => <p>{`${request.title} was reviewed`}</p>}
      form={(request) => <form data-testid="the-form">{request.title}</form>}
      texts={texts}
      newPath="/request"
      testIdPrefix="request"
    />
  );

  it('shows the loading line, then the form of an editable record', async () => {
    let answer: (request: Request) => void = () => {};
    const load = (id: string) => new Promise<Request>((resolve) => (answer = (request) => resolve({ ...request, id: Number(id) })));
    await render(screen(load, '7'));
    expect(view.container.querySelector('[aria-busy="true"]')?.textContent).toBe(texts.loading);
    await act(async () => answer({ id: 0, title: 'Mine', pending: true }));
    expect(view.container.querySelector('[data-testid="the-form"]')?.textContent).toBe('Mine');
  });

  it('says "not found", with a link to a new form, for no record, a failure, or an id that is not a number (not asked)', async () => {
    const asked: string[] = [];
    // useAsync logs the failure.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const [id, load] of [
      ['8', () => Promise.resolve(null)],
      ['9', () => Promise.reject(new Error('404'))],
      ['abc', () => Promise.resolve({ id: 1, title: 'never', pending: true })],
    ] as const) {
      // A new key: a new screen for each id, as a new page would mount it.
      await render(<Fragment key={id}>{screen((value) => (asked.push(value), load()), id)}</Fragment>);
      const block = view.container.querySelector('[data-testid="request-not-found"]');
      expect(block?.getAttribute('role')).toBe('alert');
      expect(block?.textContent).toBe(texts.notFound + texts.newLink);
      expect(block?.querySelector('a')?.getAttribute('href')).toBe('/request');
    }
    expect(asked).toEqual(['8', '9']);
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });

  it('shows what a record that can no longer be edited says, and the new-form link, instead of the form', async () => {
    await render(screen(() => Promise.resolve({ id: 3, title: 'Old', pending: false }), '3'));
    const block = view.container.querySelector('[data-testid="request-not-editable"]');
    expect(block?.getAttribute('role')).toBe('status');
    expect(block?.textContent).toBe('Old was reviewed' + texts.newLink);
    expect(view.container.querySelector('[data-testid="the-form"]')).toBeNull();
  });
});

describe('Text: a text in the other language keeps its own lang and dir', () => {
  it('marks an Arabic text on an English page and an English text on an Arabic page, nothing in the page language', async () => {
    await view.render(
      <>
        <Text as="p" value="ملخص البحث باللغة العربية" data-testid="ar" />
        <Text value="An English abstract" data-testid="en" />
        <Text value="2027" data-testid="digits" />
        <Phrase text={(author) => `By ${author}.`} value="سلمى الهاشمي" />
      </>,
    );
    const ar = view.container.querySelector('[data-testid="ar"]')!;
    expect(ar.tagName).toBe('P');
    expect([ar.getAttribute('lang'), ar.getAttribute('dir')]).toEqual(['ar', 'rtl']);
    expect(view.container.querySelector('[data-testid="en"]')!.hasAttribute('lang')).toBe(false);
    expect(view.container.querySelector('[data-testid="digits"]')!.hasAttribute('dir')).toBe(false);
    const name = view.container.querySelector('span[lang="ar"]:not([data-testid])')!;
    expect(name.textContent).toBe('سلمى الهاشمي');
    expect(name.parentElement?.textContent).toContain('By سلمى الهاشمي.');

    await act(async () => {
      await i18next.changeLanguage('ar');
    });
    const en = view.container.querySelector('[data-testid="en"]')!;
    expect([en.getAttribute('lang'), en.getAttribute('dir')]).toEqual(['en', 'ltr']);
    expect(view.container.querySelector('[data-testid="ar"]')!.hasAttribute('lang')).toBe(false);
  });

  it('CountryOptions lists the countries by name in the given language, valued by code', async () => {
    await view.render(<select defaultValue="OM"><CountryOptions locale="ar" placeholder="—" value="OM" /></select>);
    const options = [...view.container.querySelectorAll('option')];
    expect(options[0]?.value).toBe('');
    expect(options[1]).toMatchObject({ value: 'AE', textContent: 'الإمارات العربية المتحدة' });
    expect(options).toHaveLength(250);
  });
});

describe('listAddress', () => {
  it('a changed filter goes back to the first page; an empty or unticked one is removed', () => {
    const start = new URLSearchParams('language=en&page=4&overdue=true');
    expect(listAddress(start, { research_type: 'doctorate' }).toString()).toBe('language=en&overdue=true&research_type=doctorate');
    expect(listAddress(start, { overdue: false }).toString()).toBe('language=en');
    expect(listAddress(start, { language: '', q: null }).toString()).toBe('overdue=true');
    expect(start.toString()).toBe('language=en&page=4&overdue=true');
  });

  it('a change of the page itself keeps the rest', () => {
    expect(listAddress(new URLSearchParams('q=ai&page=2'), { page: 3 }).toString()).toBe('q=ai&page=3');
    expect(listAddress(new URLSearchParams('q=ai&page=2'), { page: null }).toString()).toBe('q=ai');
  });
});

describe('ReportDialog', () => {
  // It brings its own texts in both languages (no app ships them).
  it('is in Arabic on an Arabic page after it was shown in English', async () => {
    const dialog = <ReportDialog target={{ item_type: 'research', item_id: 1 }} send={async () => 'sent'} onClose={() => undefined} />;
    await render(dialog);
    expect(view.container.textContent).toContain(reportTexts.en.title);
    await render(<></>);

    await i18next.changeLanguage('ar');
    await render(dialog);
    expect(view.container.textContent).toContain(reportTexts.ar.title);
    expect(view.container.textContent).not.toContain(reportTexts.en.title);
  });
});

/** A button that opens a confirmation, as the consoles and the profile do. */
function AskFirst({ removeOpener = false }: { removeOpener?: boolean }) {
  const [open, setOpen] = useState(false);
  const [gone, setGone] = useState(false);
  return (
    <>
      {gone ? null : <button type="button" data-testid="opener" onClick={() => setOpen(true)}>Delete</button>}
      <button type="button" data-testid="elsewhere">Elsewhere</button>
      {open ? (
        <ConfirmDialog
          title="Delete?"
          body="It cannot be undone."
          confirmLabel="Delete"
          cancelLabel="Keep"
          onConfirm={() => {
            setOpen(false);
            if (removeOpener) setGone(true);
          }}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

describe('ConfirmDialog gives the focus back to the button that opened it', () => {
  const $ = (selector: string) => view.container.querySelector(selector) as HTMLElement;
  const openDialog = async () => {
    $('[data-testid="opener"]').focus();
    await act(async () => $('[data-testid="opener"]').click());
    expect(document.activeElement).toBe($('[data-testid="confirm-dialog-confirm"]'));
  };

  it('when the keep button closes it', async () => {
    await render(<AskFirst />);
    await openDialog();
    await act(async () => ($('[data-testid="confirm-dialog"] button:not([data-testid])') as HTMLButtonElement).click());
    expect($('[data-testid="confirm-dialog"]')).toBeNull();
    expect(document.activeElement).toBe($('[data-testid="opener"]'));
  });

  it('when Escape closes it (the dialog’s cancel event)', async () => {
    await render(<AskFirst />);
    await openDialog();
    await act(async () => $('[data-testid="confirm-dialog"]').dispatchEvent(new Event('cancel', { cancelable: true })));
    expect($('[data-testid="confirm-dialog"]')).toBeNull();
    expect(document.activeElement).toBe($('[data-testid="opener"]'));
  });

  it('not when the button left the page, nor when the focus went elsewhere meanwhile', async () => {
    await render(<AskFirst removeOpener />);
    await openDialog();
    await act(async () => $('[data-testid="confirm-dialog-confirm"]').click());
    expect($('[data-testid="opener"]')).toBeNull();
    expect(document.activeElement).toBe(document.body);

    await render(<AskFirst key="again" />);
    await openDialog();
    $('[data-testid="elsewhere"]').focus();
    await act(async () => $('[data-testid="confirm-dialog"]').dispatchEvent(new Event('cancel', { cancelable: true })));
    expect(document.activeElement).toBe($('[data-testid="elsewhere"]'));
  });
});

describe('ProtectedFile: a PDF in the page where the browser shows one', () => {
  const link = { name: 'thesis.pdf', mime: 'application/pdf', size: 2048, view_url: 'files/1?token=v', download_url: 'files/1?token=d', inline: true, expires_at: '2031-01-01T00:00:00.000Z' };
  const file = (mime = 'application/pdf') => (
    <ProtectedFile
      file={{ name: link.name, mime, size: link.size }}
      loadLink={() => Promise.resolve({ ...link, mime })}
      toUrl={(relative) => `https://api.example/${relative}`}
      text={(key) => key}
      testId="file"
      renewMarginMs={0}
    />
  );
  const jsdomMatchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = jsdomMatchMedia;
    Reflect.deleteProperty(window.navigator, 'pdfViewerEnabled');
  });
  const setBrowser = (pdfViewerEnabled: boolean, phoneWide: boolean) => {
    Object.defineProperty(window.navigator, 'pdfViewerEnabled', { configurable: true, value: pdfViewerEnabled });
    window.matchMedia = ((query: string) => ({ matches: phoneWide && query === '(max-width: 767px)', media: query })) as unknown as typeof window.matchMedia;
  };

  it('frames it on a desktop browser with a PDF viewer', async () => {
    setBrowser(true, false);
    await render(file());
    await act(async () => {});
    expect(view.container.querySelector('[data-testid="file-viewer"]')?.getAttribute('src')).toBe('https://api.example/files/1?token=v');
  });

  it('offers to open or download it instead, on a browser without a PDF viewer (Android) or a phone-wide screen; an image is still framed', async () => {
    for (const [viewer, phone] of [[false, false], [true, true]] as const) {
      setBrowser(viewer, phone);
      await render(file());
      await act(async () => {});
      expect(view.container.querySelector('[data-testid="file-viewer"]')).toBeNull();
      expect(view.container.textContent).toContain('notInline');
      expect(view.container.textContent).toContain('openNewTab');
      expect(view.container.querySelector('[data-testid="file-download"]')?.getAttribute('download')).toBe('thesis.pdf');
    }
    await render(file('image/png'));
    await act(async () => {});
    expect(view.container.querySelector('[data-testid="file-viewer"]')).not.toBeNull();
  });
});

