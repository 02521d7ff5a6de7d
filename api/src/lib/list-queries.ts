/**
 * The public lists (conference paginate and by-category, research community paginate): their SQL,
 * built in one place so that the routes and the plan check (scripts/bench/api-explain.ts, EXPLAIN
 * on the benchmark's 10,000-row data set) run the same statements.
 *
 * How a page is read (issue 6, "Fast by design"):
 * - every sort ends with the id, and so do the indexes behind it (schema.ts, migrations 0007 and
 *   0017): a page is read in index order, forward or backward, so the id runs in the direction the
 *   scan gives it (with the column's direction, or against it for `updated`, whose index is
 *   descending): a descending sort with ids ascending would sort every row before the page
 *   (6.2 ms instead of 1.0 ms at page 200 of 100,000, issue 24);
 * - a deep page (offset of {@link DEFERRED_JOIN_OFFSET} rows or more) first finds its ids in the
 *   index (narrow rows), then reads only those rows ("deferred join"), instead of reading and
 *   dropping every wide row before it;
 * - `tot` is counted once per filter and kept by the read cache until the table changes, so turning
 *   pages does not count again; a page past the end (`page` is bounded by the schema to 1 000 000)
 *   is answered from that total without reading any row: `data: []` with the same `tot`;
 * - a deep page of a list without a search (offset of {@link ANCHOR_STRIDE} rows or more) seeks from
 *   a kept anchor: the sort keys of every ANCHOR_STRIDE-th row of that sort, read once (one index-only
 *   pass) and kept by the read cache until the table changes; the page is then at most
 *   ANCHOR_STRIDE index entries past the anchor, instead of every entry before it (issue 24);
 * - a search reads its matches once for its count and the ids of its first {@link SEARCH_WINDOW}
 *   matches in its order, in one statement ({@link PageQueries.window}), kept by the read cache
 *   until the table changes; its pages within them are then read by id, without sorting the matches
 *   again (issue 24; as Solr's query result cache keeps a window of each query's ordered ids): by
 *   relevance (no index gives that order, every match is ranked), the matches ranked into a CTE of
 *   narrow rows, counted and sorted there; by a sort of keys, the matches in a CTE, likewise (a
 *   window function there would let the planner walk the sort's index filtered, not seeing that it
 *   reads on to the last row: 3 s instead of 8 ms for a conference search by date at 100,000 rows).
 *   A page past the window reads its rows in the whole order, by offset.
 */
import { and, asc, count, desc, eq, getTableName, inArray, sql, type SQL, type WithSubquery } from 'drizzle-orm';
import type {
  CONFERENCE_SORT_COLUMNS,
  ConferenceByCategorySort,
  ConferenceMode,
  RESEARCH_SORT_COLUMNS,
  SortOrder,
} from '@scholars/shared-contracts/schemas';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { conferences, listCounts, researchSubmissions } from '../db/schema';
import type { PublicReadCache, PublicTable } from '../plugins/app/read-cache';
import { searchTerms } from './arabic-search';
import { pageOffset, relevance, searchConditions, type Relevance } from './pagination';

type ConferenceSort = (typeof CONFERENCE_SORT_COLUMNS)[number];
type ResearchSort = (typeof RESEARCH_SORT_COLUMNS)[number];

/** From this offset on, a page's ids are found first, then its rows. */
export const DEFERRED_JOIN_OFFSET = 200;
/** Every this-many-th row of a sort is an anchor a deep page seeks from. */
export const ANCHOR_STRIDE = 1000;
/** How long a counted total (or a sort's anchors, or a search's window) is kept without any write (writes drop it at once). */
const TOTAL_TTL_MS = 300_000;
/** How many of a search's first ids are kept in its order: 20 pages of 12, 12 of 20. */
export const SEARCH_WINDOW = 240;

const CONFERENCE_SORT = {
  title: conferences.title,
  title_en: conferences.titleEn,
  start_date: conferences.startDate,
  id: conferences.id,
} as const;

const RESEARCH_SORT = {
  name: researchSubmissions.title,
  name_en: researchSubmissions.titleEn,
  updated: researchSubmissions.updatedAt,
  id: researchSubmissions.id,
} as const;

export interface PageInput {
  limit: number;
  page: number;
  search: string;
  order?: SortOrder;
}

interface Buildable<T> extends PromiseLike<T> {
  toSQL(): { sql: string; params: unknown[] };
}

/** In a reusable statement's builder: a value by name, a placeholder in the statement kept, the value itself for `toSQL()`. */
type Bind = (name: string) => unknown;

interface Preparable {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<unknown> };
  toSQL(): { sql: string; params: unknown[] };
}

