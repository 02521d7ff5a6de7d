/**
 * CSV for spreadsheets (RFC 4180): UTF-8 with a byte order mark, so Excel reads Arabic as Arabic
 * rather than as Latin-1; CRLF line ends; a cell with a quote, a comma or a line break quoted.
 * A cell starting with = + - @ (or a tab or carriage return) is prefixed with ' so a spreadsheet
 * shows it as text instead of running it as a formula (CSV injection, OWASP).
 */
import type { FastifyReply } from 'fastify';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: a header row and the data rows, BOM first. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** A CSV download: the file under `filename`, never kept by a cache (it is staff data). */
export function sendCsv(reply: FastifyReply, filename: string, csv: string) {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .header('Cache-Control', 'no-store')
    .send(csv);
}

/** `<name>-<YYYY-MM-DD>.csv` (today, UTC): a list's export named by the day it was made. */
export const datedCsvName = (name: string, now = new Date()) => `${name}-${now.toISOString().slice(0, 10)}.csv`;
