/**
 * In-process cache of public read results (whole answers and list totals), invalidated by writes.
 *
 * - Every entry names the tables it was read from. `invalidate(tables)` (a write in this process,
 *   or a notification from the database's triggers through the bus, whoever wrote) drops the
 *   entries that depend on them and bumps the tables' generation, so a read that started before
 *   the write cannot store its (possibly stale) result afterwards: `snapshot()` is taken before
 *   reading, `set()` refuses a snapshot that is no longer current.
 * - `clear()` (the bus lost notifications) drops everything the same way; while `enabled` is false
 *   (the bus is not listening, so writes by other processes cannot be heard) nothing is served
 *   or stored.
 * - Bounded: least recently used entries go first beyond `maxBytes` / `maxEntries`; each entry
 *   also has a time to live (answers that depend on the clock use a short one).
 * - `memo()` shares one load between concurrent callers of the same key (one query, not fifty,
 *   when a popular list was just invalidated).
 */

export interface ReadCacheOptions {
  /** Total size of the entries (their `bytes`), default 32 MiB. */
  maxBytes?: number;
  /** Number of entries, default 5000. */
  maxEntries?: number;
  /** Clock (tests). */
  now?: () => number;
}

/** The tables' state when a read started. */
export interface Snapshot {
  readonly epoch: number;
  readonly tables: readonly string[];
  readonly generations: readonly number[];
}

interface Entry<V> {
  value: V;
  bytes: number;
  snapshot: Snapshot;
  expiresAt: number;
}

const ceilSecond = (ms: number) => Math.ceil(ms / 1000) * 1000;

export class ReadCache<V = unknown> {
  readonly maxBytes: number;
  readonly maxEntries: number;
  private readonly now: () => number;
  private readonly entries = new Map<string, Entry<V>>();
  private readonly generations = new Map<string, number>();
  /** When each table last changed as far as this process knows (ms, whole seconds). */
  private readonly changedAt = new Map<string, number>();
  private readonly inflight = new Map<string, Promise<unknown>>();
  private epoch = 0;
  /** Start of knowledge: the process start, then every `clear()`. */
  private knownSince: number;
  private size = 0;
  private on = true;
  hits = 0;
  misses = 0;

  constructor(options: ReadCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.maxEntries = options.maxEntries ?? 5000;
    this.now = options.now ?? Date.now;
    this.knownSince = ceilSecond(this.now());
  }

  /** False: nothing is served or stored (see the file comment). */
  get enabled(): boolean {
    return this.on && this.maxBytes > 0 && this.maxEntries > 0;
  }

  setEnabled(on: boolean) {
    this.on = on;
    if (!on) this.clear();
  }

  get stats() {
    return { entries: this.entries.size, bytes: this.size, hits: this.hits, misses: this.misses };
  }

  snapshot(tables: readonly string[]): Snapshot {
    return { epoch: this.epoch, tables, generations: tables.map((table) => this.generations.get(table) ?? 0) };
  }

  private current(snapshot: Snapshot): boolean {
    if (snapshot.epoch !== this.epoch) return false;
    return snapshot.tables.every((table, index) => (this.generations.get(table) ?? 0) === snapshot.generations[index]);
  }

  get(key: string): V | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now() || !this.current(entry.snapshot)) {
      this.delete(key, entry);
      return undefined;
    }
    // Most recently used last (Map keeps insertion order).
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores `value` read under `snapshot`; false when the snapshot is stale, the cache off or the value too big. */
  set(key: string, snapshot: Snapshot, value: V, bytes: number, ttlMs: number): boolean {
    if (!this.enabled || !this.current(snapshot) || bytes > this.maxBytes / 8) return false;
    const previous = this.entries.get(key);
    if (previous) this.delete(key, previous);
    this.entries.set(key, { value, bytes, snapshot, expiresAt: this.now() + ttlMs });
    this.size += bytes;
    this.evict();
    return true;
  }

  /** The entry of `key` grew (a compressed variant was added). */
  grow(key: string, bytes: number) {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.bytes += bytes;
    this.size += bytes;
    this.evict();
  }

  private evict() {
    for (const [key, entry] of this.entries) {
      if (this.size <= this.maxBytes && this.entries.size <= this.maxEntries) break;
      this.delete(key, entry);
    }
  }

  private delete(key: string, entry: Entry<V>) {
    if (this.entries.get(key) === entry) {
      this.entries.delete(key);
      this.size -= entry.bytes;
    }
  }

  /** Rows of `tables` changed. */
  invalidate(tables: readonly string[]) {
    if (tables.length === 0) return;
    const now = this.now();
    for (const table of tables) {
      this.generations.set(table, (this.generations.get(table) ?? 0) + 1);
      // Rounded up: later than the Last-Modified of any answer made before, since those are never
      // later than the (floored) time they were made.
      this.changedAt.set(table, Math.max(ceilSecond(now), this.changedAt.get(table) ?? this.knownSince));
    }
    for (const [key, entry] of this.entries) {
      if (entry.snapshot.tables.some((table) => tables.includes(table))) this.delete(key, entry);
    }
  }

  /** Anything may have changed. */
  clear() {
    this.epoch += 1;
    this.entries.clear();
    this.size = 0;
    this.knownSince = Math.max(ceilSecond(this.now()), this.knownSince);
    this.changedAt.clear();
  }

  /** When `tables` last changed, as far as this process knows (ms). */
  lastModified(tables: readonly string[]): number {
    return tables.reduce((latest, table) => Math.max(latest, this.changedAt.get(table) ?? this.knownSince), this.knownSince);
  }

  /** The cached value of `key`, else `load()` once for all concurrent callers, stored under the snapshot taken before it. */
  async memo<T extends V>(key: string, tables: readonly string[], ttlMs: number, load: () => Promise<T>, bytes = 64): Promise<T> {
    const cached = this.get(key);
    if (cached !== undefined) {
      this.hits += 1;
      return cached as T;
    }
    const snapshot = this.snapshot(tables);
    // Only a load that started after the latest change of `tables` may be shared.
    const flight = `${key}\u0000${snapshot.epoch}:${snapshot.generations.join(',')}`;
    const running = this.inflight.get(flight);
    if (running) return running as Promise<T>;
    this.misses += 1;
    const promise = load().then((value) => {
      this.set(key, snapshot, value, bytes, ttlMs);
      return value;
    });
    this.inflight.set(flight, promise);
    try {
      return await promise;
    } finally {
      this.inflight.delete(flight);
    }
  }

  /** The value of `key` if cached (no load, no statistics). */
  peek(key: string): V | undefined {
    return this.get(key);
  }
}