/** Statements kept by {@link reusable}, per database handle and shape. */
const reusableStatements = new WeakMap<Db, Map<string, ReturnType<Preparable['prepare']>>>();

/**
 * A statement the unsearched pages run in few shapes (a sort, its direction, a category or not)
 * and many values: built once per shape with placeholders, then run with each request's `values`.
 * Building a page's statement with drizzle took 0.15-0.3 ms of the API's CPU, more than running it
 * (issue 24). `toSQL()` builds it with the values (the plan checks).
 */
function reusable<R>(db: Db, shape: string, values: Record<string, unknown>, build: (bind: Bind) => Preparable): Buildable<R[]> {
  return {
    then(onFulfilled, onRejected) {
      let statements = reusableStatements.get(db);
      if (!statements) reusableStatements.set(db, (statements = new Map()));
      let statement = statements.get(shape);
      // '': an unnamed statement (node-postgres prepares a named one once per connection; no gain measured).
      if (!statement) statements.set(shape, (statement = build((name) => sql.placeholder(name)).prepare('')));
      return (statement.execute(values) as Promise<R[]>).then(onFulfilled, onRejected);
    },
    toSQL: () => build((name) => values[name]).toSQL(),
  };
}

/** The two statements of a page, not yet run. */
export interface PageQueries<R> {
  rows: Buildable<R[]>;
  total: Buildable<Array<{ tot: number }>>;
  /** A list without a search: its deep pages from the sort's anchors. */
  seek?: Seek<R>;
  /** A search: the count of its matches and its first ids in its order, then rows by id. */
  window?: SearchWindow<R>;
  /** Key of the total in the read cache: the table and the filter (search words normalized). */
  totalKey: string;
  tables: readonly PublicTable[];
  limit: number;
  page: number;
}

export interface Page<R> {
  rows: R[];
  tot: number;
}

/** A search's count and the ids of its first {@link SEARCH_WINDOW} matches, in its order. */
interface Matches {
  tot: number;
  ids: number[];
}

/** How a search's pages are read from its kept window. */
interface SearchWindow<R> {
  /** Key in the read cache: the table, the filter and the order. */
  key: string;
  matches: Buildable<Matches[]>;
  /** These rows (in any order). */
  rowsOf(ids: number[]): Buildable<Array<R & { id: number }>>;
}

/** Runs a page: the total from the read cache when there is one, no row query past the end. */
export async function runPage<R>(queries: PageQueries<R>, cache?: PublicReadCache): Promise<Page<R>> {
  const offset = pageOffset(queries.page, queries.limit);
  const count = async () => (await queries.total)[0]?.tot ?? 0;
  if (!cache) {
    const [rows, tot] = await Promise.all([queries.rows, count()]);
    return { rows, tot };
  }
  const window = queries.window;
  if (window) {
    const { tot, ids } = await cache.memo(window.key, queries.tables, TOTAL_TTL_MS, async () => (await window.matches)[0]!, SEARCH_WINDOW * 8);
    if (offset >= tot) return { tot, rows: [] };
    const end = offset + queries.limit;
    if (end > ids.length && ids.length < tot) return { tot, rows: await queries.rows };
    const pageIds = ids.slice(offset, end);
    const byId = new Map((await window.rowsOf(pageIds)).map((row) => [row.id, row]));
    // A match deleted or unpublished since the window was read is not among these rows (and the window goes at the notification).
    return { tot, rows: pageIds.flatMap((id) => byId.get(id) ?? []) };
  }
  const pageRows = () => seekRows(queries, cache, offset);
  const known = cache.peek<number>(queries.totalKey);
  if (known !== undefined) return { tot: known, rows: offset >= known ? [] : await pageRows() };
  const [rows, tot] = await Promise.all([pageRows(), cache.memo(queries.totalKey, queries.tables, TOTAL_TTL_MS, count)]);
  return { rows, tot };
}

/** A row of a sort's anchors: its first key and its id (the tie-breaker). */
interface Anchor {
  k: unknown;
  id: number;
}

/** How a list's deep pages seek from its sort's anchors. */
interface Seek<R> {
  /** Key of the anchors in the read cache: the table, the filter and the sort. */
  key: string;
  stride: number;
  /** The sort's anchors: its rows at positions 0, stride, 2 × stride… */
  anchors: Buildable<Anchor[]>;
  /** The page `skip` rows past `anchor` (the anchor is row 0). */
  page(anchor: Anchor, skip: number): Buildable<R[]>;
}

