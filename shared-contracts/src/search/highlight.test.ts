import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { highlightSegments, highlightTerms, normalizeSearchText, searchTerms } from './index';

const marked = (text: string, search: string) => highlightSegments(text, search).filter((s) => s.match).map((s) => s.text);

describe('highlightSegments', () => {
  it('marks what the search folds to, keeping the text as written', () => {
    expect(marked('إدارة الموارد المائية', 'اداره')).toEqual(['إدارة']);
    expect(marked('الذَّكَاءُ الاصْطِنَاعِيُّ في التعليم', 'الذكاء الاصطناعي')).toEqual(['الذَّكَاءُ', 'الاصْطِنَاعِيُّ']);
    expect(marked('جامعـــة الشارقة', 'جامعه')).toEqual(['جامعـــة']);
    expect(marked('مؤتمر دولي', 'موتمر الدولى')).toEqual(['مؤتمر', 'دولي']);
    expect(marked('Artificial Intelligence and AI ethics, Mail', 'ai')).toEqual(['AI', 'ai']);
    expect(marked('Café culture', 'cafe')).toEqual(['Café']);
  });

  it('a word typed with its Arabic article marks the whole word, or the word without it', () => {
    expect(marked('أخلاقيات البحث العلمي', 'الأخلاقيات')).toEqual(['أخلاقيات']);
    expect(marked('الأخلاقيات في البحث', 'الأخلاقيات')).toEqual(['الأخلاقيات']);
    expect(marked('ندوة للباحثين', 'الباحثين')).toEqual(['باحثين']);
  });

  it('searches a word without its Arabic article (ال or لل), when three letters or more remain', () => {
    expect(searchTerms('الأخلاقيات')).toEqual(['اخلاقيات']);
    expect(searchTerms('للبحث العلمي')).toEqual(['علمي', 'بحث']);
    // Too short to be a word without it, or not the article: kept as typed.
    expect(searchTerms('الله الم')).toEqual(['الله', 'الم']);
    expect(searchTerms('والدين')).toEqual(['والدين']);
    expect(searchTerms('all alpha')).toEqual(['alpha', 'all']);
  });

  it('covers a diacritic written after the last letter, and splits nothing else', () => {
    expect(highlightSegments('في الإدارةِ العامة', 'اداره')).toEqual([
      { text: 'في ال', match: false },
      { text: 'إدارةِ', match: true },
      { text: ' العامة', match: false },
    ]);
    expect(highlightSegments('no match here', 'zzz')).toEqual([{ text: 'no match here', match: false }]);
    expect(highlightSegments('text', '  ')).toEqual([{ text: 'text', match: false }]);
    expect(highlightSegments('', 'a')).toEqual([]);
  });

  const alphabet = [...'ابتةجدرسعلمنهويىأإآؤئ', '\u064E', '\u0650', '\u0651', '\u0640', ...'aeAIcé', ' ', ',', '-', '٢'];
  const textArb = fc.array(fc.constantFrom(...alphabet), { maxLength: 40 }).map((cs) => cs.join(''));

  it('segments concatenate to the text; every marked segment folds to a searched word (property)', () => {
    fc.assert(
      fc.property(textArb, textArb, (text, search) => {
        const segments = highlightSegments(text, search);
        expect(segments.map((s) => s.text).join('')).toBe(text);
        const terms = highlightTerms(search);
        for (const segment of segments) {
          expect(segment.text.length).toBeGreaterThan(0);
          if (segment.match) expect(terms).toContain(normalizeSearchText(segment.text));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('marks a word wherever the search would find it (property)', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        const word = normalizeSearchText(text).split(' ').find(Boolean);
        if (!word) return;
        expect(highlightSegments(text, word).some((s) => s.match)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
