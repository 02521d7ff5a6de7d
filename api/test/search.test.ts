import { describe, expect, it } from 'vitest';
import { conferencePageResponseSchema, researchCommunityPageResponseSchema } from '@scholars/shared-contracts/schemas';
import { escapeLike, normalizeSearchText, searchTerms } from '../src/lib/arabic-search';
import { postJson, useApp } from './helper';

describe('normalizeSearchText', () => {
  it.each([
    ['مُؤْتَمَرٌ', 'موتمر'],
    ['مؤتمر', 'موتمر'],
    ['أحمد', 'احمد'],
    ['إسلام', 'اسلام'],
    ['آفاق', 'افاق'],
    ['ٱلكتاب', 'الكتاب'],
    ['مستشفى', 'مستشفي'],
    ['جامعة', 'جامعه'],
    ['مسؤولية', 'مسووليه'],
    ['رئيس', 'رييس'],
    ['جامعـــة', 'جامعه'],
    ['الذَّكَاءُ الاصْطِنَاعِيُّ', 'الذكاء الاصطناعي'],
    ['Café, COVID-19!', 'cafe covid 19'],
    ['٢٠٢٦', '2026'],
    ['ﻻ', 'لا'],
    ['  many   spaces\t', 'many spaces'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected);
  });

  it('splits a query into distinct words, at most 8, and escapes LIKE wildcards', () => {
    expect(searchTerms('الذكاء  الاصطناعي الذكاء')).toEqual(['اصطناعي', 'ذكاء']); // each without its article
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(8);
    expect(searchTerms('   ')).toEqual([]);
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
  });
});

const app = useApp();

async function conferenceIds(search: string, extra: Record<string, unknown> = {}) {
  const { status, body } = await postJson(app(), '/api/conference/paginate', { limit: 100, page: 1, col: 'id', search, ...extra });
  expect(status).toBe(200);
  const parsed = conferencePageResponseSchema.parse(body);
  expect(parsed.tot).toBe(parsed.data.length);
  return parsed.data.map((c) => c.id);
}

async function researchIds(search: string) {
  const { status, body } = await postJson(app(), '/api/research-community/paginate', { limit: 100, page: 1, col: 'id', search });
  expect(status).toBe(200);
  return researchCommunityPageResponseSchema.parse(body).data.map((item) => item.id);
}

describe('Arabic-aware search over both languages and keywords', () => {
  it('finds the same conferences with and without diacritics', async () => {
    const plain = await conferenceIds('الذكاء الاصطناعي');
    expect(plain).toContain(1);
    expect(await conferenceIds('الذَّكَاءُ الاصْطِنَاعِيُّ')).toEqual(plain);
  });

  it('folds hamza forms, ta marbuta and alef maqsura', async () => {
    const withHamza = await conferenceIds('الإمارات');
    expect(withHamza.length).toBeGreaterThan(0);
    expect(await conferenceIds('الامارات')).toEqual(withHamza);
    expect(await conferenceIds('مؤتمر')).toEqual(await conferenceIds('موتمر'));
    expect(await conferenceIds('الاستدامة')).toEqual(await conferenceIds('الإستدامه'));
    expect(await conferenceIds('الاستدامة')).toContain(2);
    expect(await researchIds('مستشفى')).toEqual(await researchIds('مستشفي'));
  });

  it('matches the English fields and keywords, case-insensitively', async () => {
    expect(await conferenceIds('Sustainability')).toEqual(await conferenceIds('sustainability'));
    expect(await conferenceIds('renewable ENERGY')).toEqual([2]);
    expect(await conferenceIds('SPSS')).toEqual([6]);
    expect(await researchIds('handwritten arabic')).toEqual([2]);
  });

  it('requires every word (AND), in any order', async () => {
    expect(await conferenceIds('التعليم الذكاء')).toEqual([1]);
    expect(await conferenceIds('الذكاء المريخ')).toEqual([]);
  });

  it('combines with the category filter and returns nothing for no match', async () => {
    expect(await conferenceIds('ندوة', { category_id: 3 })).toEqual([8, 9, 10]);
    expect(await conferenceIds('zzzz-no-such-thing')).toEqual([]);
  });

  it('treats LIKE wildcards and quotes as separators, never as SQL (bound parameters)', async () => {
    expect(await conferenceIds('%')).toHaveLength(12); // punctuation only: an empty search
    expect(await conferenceIds('_')).toHaveLength(12);
    expect(await conferenceIds('zq%zq')).toEqual([]);
    expect(await conferenceIds('renewable%energy')).toEqual(await conferenceIds('renewable energy'));
    expect(await conferenceIds("x' OR '1'='1")).toEqual(await conferenceIds('x OR 1 1'));
    expect(await conferenceIds("'; DROP TABLE conferences; --")).toEqual(await conferenceIds('DROP TABLE conferences'));
    expect(await conferenceIds('')).toHaveLength(12);
  });
});