/** A page's rows: from the nearest anchor before it when the list has anchors and the page is deep. */
async function seekRows<R>(queries: PageQueries<R>, cache: PublicReadCache, offset: number): Promise<R[]> {
  const seek = queries.seek;
  // Anchors pay only when kept: with the cache off, every deep page would read them again.
  if (!seek || offset < seek.stride || !cache.store.enabled) return queries.rows;
  const anchors = await cache.memo(seek.key, queries.tables, TOTAL_TTL_MS, async () => await seek.anchors);
  const index = Math.min(Math.floor(offset / seek.stride), anchors.length - 1);
  if (index < 1) return queries.rows;
  return seek.page(anchors[index]!, offset - index * seek.stride);
}

/**
 * The rows of a page by its offset: directly, or from {@link DEFERRED_JOIN_OFFSET} on its ids
 * first (`limit` and `offset`: values, or a reusable statement's placeholders).
 */
function byOffset(
  db: Db,
  table: typeof conferences | typeof researchSubmissions,
  columns: Record<string, AnyPgColumn>,
  where: SQL | undefined,
  orderBy: SQL[],
  deferred: boolean,
  limit: unknown,
  offset: unknown,
): Preparable & Buildable<unknown[]> {
  const page = <Q extends { limit(n: number): { offset(n: number): unknown } }>(query: Q) => query.limit(limit as number).offset(offset as number);
  return (
    deferred
      ? db
          .select(columns)
          .from(table)
          .where(inArray(table.id, page(db.select({ id: table.id }).from(table).where(where).orderBy(...orderBy)) as SQL))
          .orderBy(...orderBy)
      : page(db.select(columns).from(table).where(where).orderBy(...orderBy))
  ) as Preparable & Buildable<unknown[]>;
}

/** The rows of a page of a list without a search by its offset, as a reusable statement; `shape` names the sort. */
function unsearchedRows<R>(
  db: Db,
  table: typeof conferences | typeof researchSubmissions,
  columns: Record<string, AnyPgColumn>,
  whereOf: (bind: Bind) => SQL | undefined,
  values: Record<string, unknown>,
  orderBy: SQL[],
  shape: string,
  input: PageInput,
): Buildable<R[]> {
  const offset = pageOffset(input.page, input.limit);
  const deferred = offset >= DEFERRED_JOIN_OFFSET;
  const key = `rows:${getTableName(table)}:${shape}:${deferred ? 'ids first' : 'direct'}:${Object.keys(values).join(',')}`;
  return reusable<R>(db, key, { ...values, limit: input.limit, offset }, (bind) =>
    byOffset(db, table, columns, whereOf(bind), orderBy, deferred, bind('limit'), bind('offset')),
  );
}

/** A sort as (column, direction) pairs, the id last (or alone). */
type SortKeys = ReadonlyArray<readonly [AnyPgColumn, SortOrder]>;

/**
 * Anchors of a sort over `where` (one pass in index order: the window's order is the index's) and
 * its pages from them: the rows at or after the anchor in the sort's order (the first key bounds the
 * index scan; ties of the first key go on by the id), then `skip` of them and the page.
 */
function seekBy<R>(
  db: Db,
  table: typeof conferences | typeof researchSubmissions,
  columns: Record<string, AnyPgColumn>,
  whereOf: (bind: Bind) => SQL | undefined,
  values: Record<string, unknown>,
  keys: SortKeys,
  limit: number,
  key: string,
  stride: number,
): Seek<R> {
  const orderBy = keys.map(([column, direction]) => (direction === 'asc' ? asc(column) : desc(column)));
  const [first, tie] = keys as [readonly [AnyPgColumn, SortOrder], (readonly [AnyPgColumn, SortOrder])?];
  const ranked = db
    .select({
      k: sql`${first[0]}`.as('anchor_k'),
      id: sql<number>`${table.id}`.as('anchor_id'),
      pos: sql<number>`row_number() OVER (ORDER BY ${sql.join(orderBy, sql`, `)}) - 1`.as('anchor_pos'),
    })
    .from(table)
    .where(whereOf((name) => values[name]))
    .as('ranked');
  const atOrAfter = (column: AnyPgColumn, direction: SortOrder, value: unknown) => (direction === 'asc' ? sql`${column} >= ${value}` : sql`${column} <= ${value}`);
  const after = (column: AnyPgColumn, direction: SortOrder, value: unknown) => (direction === 'asc' ? sql`${column} > ${value}` : sql`${column} < ${value}`);
  const shape = `seek:${getTableName(table)}:${keys.map(([column, direction]) => `${column.name} ${direction}`).join(',')}:${Object.keys(values).join(',')}`;
  return {
    key,
    stride,
    anchors: db.select({ k: ranked.k, id: ranked.id }).from(ranked).where(sql`${ranked.pos} % ${stride} = 0`).orderBy(ranked.pos),
    page: (anchor: Anchor, skip: number) =>
      reusable<R>(db, shape, { ...values, k: anchor.k, id: anchor.id, limit, skip }, (bind) => {
        const from = tie
          ? and(atOrAfter(first[0], first[1], bind('k')), sql`(${after(first[0], first[1], bind('k'))} OR ${atOrAfter(tie[0], tie[1], bind('id'))})`)
          : atOrAfter(first[0], first[1], bind('id'));
        return db
          .select(columns)
          .from(table)
          .where(
            inArray(
              table.id,
              db
                .select({ id: table.id })
                .from(table)
                .where(and(whereOf(bind), from))
                .orderBy(...orderBy)
                .limit(bind('limit') as number)
                .offset(bind('skip') as number),
            ),
          )
          .orderBy(...orderBy);
      }),
  };
}

