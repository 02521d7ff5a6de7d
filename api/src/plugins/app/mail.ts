/**
 * The mail queue (decisions.md, E-mail): `app.mail.enqueue(message, executor?)` stores the mail in
 * the `mail_outbox` table, inside the caller's transaction when one is given (the mail exists
 * exactly when the change that caused it was committed), and returns its id. A background worker
 * sends what is due:
 *
 * - claims rows with `FOR UPDATE SKIP LOCKED` and leases them (next_attempt_at moved 5 minutes
 *   ahead, attempts + 1) in one statement, so several API processes on one PostgreSQL never pick
 *   the same mail; a process that dies mid-send leaves the row to be taken again after the lease;
 * - on success: status `sent`; on a temporary failure (SMTP down, timeout, 4xx): stays `pending`
 *   with `last_error`, retried after 30 s, 1, 2, 4... minutes (capped at 1 hour, with jitter);
 *   after MAIL_MAX_ATTEMPTS, or on a permanent refusal (5xx for the recipient or message): `failed`;
 * - nothing is lost when SMTP is down or the process restarts: the rows wait in the database.
 *
 * Transport: SMTP (SMTP_URL) or, without it, files in DATA_DIR/outbox (lib/mail/transport.ts).
 * The worker polls every MAIL_POLL_INTERVAL_MS and is woken right after an enqueue; it stops
 * when the app closes (after the batch in flight).
 */
import path from 'node:path';
import fp from 'fastify-plugin';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import {
  createFileTransport,
  createSmtpTransport,
  isPermanentMailError,
  type MailAttachment,
  type MailTransport,
} from '../../lib/mail/transport';
import type { Locale } from '@scholars/shared-contracts/locale';

export type { MailAttachment } from '../../lib/mail/transport';

