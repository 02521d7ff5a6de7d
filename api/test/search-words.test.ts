/**
 * The word index (migration 0022, lib/pagination.ts searchConditions) finds exactly the rows the
 * LIKE over `search_text` finds, for any text and any query: the property over random texts made
 * of Arabic and English fragments (so terms fall inside words, across word starts and ends, and
 * repeat), after inserts and after texts change (the vocabulary follows both). The ads table is
 * the vehicle: it has the same stored columns as the big lists and few required fields.
 */
import fc from 'fast-check';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ads, searchVocabulary } from '../src/db/schema';
import { buildSearchText, escapeLike, searchTerms } from '../src/lib/arabic-search';
import { filterTerms, searchConditions } from '../src/lib/pagination';
import { useApp } from './helper';

const app = useApp();

const FRAGMENTS = ['ال', 'ذكاء', 'اصطناعي', 'إدارة', 'اداره', 'و', 'بال', 'مؤتمر', 'دولي', 'data', 'science', 'sci', 'e', 'learning', '19', 'covid', 'ة', 'ى', 'ab'];
const word = fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 3 }).map((parts) => parts.join(''));
const text = fc.array(word, { minLength: 0, maxLength: 8 }).map((words) => words.join(' '));
const query = fc.array(fc.oneof(word, fc.constantFrom(...FRAGMENTS)), { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));

async function idsByWords(ids: number[], search: string) {
  const rows = await app().db.select({ id: ads.id }).from(ads).where(and(inArray(ads.id, ids), ...searchConditions(ads, search)));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** The reference: every term a substring of the stored text. */
async function idsByLike(ids: number[], search: string) {
  const terms = searchTerms(search).map((term) => sql`${ads.searchText} LIKE ${`%${escapeLike(term)}%`} ESCAPE '\\'`);
  const rows = await app().db.select({ id: ads.id }).from(ads).where(and(inArray(ads.id, ids), ...terms));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

async function insertAds(texts: string[]) {
  const rows = await app()
    .db.insert(ads)
    .values(texts.map((t, n) => ({ title: `اعلان ${n}`, titleEn: `Ad ${n}`, imageUrl: '/files/ad.webp', active: false, searchText: buildSearchText(t) })))
    .returning({ id: ads.id });
  return rows.map((row) => row.id);
}

describe('search through the word index', () => {
  it('finds exactly what the LIKE over the text finds, after inserts and after changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(text, { minLength: 1, maxLength: 6 }), fc.array(text, { minLength: 1, maxLength: 6 }), fc.array(query, { minLength: 1, maxLength: 4 }), async (texts, changed, queries) => {
        const ids = await insertAds(texts);
        try {
          for (const q of queries) expect(await idsByWords(ids, q)).toEqual(await idsByLike(ids, q));
          // New texts, some with words the vocabulary has never seen.
          for (const [n, id] of ids.entries()) await app().db.update(ads).set({ searchText: buildSearchText(changed[n % changed.length]!, `new${id}x`) }).where(eq(ads.id, id));
          for (const q of [...queries, `new${ids[0]}`, 'w1x']) expect(await idsByWords(ids, q)).toEqual(await idsByLike(ids, q));
        } finally {
          await app().db.delete(ads).where(inArray(ads.id, ids));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('checks a row only for the terms no other term of the search contains (the property above holds with them)', () => {
    expect(filterTerms('e-learning')).toEqual(['learning']);
    expect(filterTerms('sci data science')).toEqual(['science', 'data']);
    expect(filterTerms('التعليم تعليم الذكاء')).toEqual(['تعليم', 'ذكاء']);
    expect(filterTerms('covid 19')).toEqual(['covid', '19']);
  });

  it('keeps each new word once in the vocabulary, and no empty word', async () => {
    const ids = await insertAds(['kalimaunique kalimaunique', 'kalimaunique']);
    await app().db.update(ads).set({ active: false }).where(inArray(ads.id, ids));
    const count = async (w: string) => (await app().db.select({ word: searchVocabulary.word }).from(searchVocabulary).where(eq(searchVocabulary.word, w))).length;
    expect(await count('kalimaunique')).toBe(1);
    expect(await count('')).toBe(0);
    await app().db.delete(ads).where(inArray(ads.id, ids));
  });

  it('leaves a 255-letter "word" out of the index, and still finds a long term by its text', async () => {
    const long = 'ب'.repeat(300);
    const [id] = await insertAds([`قصير ${long}`]);
    const [row] = await app().db.select({ words: ads.searchWords }).from(ads).where(eq(ads.id, id!));
    expect(row!.words).not.toContain(long);
    expect(await idsByWords([id!], 'قصير')).toEqual([id]);
    expect(await idsByWords([id!], long)).toEqual([id]);
    await app().db.delete(ads).where(eq(ads.id, id!));
  });
});