/**
 * A search by relevance: its matches ranked once into a CTE of narrow rows (id, tier, rank, date),
 * counted and sorted from there. A window function (`count(*) OVER ()`) over the rows themselves
 * would carry every match's whole row, stored vector included, through the count before the sort
 * (45 against 18 ms for 8,328 matches).
 */
function rankedWindow<R>(db: Db, table: typeof conferences | typeof researchSubmissions, columns: Record<string, AnyPgColumn>, where: SQL | undefined, ranking: Relevance, key: string) {
  const matches = db.$with('ranked').as(
    db
      .select({
        id: sql<number>`${table.id}`.as('ranked_id'),
        tier: sql<number>`${ranking.tier}`.as('ranked_tier'),
        rank: sql<number>`${ranking.rank}`.as('ranked_rank'),
        date: sql`${ranking.date}`.as('ranked_date'),
      })
      .from(table)
      .where(where),
  );
  return searchWindow<R>(db, table, columns, matches, [asc(matches.tier), desc(matches.rank), desc(matches.date), asc(matches.id)], key);
}

/**
 * A search by a sort of keys (not relevance): its matches read once, into a CTE (referenced twice,
 * so PostgreSQL materializes it, and plans it for all its rows: the word index's bitmap), then
 * counted and sorted from there. Two statements would read the matches twice, or, when an index
 * gives the order, walk it filtered while the count reads the bitmap anyway.
 */
function sortedWindow<R>(db: Db, table: typeof conferences | typeof researchSubmissions, columns: Record<string, AnyPgColumn>, where: SQL | undefined, keys: SortKeys, key: string) {
  const [first, tie] = keys as [readonly [AnyPgColumn, SortOrder], (readonly [AnyPgColumn, SortOrder])?];
  const matches = db.$with('matches').as(
    db.select({ id: sql<number>`${table.id}`.as('match_id'), k: sql`${first[0]}`.as('match_k') }).from(table).where(where),
  );
  const by = (column: SQL.Aliased | SQL, direction: SortOrder) => (direction === 'asc' ? asc(column) : desc(column));
  return searchWindow<R>(db, table, columns, matches, tie ? [by(matches.k, first[1]), by(matches.id, tie[1])] : [by(matches.id, first[1])], key);
}

/**
 * A search's window from its CTE of matches: their count and the first ids in `order`; the rows by
 * id, of those the site still shows (an item unpublished since the window was kept, on another API
 * process whose notification is still on its way, is left out of the page at once). Only the
 * status is read again: the search's own terms would cost the page ten times its 0.03 ms (their
 * vocabulary lookups), for an edit's seconds of staleness the read cache has anyway.
 */
function searchWindow<R>(
  db: Db,
  table: typeof conferences | typeof researchSubmissions,
  columns: Record<string, AnyPgColumn>,
  matches: WithSubquery & { id: SQL.Aliased<number> },
  order: SQL[],
  key: string,
): SearchWindow<R> {
  const first = db.select({ id: matches.id }).from(matches).orderBy(...order).limit(SEARCH_WINDOW);
  return {
    key,
    matches: db
      .with(matches)
      .select({ tot: sql<number>`(SELECT count(*) FROM ${matches})::int`, ids: sql<number[]>`ARRAY(${first})` })
      .from(sql`(VALUES (1)) AS one`) as unknown as Buildable<Matches[]>,
    rowsOf: (ids) => db.select(columns).from(table).where(and(inArray(table.id, ids), shownOf(table))) as unknown as Buildable<Array<R & { id: number }>>,
  };
}

