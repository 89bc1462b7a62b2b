import { sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { LRUCache } from "lru-cache";
import type { Db } from "#db/client.ts";
import { preparedStatement } from "#db/prepared.ts";
import { ownBytes, serializeWithCards } from "./card-json.ts";

/**
 * Catalogue reads (listings with their facet counts, categories, editorial inserts) cached per
 * catalogue revision. The revision is a sequence moved by a trigger on every change to products,
 * prices, sizes, brands, categories or content (migration 0003), so a change is seen by the next
 * request of every process. The sequence moves before the changing transaction commits; the time
 * limit bounds how long a result read in between can be served. Cached values are shared between
 * requests: callers read them and never change them.
 */
/** Pages and calls share it (decision 0091): each had 1,000 entries of its own before. */
const MAX_ENTRIES = 2000;
/** How long a cached value is served at most, even at an unchanged revision. */
export const CATALOGUE_MAX_AGE_MS = 60_000;

interface Entry {
  revision: string;
  value: Promise<unknown>;
}

interface PerDatabase {
  entries: LRUCache<string, Entry>;
  revisionRead: Promise<string> | null;
  /** How long a finished read of the revision answers later callers (0: every caller reads). */
  reuseMs: number;
  /** The last finished read, with the time it was sent (what it saw is at least that fresh). */
  lastRead: { revision: string; sentAt: number } | null;
}

const caches = new WeakMap<Db, PerDatabase>();

function cacheFor(db: Db): PerDatabase {
  let cache = caches.get(db);
  if (!cache) {
    cache = {
      entries: new LRUCache<string, Entry>({ max: MAX_ENTRIES, ttl: CATALOGUE_MAX_AGE_MS }),
      revisionRead: null,
      reuseMs: 0,
      lastRead: null,
    };
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Lets a read of the revision answer the callers of the next `ms` milliseconds too (decision 0051):
 * under load every page-cache hit and catalogue call would otherwise wait for a round trip of its
 * own. The bound within which every process sees a committed change grows by `ms`.
 */
export function reuseRevisionReads(db: Db, ms: number) {
  cacheFor(db).reuseMs = ms;
}

/** The current revision as a value in a statement: in another statement, it is read with its rows. */
export const currentRevisionSql = () =>
  sql`(select c.last_value::text || '.' || s.last_value::text from catalogue_revision c, stock_revision s)`;

const revisionStatement = preparedStatement<{ revision: string }>(
  "catalogue_revision",
  () => sql`select ${currentRevisionSql()} as revision`,
);

/**
 * The current revision, "<catalogue>.<stock>": the catalogue sequence moves with what listings filter,
 * count and sort on, the stock sequence with every stock change (migration 0024). Callers asking while
 * a read is under way share that read, and within the reuse time (`reuseRevisionReads`) the last one.
 */
export function catalogueRevision(db: Db): Promise<string> {
  const cache = cacheFor(db);
  const reusable = reusableRevision(db);
  if (reusable !== null) return Promise.resolve(reusable);
  if (!cache.revisionRead) {
    const sentAt = performance.now();
    cache.revisionRead = revisionStatement(db, {})
      .then((found) => {
        const revision = found[0]?.revision ?? "0";
        cache.lastRead = { revision, sentAt };
        return revision;
      })
      .finally(() => {
        cache.revisionRead = null;
      });
  }
  return cache.revisionRead;
}

/**
 * The revision last read, while it may still answer a caller (within the reuse time of
 * `reuseRevisionReads`); null when a caller would have to read it again. For a call that answers
 * from what another request has just kept, and otherwise reads what it needs itself in one statement
 * rather than reading the revision first.
 */
export function reusableRevision(db: Db): string | null {
  const { lastRead, reuseMs } = cacheFor(db);
  return lastRead && reuseMs > 0 && performance.now() - lastRead.sentAt < reuseMs ? lastRead.revision : null;
}

/**
 * Moves the revision once more, after a transaction that changed what pages show has committed. The
 * triggers move it when the change is written, before the commit: a page read in between is kept at
 * the new revision with what was there before, until the next change or the time limit. Where that
 * must not happen (a deleted member's name on reviews), the writer calls this once it has committed.
 */
export async function moveCatalogueRevision(db: Db): Promise<void> {
  await db.execute(sql`select nextval('catalogue_revision')`);
}

/** The cached value for key at the current revision, or compute(revision) stored under it. */
export async function cachedByCatalogue<T>(
  db: Db,
  key: string,
  compute: (revision: string) => Promise<T>,
): Promise<T> {
  return cachedAtRevision(db, key, await catalogueRevision(db), compute);
}

/**
 * The same at a revision the caller has just read: for a cached value computed from others, so
 * that one answer reads the revision once.
 */
export function cachedAtRevision<T>(
  db: Db,
  key: string,
  revision: string,
  compute: (revision: string) => Promise<T>,
): Promise<T> {
  const { entries } = cacheFor(db);
  const hit = entries.get(key);
  if (hit && hit.revision === revision) return hit.value as Promise<T>;
  // The promise is stored, not the value, so that requests arriving while it is worked out share it.
  // Promise.resolve makes a query builder (a lazy thenable) run once, not once per reader.
  const value = Promise.resolve(compute(revision));
  const entry = { revision, value };
  entries.set(key, entry);
  value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return value;
}

/**
 * Keeps a value read at revision (after the revision was read) for `cachedAtRevision` to answer,
 * where a read of the revision may answer later callers (`reusableRevision`); with no reuse time
 * (development, tests) nothing would ever find it, so nothing is kept.
 */
export function keepAtRevision(db: Db, key: string, revision: string, value: unknown): void {
  const cache = cacheFor(db);
  if (cache.reuseMs > 0) cache.entries.set(key, { revision, value: Promise.resolve(value) });
}

/**
 * Sends a catalogue call's JSON body, serialised (and checked against the route's response contract)
 * once per catalogue revision and then reused for every request with the same key.
 *
 * The body is kept as UTF-8 bytes, encoded once: sent as text, every answer had its length measured
 * in bytes (a pass over the whole text, 4 % of a listing's time) and was encoded again as it was
 * written.
 */
export async function sendCachedJson(
  db: Db,
  reply: Pick<FastifyReply, "serialize" | "type">,
  key: string,
  build: () => Promise<unknown>,
  /** For a listing, whose answer begins with its product cards; `verify` outside production. */
  options: { cards?: { verify: boolean } } = {},
): Promise<void> {
  const body = await cachedByCatalogue(db, `response:${key}`, async () => {
    const answer = await build();
    // A listing (its answer's first property its product cards) has the cards written from their
    // kept JSON (decision 0097); other answers are written whole.
    const withCards = options.cards
      ? serializeWithCards(answer, (data) => reply.serialize(data) as string, options.cards.verify)
      : null;
    if (withCards) return withCards;
    const text = reply.serialize(answer);
    // Bytes of their own: a short text's `Buffer.from` is a slice of Node's shared pool, which a
    // kept answer would hold whole.
    return typeof text === "string" ? ownBytes(text) : text;
  });
  // Bytes are sent as they are: they were serialised above.
  reply.type("application/json; charset=utf-8").send(body);
}

/** A revision "<catalogue>.<stock>" in its two parts (the stock part NaN when it has none). */
export function revisionParts(revision: string): { structural: string; stock: number } {
  const dot = revision.indexOf(".");
  return dot < 0
    ? { structural: revision, stock: Number.NaN }
    : { structural: revision.slice(0, dot), stock: Number(revision.slice(dot + 1)) };
}

/** The catalogue part of a revision: what the facet index depends on (stock is not a facet). */
export function structuralRevision(revision: string): string {
  return revisionParts(revision).structural;
}
