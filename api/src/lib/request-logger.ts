/**
 * Per-request logging, priced for the requests that log nothing.
 *
 * Fastify gives every request a child of the app's pino logger carrying its id. pino's `child()`
 * serializes the bindings at once (and runs the redaction paths over them): about 4% of the API's
 * time on a cached read, where no line is written at the usual production level (issue 6). The
 * child is made here on the first line written at an enabled level instead; a request that writes
 * none never makes it. Lines that are written are the same as with an eager child.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type LogArgs = Parameters<FastifyBaseLogger['info']>;

interface LevelAware extends FastifyBaseLogger {
  isLevelEnabled(level: string): boolean;
}
const isLevelAware = (logger: FastifyBaseLogger): logger is LevelAware =>
  typeof (logger as Partial<LevelAware>).isLevelEnabled === 'function';

export class LazyChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: LevelAware,
    private readonly bindings: Bindings,
  ) {}

  /** The real child, made on first need. */
  get made(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings));
  }

  /** Whether the child has been made (tests). */
  get isMade(): boolean {
    return this.#child !== undefined;
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.made.level = level;
  }

  #write(level: LevelName, args: LogArgs) {
    if (!this.isLevelEnabled(level)) return;
    (this.made[level] as (...values: LogArgs) => void)(...args);
  }

  fatal(...args: LogArgs) {
    this.#write('fatal', args);
  }
  error(...args: LogArgs) {
    this.#write('error', args);
  }
  warn(...args: LogArgs) {
    this.#write('warn', args);
  }
  info(...args: LogArgs) {
    this.#write('info', args);
  }
  debug(...args: LogArgs) {
    this.#write('debug', args);
  }
  trace(...args: LogArgs) {
    this.#write('trace', args);
  }
  silent(): void {}

  isLevelEnabled(level: string): boolean {
    return this.#child ? ((this.#child as LevelAware).isLevelEnabled?.(level) ?? true) : this.parent.isLevelEnabled(level);
  }

  child(...args: Parameters<FastifyBaseLogger['child']>): FastifyBaseLogger {
    return this.made.child(...args);
  }
}

/**
 * Fastify's `childLoggerFactory`: a {@link LazyChildLogger}, unless the route asks for its own
 * level or serializers (then pino's child at once, as Fastify would make it).
 */
export const lazyChildLoggerFactory: ChildLoggerFactory = function (logger, bindings, options) {
  const own = options.level !== undefined || options.serializers !== undefined || options.redact !== undefined;
  if (own || !isLevelAware(logger)) return logger.child(bindings, options);
  return new LazyChildLogger(logger, bindings);
};

/**
 * Request ids: a random prefix per process and a counter. Unique across processes (64 random
 * bits) and cheaper than a UUID per request; the id only ties a request's log lines together.
 */
export function requestIdGenerator(): () => string {
  const prefix = randomBytes(8).toString('base64url');
  let count = 0;
  return () => `${prefix}-${(count += 1).toString(36)}`;
}
