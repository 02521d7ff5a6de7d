// The part of pdfkit (0.20, no bundled types) the receipt and the certificate use (lib/pdf-text.ts).
declare module 'pdfkit' {
  import type { Readable } from 'node:stream';

  interface TextOptions {
    width?: number;
    height?: number;
    align?: 'left' | 'center' | 'right' | 'justify';
    lineBreak?: boolean;
    lineGap?: number;
    features?: string[];
  }

  interface DocumentOptions {
    size?: string | [number, number];
    layout?: 'portrait' | 'landscape';
    margin?: number;
    bufferPages?: boolean;
    compress?: boolean;
    lang?: string;
    info?: { Title?: string; Author?: string; Subject?: string; Creator?: string; Producer?: string; CreationDate?: Date };
  }

  class PDFDocument extends Readable {
    constructor(options?: DocumentOptions);
    page: { width: number; height: number };
    y: number;
    registerFont(name: string, src: string | Uint8Array): this;
    font(name: string): this;
    fontSize(size: number): this;
    fillColor(color: string): this;
    strokeColor(color: string): this;
    lineWidth(width: number): this;
    text(text: string, x?: number, y?: number, options?: TextOptions): this;
    widthOfString(text: string, options?: TextOptions): number;
    moveTo(x: number, y: number): this;
    lineTo(x: number, y: number): this;
    stroke(): this;
    rect(x: number, y: number, w: number, h: number): this;
    roundedRect(x: number, y: number, w: number, h: number, r: number): this;
    fill(color?: string): this;
    end(): void;
  }
  export default PDFDocument;
}
