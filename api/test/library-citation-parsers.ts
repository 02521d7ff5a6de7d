/**
 * Strict little readers of the citation formats, used to prove that the exported files parse:
 * BibTeX (`@type{key, field = {value}, ...}` with balanced braces and no unescaped TeX specials)
 * and RIS (`TAG  - value` lines, CRLF, `TY` first, `ER` last). They throw on the first violation.
 */

export interface BibEntry {
  type: string;
  key: string;
  /** Raw field contents without the outer braces. */
  fields: Record<string, string>;
}

export function parseBibtex(text: string): BibEntry[] {
  const entries: BibEntry[] = [];
  let i = 0;
  const fail = (message: string): never => {
    throw new Error(`BibTeX: ${message} at ${i}: ${JSON.stringify(text.slice(i, i + 30))}`);
  };
  const skip = () => {
    while (i < text.length && /\s/.test(text[i]!)) i += 1;
  };
  const word = (pattern: RegExp) => {
    const start = i;
    while (i < text.length && pattern.test(text[i]!)) i += 1;
    if (i === start) fail('expected a name');
    return text.slice(start, i);
  };
  const expectChar = (ch: string) => {
    if (text[i] !== ch) fail(`expected ${ch}`);
    i += 1;
  };
  const braced = () => {
    expectChar('{');
    let depth = 1;
    const start = i;
    while (i < text.length) {
      const ch = text[i]!;
      if (ch === '\\') {
        i += 2;
        continue;
      }
      if (ch === '{') depth += 1;
      if (ch === '}') {
        depth -= 1;
        if (depth === 0) break;
      }
      if ('%&$#_^'.includes(ch)) fail(`unescaped ${ch}`);
      if (ch === '\n' || ch === '\r') fail('line break inside a value');
      i += 1;
    }
    if (depth !== 0) fail('unbalanced braces');
    const value = text.slice(start, i);
    i += 1;
    return value;
  };
  skip();
  while (i < text.length) {
    expectChar('@');
    const type = word(/[A-Za-z]/).toLowerCase();
    expectChar('{');
    const key = word(/[A-Za-z0-9_:.-]/);
    const fields: Record<string, string> = {};
    skip();
    while (text[i] === ',') {
      i += 1;
      skip();
      if (text[i] === '}') break;
      const name = word(/[A-Za-z0-9_-]/).toLowerCase();
      if (name in fields) fail(`duplicate field ${name}`);
      skip();
      expectChar('=');
      skip();
      fields[name] = /\d/.test(text[i] ?? '') ? word(/\d/) : braced();
      skip();
    }
    expectChar('}');
    entries.push({ type, key, fields });
    skip();
  }
  return entries;
}

export type RisRecord = Record<string, string[]>;

export function parseRis(text: string): RisRecord[] {
  if (!text.endsWith('\r\n')) throw new Error('RIS: must end with CRLF');
  const lines = text.slice(0, -2).split('\r\n');
  const records: RisRecord[] = [];
  let current: RisRecord | null = null;
  for (const line of lines) {
    if (line === '') continue;
    if (/[\r\n]/.test(line)) throw new Error(`RIS: bare line break in ${JSON.stringify(line)}`);
    const match = /^([A-Z][A-Z0-9]) {2}- (.*)$/.exec(line);
    if (!match) throw new Error(`RIS: not a tagged line: ${JSON.stringify(line)}`);
    const [, tag = '', value = ''] = match;
    if (tag === 'TY') {
      if (current) throw new Error('RIS: TY before the previous ER');
      current = { TY: [value] };
      continue;
    }
    if (!current) throw new Error(`RIS: ${tag} before TY`);
    if (tag === 'ER') {
      if (value.trim() !== '') throw new Error('RIS: ER carries no value');
      records.push(current);
      current = null;
      continue;
    }
    (current[tag] ??= []).push(value);
  }
  if (current) throw new Error('RIS: missing ER');
  return records;
}
