/**
 * The local checkout page (no payment provider configured): plain HTML, no script at all, its
 * stylesheet served next to it, so it runs under the API's strict CSP (`default-src 'self'`,
 * no inline script or style) and under the shell's when reached through its /api proxy.
 * Three buttons post the outcome: pay, a failed payment, cancel.
 */
import { directionOf, formatAmount, otherLocale, type Locale } from '@scholars/shared-contracts/locale';
import { escapeHtml } from '../mail/templates';

const TEXTS = {
  en: {
    title: 'Checkout',
    badge: 'Test mode',
    notice: 'This is a payment simulator for trying the platform: no card is charged and no money moves. The plan is activated as if it had been paid.',
    notBuyer: 'Only the account that started this checkout can complete it, from the browser it was started in. Sign in and choose the plan again.',
    plan: 'Plan',
    price: 'Price',
    perYear: (amount: string, currency: string) => `${currency} ${amount} per year`,
    pay: 'Pay now',
    fail: 'Simulate a failed payment',
    cancel: 'Cancel and go back',
    closed: 'This checkout is no longer open.',
    home: 'Back to the home page',
    language: 'العربية',
    card: 'Test card •••• 4242',
  },
  ar: {
    title: 'الدفع',
    badge: 'وضع تجريبي',
    notice: 'هذه محاكاة للدفع لتجربة المنصة: لن تُخصم أي مبالغ من أي بطاقة ولا تنتقل أي أموال. تُفعَّل الخطة كما لو دُفعت.',
    notBuyer: 'لا يُكمل عملية الدفع هذه إلا الحساب الذي بدأها ومن المتصفح نفسه. سجّل الدخول واختر الخطة من جديد.',
    plan: 'الخطة',
    price: 'السعر',
    perYear: (amount: string) => `${amount} درهم سنويًا`,
    pay: 'ادفع الآن',
    fail: 'محاكاة فشل الدفع',
    cancel: 'إلغاء والعودة',
    closed: 'صفحة الدفع هذه لم تعد متاحة.',
    home: 'العودة إلى الصفحة الرئيسية',
    language: 'English',
    card: 'بطاقة تجريبية •••• 4242',
  },
} as const;

function layout(locale: Locale, title: string, body: string, stylesheet: string): string {
  return `<!doctype html>
<html lang="${locale}" dir="${directionOf(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${escapeHtml(stylesheet)}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<main class="card" data-testid="local-checkout">
${body}
</main>
</body>
</html>`;
}

export interface CheckoutPageData {
  locale: Locale;
  /** Form target and the language switch link (path of this page without query). */
  action: string;
  stylesheet: string;
  planName: string;
  price: number;
  currency: string;
  open: boolean;
  /** The browser that started this checkout as its buyer: only it gets the buttons. */
  fromBuyer: boolean;
  homeUrl: string;
}

export function renderCheckoutPage(data: CheckoutPageData): string {
  const t = TEXTS[data.locale];
  const other = otherLocale(data.locale);
  const amount = formatAmount(data.price);
  const header = `<header class="head">
<h1>${escapeHtml(t.title)}</h1>
<span class="badge">${escapeHtml(t.badge)}</span>
<a class="lang" href="${escapeHtml(`${data.action}?lang=${other}`)}" lang="${other}">${escapeHtml(t.language)}</a>
</header>`;
  if (!data.open || !data.fromBuyer) {
    return layout(
      data.locale,
      t.title,
      `${header}
<p class="closed" role="status" data-testid="checkout-closed">${escapeHtml(data.open ? t.notBuyer : t.closed)}</p>
<a class="button primary" href="${escapeHtml(data.homeUrl)}">${escapeHtml(t.home)}</a>`,
      data.stylesheet,
    );
  }
  return layout(
    data.locale,
    t.title,
    `${header}
<p class="notice">${escapeHtml(t.notice)}</p>
<dl class="summary">
<div><dt>${escapeHtml(t.plan)}</dt><dd data-testid="checkout-plan">${escapeHtml(data.planName)}</dd></div>
<div><dt>${escapeHtml(t.price)}</dt><dd data-testid="checkout-price">${escapeHtml(t.perYear(amount, data.currency))}</dd></div>
</dl>
<p class="cardline">${escapeHtml(t.card)}</p>
<form method="post" action="${escapeHtml(data.action)}" class="actions">
<button type="submit" name="action" value="pay" class="button primary">${escapeHtml(t.pay)}</button>
<button type="submit" name="action" value="fail" class="button danger">${escapeHtml(t.fail)}</button>
<button type="submit" name="action" value="cancel" class="button">${escapeHtml(t.cancel)}</button>
</form>`,
    data.stylesheet,
  );
}

/** The page's stylesheet: logical properties only, light and dark. */
export const CHECKOUT_CSS = `:root{color-scheme:light dark;--bg:#f1f5f9;--card:#fff;--text:#0f172a;--muted:#475569;--line:#e2e8f0;--accent:#047857;--accent-text:#fff;--danger:#b91c1c}
@media (prefers-color-scheme:dark){:root{--bg:#020617;--card:#0f172a;--text:#f1f5f9;--muted:#cbd5e1;--line:#334155;--accent:#10b981;--accent-text:#022c22;--danger:#f87171}}
*{box-sizing:border-box}
body{margin:0;min-block-size:100vh;display:grid;place-items:center;background:var(--bg);color:var(--text);font-family:system-ui,-apple-system,"Segoe UI","Noto Sans Arabic",Tahoma,sans-serif;line-height:1.5}
.card{inline-size:min(32rem,100% - 2rem);background:var(--card);border:1px solid var(--line);border-radius:1rem;padding:2rem;margin-block:2rem}
.head{display:flex;align-items:center;gap:.75rem;flex-wrap:wrap}
.head h1{margin:0;font-size:1.5rem}
.badge{border-radius:999px;background:#fef3c7;color:#78350f;padding-inline:.6rem;padding-block:.1rem;font-size:.8rem;font-weight:600}
.lang{margin-inline-start:auto;color:var(--accent)}
.notice,.cardline{color:var(--muted)}
.summary{margin-block:1.5rem;border-block:1px solid var(--line);padding-block:.5rem}
.summary div{display:flex;justify-content:space-between;gap:1rem;padding-block:.4rem}
.summary dt{color:var(--muted)}
.summary dd{margin:0;font-weight:600;text-align:end}
.actions{display:grid;gap:.75rem;margin-block-start:1.5rem}
.button{display:block;inline-size:100%;text-align:center;text-decoration:none;font:inherit;font-weight:600;cursor:pointer;border-radius:.6rem;padding-block:.7rem;padding-inline:1rem;border:1px solid var(--line);background:transparent;color:var(--text)}
.button.primary{background:var(--accent);border-color:var(--accent);color:var(--accent-text)}
.button.danger{color:var(--danger);border-color:var(--danger)}
.button:focus-visible,.lang:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.closed{font-size:1.1rem;margin-block:1.5rem}
`;