/** `upcoming`: conferences not yet over first (soonest first), then past ones (latest first). */
function byCategoryOrder(col: ConferenceByCategorySort, order: SortOrder | undefined, search: string): SQL[] {
  if (col === 'relevance') return relevance(conferences, search, conferences.startDate)?.orderBy ?? byCategoryOrder('upcoming', order, search);
  if (col === 'upcoming') {
    const over = sql`(coalesce(${conferences.endDate}, ${conferences.startDate}) < now())`;
    return [
      asc(over),
      sql`CASE WHEN ${over} THEN NULL ELSE ${conferences.startDate} END ASC NULLS LAST`,
      desc(conferences.startDate),
      asc(conferences.id),
    ];
  }
  const direction = (order ?? 'asc') === 'asc' ? asc : desc;
  return [direction(CONFERENCE_SORT[col]), direction(conferences.id)];
}

const filterKey = (table: string, filter: Record<string, unknown>) => `tot:${table}:${JSON.stringify(filter)}`;
/** A window's key: the filter (its terms) and the order; by relevance, the phrase as typed too, which the tiers and ranks read. */
const windowKey = (table: string, filter: Record<string, unknown>, order: Relevance | SortKeys) =>
  `window:${table}:${JSON.stringify(filter)}:${'phrase' in order ? `relevance ${JSON.stringify(order.phrase)}` : order.map(([column, direction]) => `${column.name} ${direction}`).join(',')}`;

/** What a list shows of a conference (not the long texts of the details page, nor search_text). */
export const conferenceListColumns = {
  id: conferences.id,
  categoryId: conferences.categoryId,
  title: conferences.title,
  titleEn: conferences.titleEn,
  description: conferences.description,
  descriptionEn: conferences.descriptionEn,
  image: conferences.image,
  startDate: conferences.startDate,
  endDate: conferences.endDate,
  timezone: conferences.timezone,
  mode: conferences.mode,
  venue: conferences.venue,
  venueEn: conferences.venueEn,
  keywords: conferences.keywords,
};
export type ConferenceListRow = { [K in keyof typeof conferenceListColumns]: (typeof conferences.$inferSelect)[K] };

/**
 * The count of a list: the maintained one (`list_counts`, migration 0019) when the list is not
 * filtered beyond what it always shows, else counted.
 */
function totalOf(db: Db, table: typeof conferences | typeof researchSubmissions, where: SQL | undefined, unfiltered: boolean) {
  return unfiltered
    ? db.select({ tot: listCounts.n }).from(listCounts).where(eq(listCounts.list, table === conferences ? 'conferences' : 'research_submissions'))
    : db.select({ tot: count() }).from(table).where(where);
}

function conferencePage(
  db: Db,
  where: SQL | undefined,
  orderBy: SQL[],
  input: PageInput,
  filter: Record<string, unknown>,
  how: {
    /** No filter beyond what the list always shows: its `tot` is kept in list_counts. */
    unfiltered?: boolean;
    /** The page's ids, when the order has its own statement (`upcoming`). */
    pageIds?: SQL;
    /** Sorted by relevance: every match is read for the order, so for the count too. */
    ranked?: Relevance | null;
    seek?: Seek<ConferenceListRow>;
    /** A search sorted by these keys (not relevance): its window in that order. */
    searchedBy?: SortKeys;
    /** The page's rows when the list has its own statement for them (no search: {@link unsearchedRows}). */
    rows?: Buildable<ConferenceListRow[]>;
  } = {},
): PageQueries<ConferenceListRow> {
  const { unfiltered = false, pageIds, ranked, seek, searchedBy } = how;
  const offset = pageOffset(input.page, input.limit);
  const rows =
    how.rows ??
    (pageIds
      ? db.select(conferenceListColumns).from(conferences).where(sql`${conferences.id} IN (${pageIds})`).orderBy(...orderBy)
      : (byOffset(db, conferences, conferenceListColumns, where, orderBy, offset >= DEFERRED_JOIN_OFFSET, input.limit, offset) as Buildable<ConferenceListRow[]>));
  return {
    rows,
    total: totalOf(db, conferences, where, unfiltered),
    window: ranked
      ? rankedWindow<ConferenceListRow>(db, conferences, conferenceListColumns, where, ranked, windowKey('conferences', filter, ranked))
      : searchedBy
        ? sortedWindow<ConferenceListRow>(db, conferences, conferenceListColumns, where, searchedBy, windowKey('conferences', filter, searchedBy))
        : undefined,
    seek,
    totalKey: filterKey('conferences', filter),
    tables: ['conferences'],
    limit: input.limit,
    page: input.page,
  };
}

/** Only published conferences are on the public site (drafts and archived ones are the console's). */
const published = () => eq(conferences.status, 'published');
/** What a public list shows of `table`: published conferences, approved research. */
const shownOf = (table: typeof conferences | typeof researchSubmissions) =>
  table === conferences ? published() : eq(researchSubmissions.status, 'approved');

