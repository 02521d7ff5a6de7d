/**
 * Where outgoing mail goes:
 * - SMTP (nodemailer) when SMTP_URL is configured;
 * - otherwise a local folder, DATA_DIR/outbox: one `<id>.eml` (the full RFC 822 message, opens
 *   in any mail client) and one `<id>.json` (to, subject, text, html, time) per mail, so a
 *   developer on a fresh machine can read registration codes (also listed by /api/dev/outbox).
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Locale } from '@scholars/shared-contracts/locale';

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
  /** How `content` is written; default utf8. */
  encoding?: 'base64' | 'utf8';
}

export interface OutgoingMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  locale: Locale;
  attachments?: MailAttachment[] | null;
  /** Extra headers (List-Unsubscribe...); they cannot replace the ones set here. */
  headers?: Record<string, string> | null;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'file';
  /** Resolves when the message was accepted; rejects with the transport's error otherwise. */
  send(mail: OutgoingMail): Promise<{ messageId?: string }>;
  close(): void;
}

function messageOptions(from: string, mail: OutgoingMail) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    headers: { ...mail.headers, 'Content-Language': mail.locale, 'X-Outbox-Id': String(mail.id) },
    attachments: (mail.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      content: attachment.content,
      contentType: attachment.contentType,
      encoding: attachment.encoding ?? 'utf8',
    })),
  };
}

export function createSmtpTransport(url: string, from: string): MailTransport {
  const transporter: Transporter = nodemailer.createTransport({
    url,
    // Bounded waits: a dead server fails the attempt quickly and the mail is retried later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    kind: 'smtp',
    async send(mail) {
      const info = (await transporter.sendMail(messageOptions(from, mail))) as { messageId?: string };
      return { messageId: info.messageId };
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * The line a default start prints for each mail it writes to the folder, so that the person at the
 * terminal (and no one else) reads sign-up codes and reset links:
 * `[mail] to=<address> subject="<subject>" code=<code or -> link=<first link or ->`.
 * The templates put a code alone on its line (lib/mail/templates.ts, `{ code }` blocks).
 */
export function mailNotice(mail: Pick<OutgoingMail, 'to' | 'subject' | 'text'>): string {
  const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1] ?? '-';
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '-';
  return `[mail] to=${mail.to} subject=${JSON.stringify(mail.subject)} code=${code} link=${link}`;
}

/** Writes each mail to `dir`; `announce` (the terminal, on a default start) gets its `mailNotice` line. */
export function createFileTransport(dir: string, from: string, announce?: (line: string) => void): MailTransport {
  const composer: Transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(mail) {
      await mkdir(dir, { recursive: true });
      const info = (await composer.sendMail(messageOptions(from, mail))) as { messageId?: string; message: Buffer };
      const base = path.join(dir, String(mail.id).padStart(8, '0'));
      const json = {
        id: mail.id,
        messageId: info.messageId,
        from,
        to: mail.to,
        locale: mail.locale,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        headers: mail.headers ?? {},
        attachments: (mail.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType })),
        created_at: new Date().toISOString(),
      };
      // Written whole, then renamed: a reader never sees half a file; a retry overwrites.
      await writeFile(`${base}.eml.tmp`, info.message);
      await rename(`${base}.eml.tmp`, `${base}.eml`);
      await writeFile(`${base}.json.tmp`, JSON.stringify(json, null, 2));
      await rename(`${base}.json.tmp`, `${base}.json`);
      announce?.(mailNotice(mail));
      return { messageId: info.messageId };
    },
    close() {
      composer.close();
    },
  };
}

/**
 * True for a refusal that retrying will not fix: the server answered the recipient or the message
 * itself with a 5xx (unknown mailbox, message refused). Connection failures, timeouts, 4xx answers
 * and authentication failures (a configuration problem that will be fixed) are temporary, so the
 * mail waits in the outbox instead of being lost.
 */
export function isPermanentMailError(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  return (
    typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && (code === 'EENVELOPE' || code === 'EMESSAGE')
  );
}
