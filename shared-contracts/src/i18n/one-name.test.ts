/**
 * One name for each thing (issue 21): the product's Arabic name, the Arabic label of "under review",
 * the review queue and the founder were each written two ways. This scans the texts of every app, the API's e-mails
 * and the seed data, and fails if a retired wording comes back.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SITE_NAME } from './core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SCANNED = ['shared-contracts/src', 'shell/src', 'shell/server', 'conferences-mfe/src', 'community-mfe/src', 'library-mfe/src', 'account-mfe/src', 'api/src', 'e2e/support'];
const THIS_FILE = fileURLToPath(import.meta.url);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.(ts|tsx|mjs)$/.test(name) && file !== THIS_FILE ? [file] : [];
  });
}

const files = SCANNED.flatMap((dir) => sources(path.join(ROOT, dir))).map((file) => ({ file: path.relative(ROOT, file), text: readFileSync(file, 'utf8') }));
const containing = (needle: string) => files.filter(({ text }) => text.includes(needle)).map(({ file }) => file);

describe('one name for each thing', () => {
  it('scans the apps, the API and the seed', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(containing('export const teamMembers')).toContain('api/src/db/seed-data.ts');
  });

  it('names the product "ملتقى الباحثين" in Arabic, never "منصة الباحثين"', () => {
    expect(SITE_NAME.ar).toBe('ملتقى الباحثين');
    expect(containing('منصة الباحثين')).toEqual([]);
    expect(containing('منصّة الباحثين')).toEqual([]);
  });

  it('labels "under review" "قيد المراجعة" in Arabic, never "قيد التحكيم"', () => {
    expect(containing('قيد التحكيم')).toEqual([]);
    expect(containing("under_review: 'قيد المراجعة'").length).toBeGreaterThan(0);
  });

  it('names the review queue "قائمة التحكيم" and a research reviewer "محكّم" in Arabic (التحكيم is peer review)', () => {
    // The sidebar said "قائمة المراجعة" above a page titled "قائمة التحكيم"; the student read "مراجعي المنصة".
    expect(containing('قائمة المراجعة')).toEqual([]);
    expect(containing('مراجعي المنصة')).toEqual([]);
    expect(containing('أحد المراجعين')).toEqual([]);
    expect(containing("adminReview: 'قائمة التحكيم'").length).toBeGreaterThan(0);
  });

  it("the about page's founder is the team's founder in the seed", () => {
    const seed = files.find(({ file }) => file === 'api/src/db/seed-data.ts')!.text;
    // The team member whose English bio says "Founder of the platform".
    const founder = /nameEn: '([^']+)',\s*bio: '[^']*',\s*bioEn: 'Founder of the platform/.exec(seed);
    const founderAr = /name: '([^']+)',\s*nameEn: '[^']+',\s*bio: '[^']*',\s*bioEn: 'Founder of the platform/.exec(seed);
    expect(founder?.[1]).toBeTruthy();
    // The about page's texts are seeded beside the team (site_pages, migration 0023).
    expect(/founder_name_en: '([^']+)'/.exec(seed)?.[1]).toContain(founder![1]);
    expect(/founder_name: '([^']+)'/.exec(seed)?.[1]).toContain(founderAr![1]);
  });
});