/** `POST conference/paginate` (`anchorStride`: the tests' smaller one). */
export function conferencePaginate(db: Db, input: PageInput & { col: ConferenceSort; categoryId?: number | null }, anchorStride = ANCHOR_STRIDE) {
  if (input.col === 'upcoming') return upcomingConferences(db, { ...input, col: 'upcoming' });
  const searched = searchConditions(conferences, input.search);
  const filterOf = (bind: Bind) => and(published(), ...searched, input.categoryId ? eq(conferences.categoryId, bind('category') as number) : undefined);
  const values: Record<string, unknown> = input.categoryId ? { category: input.categoryId } : {};
  const where = filterOf((name) => values[name]);
  const col = input.col === 'relevance' ? 'start_date' : input.col;
  const direction = (input.order ?? 'asc') === 'asc' ? asc : desc;
  const ranked = input.col === 'relevance' ? relevance(conferences, input.search, conferences.startDate) : null;
  const orderBy = ranked?.orderBy ?? [direction(CONFERENCE_SORT[col]), direction(conferences.id)];
  const search = searchTerms(input.search);
  const order = input.order ?? 'asc';
  const keys: SortKeys = col === 'id' ? [[conferences.id, order]] : [[CONFERENCE_SORT[col], order], [conferences.id, order]];
  const filter = { search, category: input.categoryId ?? null };
  const unsearched = search.length === 0;
  return conferencePage(db, where, orderBy, input, filter, {
    unfiltered: unsearched && !input.categoryId,
    ranked,
    searchedBy: !unsearched && !ranked ? keys : undefined,
    rows: unsearched ? unsearchedRows<ConferenceListRow>(db, conferences, conferenceListColumns, filterOf, values, orderBy, `${col} ${order}`, input) : undefined,
    seek: unsearched
      ? seekBy<ConferenceListRow>(db, conferences, conferenceListColumns, filterOf, values, keys, input.limit, `anchors:conferences:${JSON.stringify({ ...filter, col, order })}`, anchorStride)
      : undefined,
  });
}

/**
 * The ids of a page in the `upcoming` order, each part read in index order instead of sorting the
 * category by an expression of now() (a sequential scan: 140 ms for 28,000 rows of 100,000):
 * ongoing (started at most the longest duration ago, from the duration index, and not ended), not
 * yet started (start date forward), over (start date backward). Each part stops at the page's end
 * (`end_date >= start_date` is a check of the table, so a conference not yet started is not over).
 */
function upcomingPageIds(where: SQL | undefined, limit: number, offset: number): SQL {
  const upTo = offset + limit;
  const c = conferences;
  return sql`SELECT id FROM (
    (SELECT ${c.id} AS id, ${c.startDate} AS start, 0 AS part FROM ${c} WHERE ${where} AND ${c.endDate} >= now() AND ${c.startDate} < now()
      AND ${c.startDate} >= now() - (SELECT max(${c.endDate} - ${c.startDate}) FROM ${c})
      ORDER BY ${c.startDate} ASC, ${c.id} ASC LIMIT ${upTo})
    UNION ALL
    (SELECT ${c.id}, ${c.startDate}, 1 FROM ${c} WHERE ${where} AND ${c.startDate} >= now()
      ORDER BY ${c.startDate} ASC, ${c.id} ASC LIMIT ${upTo})
    UNION ALL
    (SELECT ${c.id}, ${c.startDate}, 2 FROM ${c} WHERE ${where} AND ${c.startDate} < now() AND (${c.endDate} IS NULL OR ${c.endDate} < now())
      ORDER BY ${c.startDate} DESC, ${c.id} ASC LIMIT ${upTo})
  ) AS parts ORDER BY part, CASE WHEN part < 2 THEN start END ASC, start DESC, id ASC LIMIT ${limit} OFFSET ${offset}`;
}

/** `POST conference/paginate` with `upcoming` (the home carousel): all categories, or one, in the `upcoming` order. */
function upcomingConferences(db: Db, input: PageInput & { col: 'upcoming'; categoryId?: number | null }) {
  const where = and(published(), ...searchConditions(conferences, input.search), input.categoryId ? eq(conferences.categoryId, input.categoryId) : undefined);
  const search = searchTerms(input.search);
  return conferencePage(db, where, byCategoryOrder('upcoming', input.order, input.search), input, { search, category: input.categoryId ?? null }, {
    unfiltered: search.length === 0 && !input.categoryId,
    pageIds: upcomingPageIds(where, input.limit, pageOffset(input.page, input.limit)),
  });
}

