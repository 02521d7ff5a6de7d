/**
 * File types recognised by their content (magic bytes), never by name or declared type: a
 * program renamed `paper.pdf` is not a PDF. Only the types the platform accepts are known.
 */
export interface SniffedType {
  mime: 'application/pdf' | 'image/jpeg' | 'image/png' | 'image/webp';
  ext: 'pdf' | 'jpg' | 'png' | 'webp';
}

/** Bytes of the head needed to recognise every known type. */
export const SNIFF_BYTES = 16;

const startsWith = (head: Uint8Array, bytes: readonly number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((byte, index) => head[offset + index] === byte);

const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

/** The type of a file from its first bytes ({@link SNIFF_BYTES}), or null when not an accepted type. */
export function sniffType(head: Uint8Array): SniffedType | null {
  // PDF: "%PDF-" then a version digit (ISO 32000 7.5.2).
  if (startsWith(head, ascii('%PDF-')) && head.length > 5 && head[5]! >= 0x31 && head[5]! <= 0x32) {
    return { mime: 'application/pdf', ext: 'pdf' };
  }
  // JPEG: SOI marker then another marker.
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  // PNG: the 8-byte signature.
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', ext: 'png' };
  // WebP: RIFF....WEBP
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return { mime: 'image/webp', ext: 'webp' };
  return null;
}
