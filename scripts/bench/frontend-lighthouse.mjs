/**
 * Lighthouse (the `lighthouse` package, its default config = the mobile preset: moto g power
 * screen, simulated slow 4G and 4x CPU slowdown) on Debian's Chromium, one fresh browser per run.
 */
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './frontend-network.mjs';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * @param {string} url
 * @returns {Promise<{ scores: Record<string, number>, lcpMs: number, tbtMs: number, cls: number, failing: string[] }>}
 */
export async function runLighthouse(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(CATEGORIES.map((name) => [name, Math.round((lhr.categories[name]?.score ?? 0) * 100)]));
    // Audits that cost points: the findings to fix (weight > 0, score < 1).
    const failing = [];
    for (const name of CATEGORIES) {
      for (const ref of lhr.categories[name]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative') {
          failing.push(`${name}: ${ref.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
        }
      }
    }
    return {
      scores,
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      failing,
      lhr,
    };
  } finally {
    await chrome.kill();
  }
}