/** `POST conference/by-category`. */
export function conferencesByCategory(
  db: Db,
  input: PageInput & { col: ConferenceByCategorySort; categoryId: number; mode?: ConferenceMode | null },
) {
  const conditions: SQL[] = [eq(conferences.categoryId, input.categoryId), published(), ...searchConditions(conferences, input.search)];
  if (input.mode) conditions.push(eq(conferences.mode, input.mode));
  const where = and(...conditions);
  const search = searchTerms(input.search);
  const upcoming = input.col === 'upcoming' || (input.col === 'relevance' && search.length === 0);
  const pageIds = upcoming ? upcomingPageIds(where, input.limit, pageOffset(input.page, input.limit)) : undefined;
  return conferencePage(db, where, byCategoryOrder(input.col, input.order, input.search), input, {
    search,
    category: input.categoryId,
    mode: input.mode ?? null,
  }, { pageIds, ranked: input.col === 'relevance' ? relevance(conferences, input.search, conferences.startDate) : null });
}

const researchItemColumns = {
  id: researchSubmissions.id,
  image: researchSubmissions.image,
  updatedAt: researchSubmissions.updatedAt,
  title: researchSubmissions.title,
  titleEn: researchSubmissions.titleEn,
  abstract: researchSubmissions.abstract,
  categoryId: researchSubmissions.categoryId,
};
type ResearchItemRow = { [K in keyof typeof researchItemColumns]: (typeof researchSubmissions.$inferSelect)[K] };

/** `POST research-community/paginate`: approved research (`anchorStride`: the tests' smaller one). */
export function researchCommunityPaginate(db: Db, input: PageInput & { col: ResearchSort; categoryId?: number | null }, anchorStride = ANCHOR_STRIDE) {
  const searched = searchConditions(researchSubmissions, input.search);
  const filterOf = (bind: Bind) =>
    and(eq(researchSubmissions.status, 'approved'), ...searched, input.categoryId ? eq(researchSubmissions.categoryId, bind('category') as number) : undefined);
  const values: Record<string, unknown> = input.categoryId ? { category: input.categoryId } : {};
  const where = filterOf((name) => values[name]);
  const col = input.col === 'relevance' ? 'updated' : input.col;
  const order = input.order ?? (col === 'updated' ? 'desc' : 'asc');
  // The id runs as the index behind the column runs (see the file's header).
  const idOrder: SortOrder = col === 'updated' ? (order === 'asc' ? 'desc' : 'asc') : order;
  const keys: SortKeys = col === 'id' ? [[researchSubmissions.id, order]] : [[RESEARCH_SORT[col], order], [researchSubmissions.id, idOrder]];
  const ranked = input.col === 'relevance' ? relevance(researchSubmissions, input.search, researchSubmissions.updatedAt) : null;
  const orderBy = ranked?.orderBy ?? keys.map(([column, direction]) => (direction === 'asc' ? asc(column) : desc(column)));
  const offset = pageOffset(input.page, input.limit);
  const search = searchTerms(input.search);
  const unsearched = search.length === 0;
  const rows = unsearched
    ? unsearchedRows<ResearchItemRow>(db, researchSubmissions, researchItemColumns, filterOf, values, orderBy, `${col} ${order}`, input)
    : (byOffset(db, researchSubmissions, researchItemColumns, where, orderBy, offset >= DEFERRED_JOIN_OFFSET, input.limit, offset) as Buildable<ResearchItemRow[]>);
  const filter = { approved: true, search, category: input.categoryId ?? null };
  return {
    rows,
    total: totalOf(db, researchSubmissions, where, unsearched && !input.categoryId),
    window: ranked
      ? rankedWindow<ResearchItemRow>(db, researchSubmissions, researchItemColumns, where, ranked, windowKey('research_submissions', filter, ranked))
      : !unsearched
        ? sortedWindow<ResearchItemRow>(db, researchSubmissions, researchItemColumns, where, keys, windowKey('research_submissions', filter, keys))
        : undefined,
    seek: unsearched
      ? seekBy<ResearchItemRow>(db, researchSubmissions, researchItemColumns, filterOf, values, keys, input.limit, `anchors:research_submissions:${JSON.stringify({ ...filter, col, order })}`, anchorStride)
      : undefined,
    totalKey: filterKey('research_submissions', filter),
    tables: ['research_submissions'],
    limit: input.limit,
    page: input.page,
  } satisfies PageQueries<unknown>;
}

export interface NamedStatement {
  name: string;
  sql: string;
  params: unknown[];
}

