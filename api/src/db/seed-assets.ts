/**
 * The seed's files, generated (no external images, nothing downloaded): small SVG images under
 * `public/images/...` (served at /files/images/...) and small PDFs of the seeded research under
 * `private/research/...` (full files need a subscription, so they are never under `public/`).
 * `npm run seed:assets -w @scholars/api` writes them to api/seed-assets/; a test checks that the
 * committed files match this generator.
 */
import * as data from './seed-data';
import { libraryAssets } from './seed-library';

export interface SeedAsset {
  /** Path relative to api/seed-assets/, as stored in the database. */
  path: string;
  content: string;
}

const PALETTES: Array<[string, string, string]> = [
  ['#0f766e', '#1e3a8a', '#5eead4'],
  ['#7c2d12', '#b45309', '#fde68a'],
  ['#312e81', '#6d28d9', '#c4b5fd'],
  ['#14532d', '#0f766e', '#86efac'],
  ['#1e3a8a', '#0369a1', '#7dd3fc'],
  ['#831843', '#9d174d', '#f9a8d4'],
  ['#3f3f46', '#1f2937', '#d4d4d8'],
];

const palette = (n: number) => PALETTES[n % PALETTES.length]!;

function frame(width: number, height: number, n: number, label: string, body: string): string {
  const [from, to, accent] = palette(n);
  const circles = [0, 1, 2]
    .map((i) => {
      const cx = ((n * 97 + i * 211) % width).toFixed(0);
      const cy = ((n * 53 + i * 131) % height).toFixed(0);
      const r = (60 + ((n * 31 + i * 47) % 120)).toFixed(0);
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${accent}" fill-opacity="0.12"/>`;
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${label}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#g)"/>${circles}${body}</svg>\n`
  );
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch] ?? ch);

function conferenceSvg(id: number, label: string): string {
  const [, , accent] = palette(id);
  // A presentation screen on a stand, with a chart.
  const body =
    `<rect x="250" y="110" width="300" height="180" rx="12" fill="#ffffff" fill-opacity="0.92"/>` +
    `<rect x="390" y="290" width="20" height="60" fill="#ffffff" fill-opacity="0.92"/>` +
    `<rect x="330" y="345" width="140" height="12" rx="6" fill="#ffffff" fill-opacity="0.92"/>` +
    `<polyline points="285,250 340,205 390,230 445,165 515,190" fill="none" stroke="${accent}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<circle cx="445" cy="165" r="9" fill="${palette(id)[0]}"/>`;
  return frame(800, 450, id, label, body);
}

function researchSvg(id: number, label: string): string {
  const [from] = palette(id + 3);
  // A document with text lines and a magnifier.
  const lines = [0, 1, 2, 3, 4]
    .map((i) => `<rect x="325" y="${150 + i * 30}" width="${150 - (i % 2) * 40}" height="10" rx="5" fill="${from}" fill-opacity="0.55"/>`)
    .join('');
  const body =
    `<path d="M300 90 h150 l50 50 v220 h-200 z" fill="#ffffff" fill-opacity="0.94"/>` +
    `<path d="M450 90 v50 h50" fill="none" stroke="${from}" stroke-opacity="0.4" stroke-width="4"/>${lines}` +
    `<circle cx="505" cy="315" r="42" fill="none" stroke="#ffffff" stroke-width="14"/>` +
    `<line x1="536" y1="346" x2="580" y2="390" stroke="#ffffff" stroke-width="16" stroke-linecap="round"/>`;
  return frame(800, 450, id + 3, label, body);
}

function personSvg(id: number, label: string, offset: number): string {
  const body =
    `<circle cx="200" cy="160" r="70" fill="#ffffff" fill-opacity="0.92"/>` +
    `<path d="M70 400 c0 -95 60 -150 130 -150 s130 55 130 150 z" fill="#ffffff" fill-opacity="0.92"/>`;
  return frame(400, 400, id + offset, label, body);
}

function adSvg(id: number, label: string): string {
  const shade = id * 2 + 1;
  const [dark] = palette(shade);
  // A badge with a star.
  const star = Array.from({ length: 10 }, (_, i) => {
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    const radius = i % 2 === 0 ? 95 : 42;
    return `${(400 + radius * Math.cos(angle)).toFixed(1)},${(225 + radius * Math.sin(angle)).toFixed(1)}`;
  }).join(' ');
  const body =
    `<circle cx="400" cy="225" r="140" fill="#ffffff" fill-opacity="0.15"/>` +
    `<circle cx="400" cy="225" r="118" fill="#ffffff" fill-opacity="0.9"/>` +
    `<polygon points="${star}" fill="${dark}"/>`;
  return frame(800, 450, shade, label, body);
}

/** A one-page PDF 1.4 with the research's English title (Helvetica, Latin text only). */
export function researchPdf(title: string, abstract: string): string {
  const wrap = (text: string, width: number) => {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/)) {
      if ((line + ' ' + word).trim().length > width) {
        lines.push(line.trim());
        line = word;
      } else line = `${line} ${word}`;
    }
    if (line.trim()) lines.push(line.trim());
    return lines;
  };
  const latin = (text: string) => text.replace(/[\u2018\u2019]/g, "'").replace(/[^\x20-\x7e]/g, '');
  const pdfText = (text: string) => latin(text).replace(/[\\()]/g, (ch) => `\\${ch}`);
  const titleLines = wrap(latin(title), 60);
  const bodyLines = wrap(latin(abstract), 85);
  const ops = [
    'BT /F1 16 Tf 56 770 Td 20 TL',
    ...titleLines.map((l) => `(${pdfText(l)}) Tj T*`),
    '/F1 11 Tf 15 TL T*',
    ...(bodyLines.length ? bodyLines : ['Sample research file of the Scholars Hub demo content.']).map((l) => `(${pdfText(l)}) Tj T*`),
    'T* (Scholars Hub - seed content for demonstration.) Tj',
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(ops, 'latin1')} >>\nstream\n${ops}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return out;
}

/** Every seed file, with its content. */
export function seedAssets(): SeedAsset[] {
  const assets: SeedAsset[] = [];
  for (const c of data.conferences) {
    assets.push({ path: `public/images/conferences/${c.id}.svg`, content: conferenceSvg(c.id, escapeXml(c.titleEn)) });
  }
  for (const r of data.research) {
    assets.push({ path: `public/images/research/${r.id}.svg`, content: researchSvg(r.id, escapeXml(r.titleEn)) });
    const englishAbstract = /[\u0600-\u06ff]/.test(r.abstract) ? r.descriptionEn : r.abstract;
    assets.push({ path: `private/research/${r.id}.pdf`, content: researchPdf(r.titleEn, englishAbstract) });
  }
  for (const m of data.teamMembers) {
    assets.push({ path: `public/images/team/${m.id}.svg`, content: personSvg(m.id, escapeXml(m.nameEn), 0) });
  }
  data.speakers.forEach((s, index) => {
    assets.push({ path: `public/images/speakers/${index + 1}.svg`, content: personSvg(index + 1, escapeXml(s.nameEn), 2) });
  });
  for (const a of data.ads) {
    assets.push({ path: `public/images/ads/${a.id}.svg`, content: adSvg(a.id, escapeXml(a.titleEn)) });
  }
  assets.push(...libraryAssets());
  return assets;
}

/** Size in bytes of a seed asset (latin1: the PDFs are 8-bit, the SVG labels are ASCII-escaped). */
export function assetSize(asset: SeedAsset): number {
  return Buffer.byteLength(asset.content, asset.path.endsWith('.pdf') ? 'latin1' : 'utf8');
}
