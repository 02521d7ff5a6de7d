import { useMemo, useRef } from 'react';

/**
 * The page's Content-Security-Policy (`style-src 'self'`) reaches a `srcdoc` frame, and would drop
 * every inline `style` attribute of a mail (its whole layout: mail clients read only those). They
 * travel as `data-mail-style` and are applied through the CSSOM once the frame has loaded, which the
 * policy does not govern. Renamed in the text, not through a parsed document (Chromium applies the
 * page's policy to a DOMParser's document too). The mails' HTML is the API's templates: every
 * quote inside a text or an attribute is escaped, so ` style="` only ever starts that attribute.
 */
const withDeferredStyles = (html: string): string => html.replace(/(\s)style="/g, '$1data-mail-style="');

/**
 * An e-mail's HTML as its reader sees it, in a frame where nothing runs: no scripts, forms,
 * pop-ups or navigation of the page (`sandbox` without `allow-scripts`; `allow-same-origin` only so
 * that this page can apply the mail's styles, see {@link withDeferredStyles}).
 */
export function MailFrame({ html, title, testId }: { html: string; title: string; testId?: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const srcDoc = useMemo(() => withDeferredStyles(html), [html]);
  const applyStyles = () => {
    for (const element of frame.current?.contentDocument?.querySelectorAll<HTMLElement>('[data-mail-style]') ?? []) {
      element.style.cssText = element.dataset.mailStyle ?? '';
    }
  };
  return (
    <iframe
      ref={frame}
      title={title}
      sandbox="allow-same-origin"
      srcDoc={srcDoc}
      onLoad={applyStyles}
      data-testid={testId}
      className="mt-1 h-96 w-full rounded-lg border border-slate-200 bg-white dark:border-slate-700"
    />
  );
}