/** The statements behind the public lists with representative bodies (plan checks). */
export function publicListStatements(db: Db): NamedStatement[] {
  const list: Array<[string, PageQueries<unknown>]> = [
    ['conference/paginate page 1 by start_date', conferencePaginate(db, { limit: 20, page: 1, col: 'start_date', search: '' })],
    ['conference/paginate page 400 by start_date', conferencePaginate(db, { limit: 20, page: 400, col: 'start_date', search: '' })],
    ['conference/paginate page 400 by start_date desc', conferencePaginate(db, { limit: 20, page: 400, col: 'start_date', order: 'desc', search: '' })],
    ['conference/paginate page 200 by title_en desc', conferencePaginate(db, { limit: 20, page: 200, col: 'title_en', order: 'desc', search: '' })],
    ['conference/paginate page 1 by title', conferencePaginate(db, { limit: 20, page: 1, col: 'title', search: '' })],
    ['conference/paginate category 2', conferencePaginate(db, { limit: 20, page: 3, col: 'start_date', search: '', categoryId: 2 })],
    ['conference/paginate search "مؤتمر الذكاء"', conferencePaginate(db, { limit: 20, page: 1, col: 'start_date', search: 'مُؤْتَمَر الذكاء' })],
    ['conference/by-category upcoming', conferencesByCategory(db, { limit: 12, page: 1, col: 'upcoming', search: '', categoryId: 1 })],
    ['research-community/paginate page 1 by updated', researchCommunityPaginate(db, { limit: 12, page: 1, col: 'updated', search: '' })],
    ['research-community/paginate page 700 by updated', researchCommunityPaginate(db, { limit: 12, page: 700, col: 'updated', search: '' })],
    ['research-community/paginate by name_en', researchCommunityPaginate(db, { limit: 12, page: 5, col: 'name_en', search: '' })],
    ['research-community/paginate category 3', researchCommunityPaginate(db, { limit: 12, page: 2, col: 'updated', search: '', categoryId: 3 })],
    ['research-community/paginate search "الذَّكاء الاصطناعى"', researchCommunityPaginate(db, { limit: 12, page: 1, col: 'updated', search: 'الذَّكاء الاصطناعى' })],
    ['research-community/paginate search "دبي" category 2', researchCommunityPaginate(db, { limit: 12, page: 1, col: 'updated', search: 'دبي', categoryId: 2 })],
    ['research-community/paginate search "ai"', researchCommunityPaginate(db, { limit: 12, page: 1, col: 'updated', search: 'ai' })],
    ['conference/paginate relevance "مؤتمر الذكاء"', conferencePaginate(db, { limit: 20, page: 1, col: 'relevance', search: 'مُؤْتَمَر الذكاء' })],
    ['research-community/paginate relevance "الذَّكاء الاصطناعى"', researchCommunityPaginate(db, { limit: 12, page: 1, col: 'relevance', search: 'الذَّكاء الاصطناعى' })],
    ['research-community/paginate relevance "data science"', researchCommunityPaginate(db, { limit: 12, page: 1, col: 'relevance', search: 'data science' })],
  ];
  // A/B of the maintained count: what an unfiltered list's `tot` costs when counted.
  const counted = db.select({ tot: count() }).from(researchSubmissions).where(eq(researchSubmissions.status, 'approved'));
  // A/B of the id tie-breaker: a descending page with ids ascending (against the index's backward scan).
  const idsAscending = db
    .select({ id: conferences.id })
    .from(conferences)
    .where(published())
    .orderBy(desc(conferences.titleEn), asc(conferences.id))
    .limit(20)
    .offset(3980);
  // A/B of the `upcoming` parts: the same page sorted by the order's expression.
  const upcomingSorted = db
    .select(conferenceListColumns)
    .from(conferences)
    .where(and(eq(conferences.categoryId, 1), published()))
    .orderBy(...byCategoryOrder('upcoming', undefined, ''))
    .limit(12);
  return [
    ...list.flatMap(([name, queries]) => [
      { name: `${name}: rows`, ...queries.rows.toSQL() },
      { name: `${name}: tot`, ...queries.total.toSQL() },
      ...(queries.window ? [{ name: `${name}: tot and the window's ids in one statement (not kept yet)`, ...queries.window.matches.toSQL() }] : []),
    ]),
    {
      name: 'research-community/paginate relevance "الذَّكاء الاصطناعى", a page of it kept: its 12 rows by id',
      ...researchCommunityPaginate(db, { limit: 12, page: 2, col: 'relevance', search: 'الذَّكاء الاصطناعى' }).window!.rowsOf(Array.from({ length: 12 }, (_, n) => 1 + n * 7919)).toSQL(),
    },
    { name: 'research-community/paginate unfiltered: tot counted (without list_counts)', ...counted.toSQL() },
    { name: 'conference/paginate page 200 by title_en desc, ids ascending: the ids (before the tie-breaker followed the scan)', ...idsAscending.toSQL() },
    { name: 'conference/by-category upcoming: rows sorted by the expression (before the three parts)', ...upcomingSorted.toSQL() },
  ];
}
