import { describe, expect, it } from 'vitest';
import { linkify, safeHref } from './linkify';

describe('linkify', () => {
  it('turns http(s) and www addresses into links and keeps the rest as text', () => {
    expect(linkify('see https://example.org/a?b=1 and www.uaeu.ac.ae.')).toEqual([
      { type: 'text', value: 'see ' },
      { type: 'link', value: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { type: 'text', value: ' and ' },
      { type: 'link', value: 'www.uaeu.ac.ae', href: 'https://www.uaeu.ac.ae/' },
      { type: 'text', value: '.' },
    ]);
  });

  it('leaves trailing punctuation (Latin and Arabic) out of the address, keeps balanced parentheses', () => {
    expect(linkify('(https://en.wikipedia.org/wiki/Tree_(graph)), انظر https://example.org/بحث؟')).toEqual([
      { type: 'text', value: '(' },
      { type: 'link', value: 'https://en.wikipedia.org/wiki/Tree_(graph)', href: 'https://en.wikipedia.org/wiki/Tree_(graph)' },
      { type: 'text', value: '), انظر ' },
      { type: 'link', value: 'https://example.org/بحث', href: 'https://example.org/%D8%A8%D8%AD%D8%AB' },
      { type: 'text', value: '؟' },
    ]);
  });

  it('never links other schemes or markup', () => {
    const text = 'javascript:alert(1) data:text/html,<script>x</script> <a href="https://x.example">y</a>';
    const links = linkify(text).filter((segment) => segment.type === 'link');
    expect(links.map((link) => link.href)).toEqual(['https://x.example/']);
    expect(linkify(text).map((segment) => segment.value).join('')).toBe(text);
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('https://user:pass@evil.example')).toBeNull();
  });

  it('returns the text unchanged when there is no address', () => {
    expect(linkify('مرحبا <b>بكم</b>')).toEqual([{ type: 'text', value: 'مرحبا <b>بكم</b>' }]);
    expect(linkify('')).toEqual([]);
  });
});
