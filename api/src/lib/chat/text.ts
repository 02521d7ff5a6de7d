/**
 * Chat text hygiene. Messages are stored and sent back as plain text: the API never turns them
 * into HTML and the client renders them as text nodes, so markup in a message stays inert.
 * What is removed here are characters that have no place in a chat line:
 * - C0/C1 control characters other than line feed and tab (a carriage return becomes a line feed);
 * - bidirectional embedding, override and isolate controls (U+202A-U+202E, U+2066-U+2069), which
 *   can make a line display differently from what it says ("Trojan Source"); the plain marks
 *   LRM/RLM/ALM that Arabic keyboards insert are kept;
 * - spaces at the ends of lines and more than two blank lines in a row.
 * The text is put in Unicode NFC form. Length is checked by the request schema after this.
 */

// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const BIDI_CONTROL_RE = /[\u202A-\u202E\u2066-\u2069]/g;

export function cleanChatText(input: string): string {
  return input
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL_RE, '')
    .replace(BIDI_CONTROL_RE, '')
    .replace(/[ \t\u00A0]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
