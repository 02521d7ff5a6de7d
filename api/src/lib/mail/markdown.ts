/**
 * Markdown made e-mail-safe (the newsletter, issue 20): markdown-it with raw HTML off (an author's
 * `<script>` or `<img onerror>` stays text), links only to http(s) and mailto addresses, no images
 * (mail clients block remote pictures, and a picture is a tracking pixel), every element styled
 * inline (mail clients drop `<style>` and classes; physical sides, which they all read), and a
 * plain-text version from the same tokens. The layout around it is `renderMail`'s (templates.ts).
 */
import MarkdownIt, { type Token } from 'markdown-it';
import type { Locale } from '@scholars/shared-contracts/locale';
import { directionOf } from '@scholars/shared-contracts/locale';
import { escapeHtml } from './templates';

const md = new MarkdownIt('default', { html: false, linkify: true, breaks: true, typographer: false });
md.disable('image');
md.validateLink = (url: string) => /^(https?:|mailto:)/i.test(url.trim());
// Code blocks without the `language-x` class nobody styles in a mail.
md.renderer.rules.fence = (tokens, index) => codeBlock(tokens[index]!);
md.renderer.rules.code_block = (tokens, index) => codeBlock(tokens[index]!);

const PRE_STYLE = 'font-family:monospace;background:#f1f1f1;padding:10px;border-radius:4px;direction:ltr;text-align:left;white-space:pre-wrap';
function codeBlock(token: Token): string {
  return `<pre style="${PRE_STYLE}"><code>${escapeHtml(token.content)}</code></pre>\n`;
}

/** The inline style of each element, by tag, for a text written in `dir`. */
function styles(dir: 'ltr' | 'rtl'): Record<string, string> {
  const start = dir === 'rtl' ? 'right' : 'left';
  return {
    p: 'margin:0 0 14px;line-height:1.6',
    h1: 'font-size:22px;line-height:1.3;margin:20px 0 10px',
    h2: 'font-size:19px;line-height:1.3;margin:18px 0 8px',
    h3: 'font-size:17px;margin:16px 0 8px',
    h4: 'font-size:15px;margin:14px 0 6px',
    h5: 'font-size:15px;margin:14px 0 6px',
    h6: 'font-size:15px;margin:14px 0 6px',
    ul: `margin:0 0 14px;padding-${start}:24px`,
    ol: `margin:0 0 14px;padding-${start}:24px`,
    li: 'margin:0 0 6px;line-height:1.6',
    a: 'color:#0f5c4d;text-decoration:underline',
    blockquote: `margin:0 0 14px;padding:8px 12px;border-${start}:3px solid #cccccc;color:#333333`,
    code: 'font-family:monospace;background:#f1f1f1;padding:1px 4px;border-radius:3px',
    hr: 'border:0;border-top:1px solid #dddddd;margin:20px 0',
    table: 'border-collapse:collapse;margin:0 0 14px',
    th: 'border:1px solid #dddddd;padding:6px 8px',
    td: 'border:1px solid #dddddd;padding:6px 8px',
  };
}

function styleTokens(tokens: Token[], table: Record<string, string>): void {
  for (const token of tokens) {
    if (token.children) styleTokens(token.children, table);
    if (token.nesting === -1 || token.type === 'fence' || token.type === 'code_block') continue;
    const style = table[token.tag];
    if (!style) continue;
    // Table cells carry their alignment already (`text-align:...`).
    const own = token.attrGet('style');
    token.attrSet('style', own ? `${own};${style}` : style);
    if (token.type === 'link_open') token.attrSet('rel', 'noopener');
  }
}

/** The text of an inline token's children; a link's address follows its label unless they are the same. */
function inlineText(children: Token[]): string {
  let text = '';
  const links: Array<{ href: string; from: number }> = [];
  for (const child of children) {
    if (child.type === 'text' || child.type === 'code_inline' || child.type === 'html_inline') text += child.content;
    else if (child.type === 'softbreak' || child.type === 'hardbreak') text += '\n';
    else if (child.type === 'link_open') links.push({ href: child.attrGet('href') ?? '', from: text.length });
    else if (child.type === 'link_close') {
      const link = links.pop();
      if (!link) continue;
      const label = text.slice(link.from).trim();
      const bare = link.href.replace(/^mailto:/i, '');
      if (link.href && label !== link.href && label !== bare) text += ` (${bare})`;
    }
  }
  return text;
}

function plainText(tokens: Token[]): string {
  const lines: string[] = [];
  const lists: Array<{ ordered: boolean; next: number }> = [];
  let quote = 0;
  let bullet: string | null = null;
  let row: string[] | null = null;
  const blank = () => {
    if (lines.length > 0 && lines[lines.length - 1] !== '') lines.push('');
  };
  const indent = () => '> '.repeat(quote) + '   '.repeat(Math.max(lists.length - 1, 0));
  for (const token of tokens) {
    switch (token.type) {
      case 'bullet_list_open':
        lists.push({ ordered: false, next: 1 });
        break;
      case 'ordered_list_open':
        lists.push({ ordered: true, next: Number(token.attrGet('start') ?? 1) });
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        if (lists.length === 0) blank();
        break;
      case 'list_item_open': {
        const list = lists[lists.length - 1]!;
        bullet = list.ordered ? `${list.next++}. ` : '• ';
        break;
      }
      case 'blockquote_open':
        quote += 1;
        break;
      case 'blockquote_close':
        quote -= 1;
        blank();
        break;
      case 'tr_open':
        row = [];
        break;
      case 'tr_close':
        lines.push(indent() + (row ?? []).join(' | '));
        row = null;
        break;
      case 'table_close':
        blank();
        break;
      case 'inline': {
        const text = inlineText(token.children ?? []);
        if (row) {
          row.push(text);
          break;
        }
        const first = indent() + (bullet ?? '');
        const rest = indent() + ' '.repeat(bullet?.length ?? 0);
        text.split('\n').forEach((line, i) => lines.push((i === 0 ? first : rest) + line));
        bullet = null;
        break;
      }
      case 'paragraph_close':
      case 'heading_close':
        if (lists.length === 0) blank();
        break;
      case 'fence':
      case 'code_block':
        for (const line of token.content.replace(/\n$/, '').split('\n')) lines.push(`${indent()}    ${line}`);
        blank();
        break;
      case 'hr':
        lines.push(`${indent()}———`);
        blank();
        break;
      default:
        break;
    }
  }
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}

export interface RenderedMarkdown {
  /** E-mail-safe HTML (inline styles), to be placed inside the mail layout. */
  html: string;
  text: string;
}

/** `source` (Markdown written in `locale`) as e-mail-safe HTML and as plain text. */
export function renderMarkdown(source: string, locale: Locale): RenderedMarkdown {
  const env = {};
  const tokens = md.parse(source, env);
  const text = plainText(tokens);
  styleTokens(tokens, styles(directionOf(locale)));
  return { html: md.renderer.render(tokens, md.options, env), text };
}