export interface MailMessage {
  to: string;
  locale: Locale;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Extra headers (the newsletter's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
  /** Which template made it (kept with the row; default 'custom'). */
  template?: string;
}

/** Where a mail can be inserted: the database or an open transaction. */
export type MailExecutor = Pick<Db, 'insert'>;

export interface MailWorkResult {
  sent: number;
  retried: number;
  failed: number;
}

export interface MailService {
  /** Stores `message` (in `executor`'s transaction when given) and returns the outbox id. */
  enqueue(message: MailMessage, executor?: MailExecutor): Promise<number>;
  /** Sends every mail due now (the worker does this on its own; tests call it to be deterministic). */
  processDue(): Promise<MailWorkResult>;
  /** 'smtp' or 'file'. */
  readonly transport: MailTransport['kind'];
  /**
   * Runs `job` at each of the worker's polls (after the due mail), never two runs of it at once in
   * this process: periodic work that makes mail (the daily review digest) without a scheduler of
   * its own. The job decides itself whether there is anything to do (e.g. once per day).
   */
  addPeriodicJob(name: string, job: () => Promise<unknown>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

/**
 * The one rule for addresses that can never receive mail: a domain under `.invalid` (RFC 2606, a
 * name reserved never to resolve), as closed accounts are given (`closed-<id>@closed.invalid`,
 * lib/accounts/closing.ts). Such a mail is kept in the outbox as failed, never handed to SMTP.
 */
export function isUndeliverableAddress(address: string): boolean {
  const domain = address.trim().toLowerCase().split('@').pop() ?? '';
  return domain === 'invalid' || domain.endsWith('.invalid');
}
export const UNDELIVERABLE_ERROR = 'not sent: the address is under .invalid and can never receive mail';

/** A claimed row stays ours this long (longer than the worst-case send time of one batch). */
const LEASE_SECONDS = 300;
const BATCH_SIZE = 5;
const BASE_BACKOFF_SECONDS = 30;
const MAX_BACKOFF_SECONDS = 3600;

/** Seconds before attempt number `attempts + 1`, after `attempts` failed ones. */
export function backoffSeconds(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(BASE_BACKOFF_SECONDS * 2 ** Math.max(attempts - 1, 0), MAX_BACKOFF_SECONDS);
  // +-10 % so that processes retrying after the same outage do not all wake at once.
  return Math.round(base * (0.9 + 0.2 * random()));
}

export interface MailPluginOptions {
  /** Use this transport (tests). Default: from the configuration. */
  transport?: MailTransport;
}

export default fp<MailPluginOptions>(
  async (app, opts) => {
    const { config } = app;
    const transport =
      opts.transport ??
      (config.SMTP_URL
        ? createSmtpTransport(config.SMTP_URL, config.MAIL_FROM)
        : createFileTransport(
            path.join(config.DATA_DIR, 'outbox'),
            config.MAIL_FROM,
            // Without SMTP (never in production: config.ts) each mail is told on the terminal that
            // runs the site; the test suites' own output stays quiet.
            config.NODE_ENV === 'test' ? undefined : (line) => process.stdout.write(`${line}\n`),
          ));

    let closing = false;
    let running: Promise<MailWorkResult> | undefined;
    let wakeTimer: NodeJS.Timeout | undefined;

    async function claim() {
      const due = app.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      return app.db
        .update(mailOutbox)
        .set({
          attempts: sql`${mailOutbox.attempts} + 1`,
          nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
        })
        .where(and(inArray(mailOutbox.id, due), eq(mailOutbox.status, 'pending')))
        .returning();
    }

    async function work(): Promise<MailWorkResult> {
      const result: MailWorkResult = { sent: 0, retried: 0, failed: 0 };
      while (!closing) {
        const rows = await claim();
        if (rows.length === 0) break;
        for (const row of rows) {
          try {
            await transport.send({
              id: row.id,
              to: row.toAddress,
              subject: row.subject,
              text: row.textBody,
              html: row.htmlBody,
              locale: row.locale,
              attachments: row.attachments,
              headers: row.headers,
            });
            await app.db
              .update(mailOutbox)
              .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
              .where(eq(mailOutbox.id, row.id));
            result.sent += 1;
          } catch (error) {
            const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
            const permanent = isPermanentMailError(error) || row.attempts >= config.MAIL_MAX_ATTEMPTS;
            await app.db
              .update(mailOutbox)
              .set(
                permanent
                  ? { status: 'failed', lastError: message }
                  : { lastError: message, nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(row.attempts)})` },
              )
              .where(eq(mailOutbox.id, row.id));
            if (permanent) result.failed += 1;
            else result.retried += 1;
            app.log.warn({ mailId: row.id, attempts: row.attempts, permanent, err: message }, 'mail not sent');
          }
        }
      }
      return result;
    }

    /** Runs the worker; a call while it runs waits for it and then runs once more. */
    function processDue(): Promise<MailWorkResult> {
      if (running) return running.then(() => processDue());
      running = work()
        .catch((error: unknown) => {
          if (!closing) app.log.error({ err: error }, 'mail worker failed');
          return { sent: 0, retried: 0, failed: 0 };
        })
        .finally(() => {
          running = undefined;
        });
      return running;
    }

    function wakeSoon() {
      if (closing || wakeTimer) return;
      wakeTimer = setTimeout(() => {
        wakeTimer = undefined;
        void processDue();
      }, 20);
      wakeTimer.unref();
    }

    const periodicJobs: Array<{ name: string; job: () => Promise<unknown>; running?: Promise<void> }> = [];
    function runPeriodicJobs() {
      for (const entry of periodicJobs) {
        if (entry.running || closing) continue;
        entry.running = entry
          .job()
          .then(() => undefined)
          .catch((error: unknown) => {
            if (!closing) app.log.error({ err: error, job: entry.name }, 'periodic mail job failed');
          })
          .finally(() => {
            entry.running = undefined;
          });
      }
    }

    const service: MailService = {
      transport: transport.kind,
      addPeriodicJob(name, job) {
        periodicJobs.push({ name, job });
      },
      async enqueue(message, executor) {
        const undeliverable = isUndeliverableAddress(message.to);
        const [row] = await (executor ?? app.db)
          .insert(mailOutbox)
          .values({
            ...(undeliverable ? { status: 'failed' as const, lastError: UNDELIVERABLE_ERROR } : {}),
            toAddress: message.to.trim(),
            subject: message.subject,
            textBody: message.text,
            htmlBody: message.html ?? null,
            locale: message.locale,
            template: message.template ?? 'custom',
            attachments: message.attachments && message.attachments.length > 0 ? message.attachments : null,
            headers: message.headers && Object.keys(message.headers).length > 0 ? message.headers : null,
          })
          .returning({ id: mailOutbox.id });
        // In a caller's transaction the row is visible after the commit; the poll catches it then.
        if (!undeliverable) wakeSoon();
        return row!.id;
      },
      processDue,
    };
    app.decorate('mail', service);

    const interval = setInterval(() => {
      if (!running) void processDue();
      runPeriodicJobs();
    }, config.MAIL_POLL_INTERVAL_MS);
    interval.unref();

    app.addHook('onReady', async () => {
      // Mail left by an earlier run (SMTP was down, the process restarted) goes out now.
      wakeSoon();
    });
    // preClose runs before any onClose hook: the worker stops while the database is still open.
    app.addHook('preClose', async () => {
      closing = true;
      clearInterval(interval);
      if (wakeTimer) clearTimeout(wakeTimer);
      await running?.catch(() => undefined);
      // A periodic job in flight finishes while the database is open.
      await Promise.all(periodicJobs.map((entry) => entry.running));
    });
    app.addHook('onClose', async () => {
      transport.close();
    });
  },
  { name: 'mail', dependencies: ['config', 'db'] },
);
