/**
 * Text in the API's PDFs (the receipt, the certificate of attendance), Arabic included, and their
 * sending.
 *
 * Arabic in pdfkit: fontkit shapes each word (initial, medial, final forms) and returns its glyphs
 * in visual order, but pdfkit has no bidirectional layout: it places the words of a line left to
 * right, and a space ends up on the wrong side of a right-to-left word. A line of Arabic is
 * therefore drawn word by word, from its right edge leftwards, in logical order; a word in Latin
 * script or digits keeps its own order. Texts avoid mirrored punctuation (brackets).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyReply } from 'fastify';
import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;

const FONTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'invoices', 'fonts');
let fonts: { regular: Uint8Array; bold: Uint8Array } | undefined;

/** DejaVu Sans (Latin and Arabic glyphs), read once. */
export function loadFonts() {
  fonts ??= {
    regular: readFileSync(path.join(FONTS_DIR, 'DejaVuSans.ttf')),
    bold: readFileSync(path.join(FONTS_DIR, 'DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

/** Registers the fonts as 'regular' and 'bold'. */
export function registerFonts(doc: Doc) {
  const { regular, bold } = loadFonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
}

export const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** The words of a line in logical order (a right-to-left one is drawn from its right edge leftwards). */
export function rtlWords(text: string): string[] {
  return text.trim().split(/\s+/).filter(Boolean);
}

export interface LineStyle {
  font?: 'regular' | 'bold';
  size?: number;
  color?: string;
}

const styled = (doc: Doc, style: LineStyle) => doc.font(style.font ?? 'regular').fontSize(style.size ?? 10.5).fillColor(style.color ?? '#0f172a');

/** The width of `text` drawn in `style`. */
export function lineWidth(doc: Doc, text: string, style: LineStyle = {}): number {
  styled(doc, style);
  const words = rtlWords(text);
  return words.reduce((sum, word) => sum + doc.widthOfString(word), 0) + doc.widthOfString(' ') * Math.max(0, words.length - 1);
}

/** One line placed from the left edge `x` (default 0), or against `rightEdge` when it is Arabic (without one, from `x` too). */
export function drawLine(doc: Doc, text: string, y: number, opts: LineStyle & { x?: number; rightEdge?: number } = {}) {
  styled(doc, opts);
  const x = opts.x ?? 0;
  if (ARABIC.test(text)) {
    const space = doc.widthOfString(' ');
    let edge = opts.rightEdge ?? x + lineWidth(doc, text, opts);
    for (const word of rtlWords(text)) {
      const width = doc.widthOfString(word);
      doc.text(word, edge - width, y, { lineBreak: false });
      edge -= width + space;
    }
  } else {
    doc.text(text, x, y, { lineBreak: false });
  }
}

/** `text` broken into lines no wider than `width` (between words; a single longer word keeps its line). */
export function wrapLines(doc: Doc, text: string, width: number, style: LineStyle = {}): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of rtlWords(text)) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && lineWidth(doc, candidate, style) > width) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/**
 * `text` centered between `left` and `right`, wrapped to that width, from `y`; answers the y below
 * its last line. `maxLines` cuts a longer text with an ellipsis.
 */
export function drawCentered(doc: Doc, text: string, y: number, opts: LineStyle & { left: number; right: number; lineHeight?: number; maxLines?: number }): number {
  const size = opts.size ?? 10.5;
  const height = opts.lineHeight ?? size * 1.45;
  let lines = wrapLines(doc, text, opts.right - opts.left, opts);
  if (opts.maxLines && lines.length > opts.maxLines) lines = [...lines.slice(0, opts.maxLines - 1), `${lines[opts.maxLines - 1]} …`];
  lines.forEach((line, index) => {
    const width = lineWidth(doc, line, opts);
    const x = opts.left + (opts.right - opts.left - width) / 2;
    drawLine(doc, line, y + index * height, { ...opts, x, rightEdge: x + width });
  });
  return y + lines.length * height;
}

/** Collects a document's bytes: call before drawing, await after `doc.end()`. */
export function pdfBytes(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Uint8Array) => chunks.push(Buffer.from(chunk)));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** Sends a member's own PDF as a download named `filename`, kept by no cache on the way. */
export function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(pdf as never); // binary: no 200 schema to serialise against
}
