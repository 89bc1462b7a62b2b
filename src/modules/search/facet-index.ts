import { sql } from "drizzle-orm";
import { RoaringArenaAllocator, RoaringBitmap32, roaringLibraryInitialize } from "roaring-wasm";
import { type Db, rows } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { CURRENCIES } from "#kernel/money.ts";
import type { Translated } from "#kernel/translate.ts";
import { PRODUCT_SORTS, type ProductSort } from "#modules/catalog/catalog.contract.ts";
import { ORDER } from "#modules/catalog/catalog.service.ts";
import {
  CATALOGUE_MAX_AGE_MS,
  catalogueRevision,
  structuralRevision,
} from "#modules/catalog/catalogue-cache.ts";
import { FACET_KEYS, type FacetKey, type ListingQuery, PAGE_SIZE, PRICE_RANGE } from "./listing.contract.ts";

/**
 * The listing's facet index (decision 0047): per catalogue revision and currency, every online product
 * with a price in that currency gets an ordinal (its place in price order), and every facet value,
 * category and flag a roaring bitmap of ordinals. A listing's counts are then bitmap intersections
 * (the other facets' filters AND the value), its page a walk along a precomputed order; neither reads
 * the category's products. PostgreSQL stays the source of truth: the index is read from it, once per
 * revision per process, and dropped when the revision moves (every process reads the revision).
 */

/** One facet count, one category count, the total or one of the page's products (as the SQL counted). */
export interface FacetRow {
  key: string;
  value: string;
  label: string;
  n: number | string;
}

/** Price-range buckets per currency, in whole units: the facet offers these, any range is accepted. */
export const PRICE_EDGES: Record<string, number[]> = {
  EUR: [50, 100, 150, 200],
  DKK: [400, 750, 1100, 1500],
  SEK: [500, 1000, 1500, 2000],
  NOK: [500, 1000, 1500, 2000],
  PLN: [200, 400, 600, 800],
  HUF: [20000, 40000, 60000, 80000],
  CZK: [1250, 2500, 3750, 5000],
};

export const currencyUnit = (currency: string) => 10 ** (CURRENCIES[currency]?.exponent ?? 2);

/** The price buckets of a currency: label and the half-open range [low, high) in minor units. */
export function priceBuckets(currency: string): { label: string; low: number; high: number }[] {
  const unit = currencyUnit(currency);
  const edges = PRICE_EDGES[currency] ?? PRICE_EDGES.EUR ?? [];
  const buckets: { label: string; low: number; high: number }[] = [];
  let low = 0;
  for (const edge of edges) {
    buckets.push({ label: `${low}-${edge}`, low: low === 0 ? -Infinity : low * unit, high: edge * unit });
    low = edge;
  }
  buckets.push({ label: `${low}+`, low: low * unit, high: Infinity });
  return buckets;
}

/** A price filter value (`min-max` or `min+`) as a range [low, high) in minor units; 400 if malformed. */
export function priceRange(value: string, currency: string): { low: number; high: number } {
  const unit = currencyUnit(currency);
  const match = PRICE_RANGE.exec(value);
  if (!match)
    throw new HttpError(400, "validation_failed", "Some query fields are not valid.", {
      price_range: ["listing.error.priceRange"],
    });
  if (match[3] !== undefined) return { low: Number(match[3]) * unit, high: Infinity };
  return { low: Number(match[1]) * unit, high: Number(match[2]) * unit };
}

const VALUE_FACETS = ["brand", "boot_surface", "color", "age"] as const;
type ValueFacet = (typeof VALUE_FACETS)[number];
const FLAGS = ["on-sale", "members-only", "preorder", "customizable"] as const;
type Flag = (typeof FLAGS)[number];

export interface FacetIndex {
  revision: string;
  currency: string;
  /** Products in the index (online, with a price in the currency). */
  size: number;
  /** Product id per ordinal, and ordinal per product id. */
  ids: Int32Array;
  ordinalOf: Map<number, number>;
  /** Price per ordinal: ascending, since ordinals follow the price order. */
  prices: Float64Array;
  /** Per sort, the ordinals in the listing's order, and each ordinal's place in it. */
  orders: Record<ProductSort, Uint32Array>;
  ranks: Record<ProductSort, Uint32Array>;
  values: Record<ValueFacet, Map<string, RoaringBitmap32>>;
  brands: Map<string, { name: string; hasLogo: boolean }>;
  /** Products that are not gift cards (colour and age groups count only these). */
  countable: RoaringBitmap32;
  /** Per flag, in the order the facet lists them. */
  flags: Map<Flag, RoaringBitmap32>;
  categories: Map<number, { slug: string; name: Translated; members: RoaringBitmap32 }>;
  /**
   * Work space for a listing's page, one index size each, reused by every listing (reading the index
   * is synchronous, so one listing at a time uses them): a page allocated them anew, about 450 KB a
   * listing at 50,000 products, which set off the collector every few hundred listings.
   */
  scratch: { members: Uint32Array; places: Uint32Array; inResult: Uint8Array };
  /** Time to read it from the database, and to read and build it, in milliseconds. */
  readMs: number;
  buildMs: number;
}

interface IndexRow {
  id: number;
  brand: string;
  brand_name: string;
  has_logo: boolean;
  boot_surface: string | null;
  color: string;
  age_group: string;
  is_giftcard: boolean;
  price: number;
  rrp: number;
  is_exclusive: boolean;
  is_preorder: boolean;
  is_customizable: boolean;
  category_id: number;
  popularity: number;
  /** online_at in microseconds since 1970 (exact in a double). */
  online_us: number;
}

/** Reads the catalogue for one currency and builds its index. */
async function buildIndex(db: Db, currency: string, revision: string): Promise<FacetIndex> {
  const started = performance.now();
  await roaringLibraryInitialize();
  // One read, in the name order (the one order that needs the database's collation); the other
  // orders are sorted here by the same keys as ORDER in catalog.service.ts (the equivalence test
  // holds them to it). A product's ordinal is its place in price order, so that a price range is a
  // range of ordinals.
  const [products, categoryRows] = await Promise.all([
    rows<IndexRow>(
      db,
      sql`select p.id, b.slug as brand, b.name as brand_name, b.has_logo, p.boot_surface, p.color, p.age_group,
                 p.item_type = 'gift_card' as is_giftcard, pp.price, pp.rrp, p.is_exclusive, p.is_preorder,
                 p.is_customizable, p.category_id, p.popularity,
                 (extract(epoch from p.online_at) * 1000000)::float8 as online_us
            from products p
            join brands b on b.id = p.brand_id
            join categories c on c.id = p.category_id
            join product_prices pp on pp.product_id = p.id and pp.currency = ${currency}
           where p.online
           order by ${sql.raw(ORDER["name-abc"])}`,
    ),
    rows<{ id: number; slug: string; name: Translated }>(db, sql`select id, slug, name from categories`),
  ]);
  const size = products.length;
  const readAt = performance.now();
  const rowId = Float64Array.from(products, (product) => Number(product.id));
  const rowPrice = Float64Array.from(products, (product) => Number(product.price));
  const rowRrp = Float64Array.from(products, (product) => Number(product.rrp));
  const rowPopularity = Float64Array.from(products, (product) => Number(product.popularity));
  const rowOnline = Float64Array.from(products, (product) => Number(product.online_us));
  // (rrp - price) / rrp, descending with no discount known (rrp 0, SQL's null) first, as PostgreSQL sorts.
  const rowDiscount = Float64Array.from(products, (_, row) =>
    (rowRrp[row] as number) === 0
      ? Number.POSITIVE_INFINITY
      : ((rowRrp[row] as number) - (rowPrice[row] as number)) / (rowRrp[row] as number),
  );
  const sortedRows = (compare: (a: number, b: number) => number) => {
    const order = new Uint32Array(size);
    for (let row = 0; row < size; row++) order[row] = row;
    return order.sort((a, b) => compare(a, b) || (rowId[a] as number) - (rowId[b] as number));
  };
  const descending = (values: Float64Array) => (a: number, b: number) =>
    (values[b] as number) - (values[a] as number);
  const rowOrders: Record<ProductSort, Uint32Array> = {
    default: sortedRows(descending(rowPopularity)),
    "latest-online": sortedRows(descending(rowOnline)),
    "discount-desc": sortedRows(descending(rowDiscount)),
    "price-asc": sortedRows((a, b) => (rowPrice[a] as number) - (rowPrice[b] as number)),
    "price-desc": sortedRows(descending(rowPrice)),
    // The rows came in this order.
    "name-abc": Uint32Array.from({ length: size }, (_, row) => row),
  };
  const ordinalOfRow = new Uint32Array(size);
  rowOrders["price-asc"].forEach((row, ordinal) => {
    ordinalOfRow[row] = ordinal;
  });
  const ids = new Int32Array(size);
  const ordinalOf = new Map<number, number>();
  const prices = new Float64Array(size);
  const orders = {} as Record<ProductSort, Uint32Array>;
  const ranks = {} as Record<ProductSort, Uint32Array>;
  for (const sort of PRODUCT_SORTS) {
    const order = rowOrders[sort].map((row) => ordinalOfRow[row] as number);
    const rank = new Uint32Array(size);
    order.forEach((ordinal, place) => {
      rank[ordinal] = place;
    });
    orders[sort] = order;
    ranks[sort] = rank;
  }
  const members = {
    brand: new Map<string, number[]>(),
    boot_surface: new Map<string, number[]>(),
    color: new Map<string, number[]>(),
    age: new Map<string, number[]>(),
  } satisfies Record<ValueFacet, Map<string, number[]>>;
  const flagMembers: Record<Flag, number[]> = {
    "on-sale": [],
    "members-only": [],
    preorder: [],
    customizable: [],
  };
  const countable: number[] = [];
  const categoryMembers = new Map<number, number[]>();
  const brands = new Map<string, { name: string; hasLogo: boolean }>();
  const add = (map: Map<string | number, number[]>, key: string | number, ordinal: number) => {
    const list = map.get(key);
    if (list) list.push(ordinal);
    else map.set(key, [ordinal]);
  };
  products.forEach((product, row) => {
    const ordinal = ordinalOfRow[row] as number;
    ids[ordinal] = product.id;
    ordinalOf.set(product.id, ordinal);
    prices[ordinal] = Number(product.price);
    add(members.brand, product.brand, ordinal);
    if (!brands.has(product.brand))
      brands.set(product.brand, { name: product.brand_name, hasLogo: product.has_logo });
    if (product.boot_surface !== null) add(members.boot_surface, product.boot_surface, ordinal);
    add(members.color, product.color, ordinal);
    add(members.age, product.age_group, ordinal);
    if (!product.is_giftcard) countable.push(ordinal);
    if (Number(product.price) < Number(product.rrp)) flagMembers["on-sale"].push(ordinal);
    if (product.is_exclusive) flagMembers["members-only"].push(ordinal);
    if (product.is_preorder) flagMembers.preorder.push(ordinal);
    if (product.is_customizable) flagMembers.customizable.push(ordinal);
    add(categoryMembers, product.category_id, ordinal);
  });
  const bitmap = (ordinals: number[]) => {
    // Added as one typed array: the library copies it into WebAssembly memory in chunks.
    const result = new RoaringBitmap32();
    result.addMany(Uint32Array.from(ordinals));
    result.runOptimize();
    result.shrinkToFit();
    return result;
  };
  const toBitmaps = (map: Map<string, number[]>) =>
    new Map([...map].map(([value, ordinals]) => [value, bitmap(ordinals)]));
  const categories = new Map<number, { slug: string; name: Translated; members: RoaringBitmap32 }>();
  for (const category of categoryRows) {
    const ordinals = categoryMembers.get(category.id);
    if (ordinals)
      categories.set(category.id, { slug: category.slug, name: category.name, members: bitmap(ordinals) });
  }
  return {
    revision,
    currency,
    size,
    ids,
    ordinalOf,
    prices,
    orders,
    ranks,
    values: {
      brand: toBitmaps(members.brand),
      boot_surface: toBitmaps(members.boot_surface),
      color: toBitmaps(members.color),
      age: toBitmaps(members.age),
    },
    brands,
    countable: bitmap(countable),
    flags: new Map(FLAGS.map((flag) => [flag, bitmap(flagMembers[flag])])),
    categories,
    scratch: {
      members: new Uint32Array(size),
      places: new Uint32Array(size),
      inResult: new Uint8Array(size),
    },
    readMs: readAt - started,
    buildMs: performance.now() - started,
  };
}

interface Entry {
  revision: string;
  builtAt: number;
  index: Promise<FacetIndex>;
}
const built = new WeakMap<Db, Map<string, Entry>>();

/**
 * The index of the currency at the catalogue's current revision (or the one given, read by the
 * caller): built on first use, shared by the requests that ask while it is built, and built again when
 * the revision moves. Like the catalogue cache it is also rebuilt after CATALOGUE_MAX_AGE_MS, which
 * bounds how long a read that raced a still-uncommitted change (the revision moves before the commit)
 * is served.
 */
export async function facetIndex(db: Db, currency: string, knownRevision?: string): Promise<FacetIndex> {
  // Stock is not a facet: a sale moves only the stock part of the revision and keeps the index.
  const revision = structuralRevision(knownRevision ?? (await catalogueRevision(db)));
  let perDb = built.get(db);
  if (!perDb) {
    perDb = new Map();
    built.set(db, perDb);
  }
  const found = perDb.get(currency);
  if (found && found.revision === revision && Date.now() - found.builtAt < CATALOGUE_MAX_AGE_MS)
    return found.index;
  // The old index's bitmaps are not disposed here: a request may still hold it. The library frees a
  // bitmap's WebAssembly memory once its object is collected.
  const entry: Entry = { revision, builtAt: Date.now(), index: buildIndex(db, currency, revision) };
  perDb.set(currency, entry);
  entry.index.catch(() => {
    if (perDb.get(currency) === entry) perDb.delete(currency);
  });
  return entry.index;
}

/** First ordinal whose price is at least `price` (prices ascend with the ordinal). */
function firstAtLeast(prices: Float64Array, price: number): number {
  let low = 0;
  let high = prices.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((prices[middle] as number) < price) low = middle + 1;
    else high = middle;
  }
  return low;
}

export interface IndexListingScope {
  locale: string;
  categoryIds?: number[];
  /** Product ids the listing is limited to (a text search's matches), when it is. */
  restrictTo?: number[];
  /** The order of the page when it is not one of the index's sorts (a search's relevance): product ids. */
  rankedIds?: number[];
}

/**
 * The facet counts, total, category counts and page ids of a listing, in the rows the SQL listing
 * returns (keys brand…others, `_total`, `_category`, `_page`): disjunctive faceting over the bitmaps.
 */
export function listFromIndex(
  index: FacetIndex,
  scope: IndexListingScope,
  query: ListingQuery,
  offset: number,
): FacetRow[] {
  return new RoaringArenaAllocator().with(() => readIndex(index, scope, query, offset));
}

function readIndex(
  index: FacetIndex,
  scope: IndexListingScope,
  query: ListingQuery,
  offset: number,
): FacetRow[] {
  const { size, prices, currency } = index;
  const base = new RoaringBitmap32();
  if (scope.categoryIds) {
    for (const id of scope.categoryIds) {
      const category = index.categories.get(id);
      if (category) base.orInPlace(category.members);
    }
  } else base.addRange(0, size);
  const { ordinalOf } = index;
  if (scope.restrictTo) {
    const matches = new RoaringBitmap32();
    for (const id of scope.restrictTo) {
      const ordinal = ordinalOf.get(id);
      if (ordinal !== undefined) matches.add(ordinal);
    }
    base.andInPlace(matches);
  }

  // One bitmap per active facet: its values are alternatives (OR).
  const filters: Partial<Record<FacetKey, RoaringBitmap32>> = {};
  const anyOf = (values: string[], bitmapOf: (value: string) => RoaringBitmap32 | undefined) => {
    const union = new RoaringBitmap32();
    for (const value of values) {
      const found = bitmapOf(value);
      if (found) union.orInPlace(found);
    }
    return union;
  };
  for (const key of VALUE_FACETS) {
    const chosen = query[key];
    if (chosen.length) filters[key] = anyOf(chosen, (value) => index.values[key].get(value));
  }
  if (query.price_range.length) {
    const union = new RoaringBitmap32();
    for (const value of query.price_range) {
      const { low, high } = priceRange(value, currency);
      union.addRange(firstAtLeast(prices, low), high === Infinity ? size : firstAtLeast(prices, high));
    }
    filters.price_range = union;
  }
  const flags = query.others.filter((value): value is Flag => (FLAGS as readonly string[]).includes(value));
  if (flags.length) filters.others = anyOf(flags, (value) => index.flags.get(value as Flag));

  const matching = (except: FacetKey | null) => {
    const result = base.clone();
    for (const key of FACET_KEYS) {
      const filter = filters[key];
      if (key !== except && filter) result.andInPlace(filter);
    }
    return result;
  };
  const all = matching(null);
  // A facet without a filter of its own counts the full result; one with a filter, the result of the others.
  const without = (key: FacetKey) => (filters[key] ? matching(key) : all);

  const facetRows: FacetRow[] = [];
  const count = (
    key: FacetKey,
    within: RoaringBitmap32,
    values: Pick<Map<string, RoaringBitmap32>, "forEach">,
    label: (value: string) => string,
  ) => {
    values.forEach((members, value) => {
      const n = within.andCardinality(members);
      if (n > 0) facetRows.push({ key, value, label: label(value), n });
    });
  };
  count("brand", without("brand"), index.values.brand, (slug) => {
    const brand = index.brands.get(slug);
    return `${brand?.name ?? slug}${brand?.hasLogo === false ? "|nologo" : ""}`;
  });
  count("boot_surface", without("boot_surface"), index.values.boot_surface, (value) => value);
  // A gift card has neither a colour nor an age group to choose by (its row holds placeholders).
  const countable = (key: FacetKey) => RoaringBitmap32.and(without(key), index.countable);
  count("color", countable("color"), index.values.color, (value) => value);
  count("age", countable("age"), index.values.age, (value) => value);
  const priceWithin = without("price_range");
  for (const bucket of priceBuckets(currency)) {
    const from = bucket.low === -Infinity ? 0 : firstAtLeast(prices, bucket.low);
    const to = bucket.high === Infinity ? size : firstAtLeast(prices, bucket.high);
    const n = priceWithin.rangeCardinality(from, to);
    if (n > 0) facetRows.push({ key: "price_range", value: bucket.label, label: "", n });
  }
  count("others", without("others"), index.flags, (value) => value);
  facetRows.push({ key: "_total", value: "", label: "", n: all.size });
  for (const category of index.categories.values()) {
    const n = all.andCardinality(category.members);
    if (n > 0)
      facetRows.push({
        key: "_category",
        value: category.slug,
        label: `${category.name[scope.locale] ?? ""}|${category.name.en ?? ""}`,
        n,
      });
  }
  for (const [place, ordinal] of pageOrdinals(index, all, query.sort, offset, scope).entries())
    facetRows.push({ key: "_page", value: String(index.ids[ordinal]), label: "", n: place });
  return facetRows;
}

/** The ordinals of the page: PAGE_SIZE members of the result after `offset`, in the listing's order. */
function pageOrdinals(
  index: FacetIndex,
  result: RoaringBitmap32,
  sort: ProductSort,
  offset: number,
  scope: IndexListingScope,
): number[] {
  const page: number[] = [];
  const total = result.size;
  if (offset >= total) return page;
  if (scope.rankedIds && sort === "default") {
    // A search's relevance order, as PostgreSQL ranked the matches.
    let seen = 0;
    for (const id of scope.rankedIds) {
      const ordinal = index.ordinalOf.get(id);
      if (ordinal === undefined || !result.has(ordinal)) continue;
      if (seen++ >= offset) page.push(ordinal);
      if (page.length === PAGE_SIZE) break;
    }
    return page;
  }
  const order = index.orders[sort];
  const wanted = Math.min(total, offset + PAGE_SIZE);
  // Walking the order meets a member every size/total places on average; when that walk would be
  // longer than sorting the result's own places, those are sorted instead.
  const walk = (wanted * index.size) / total;
  const { scratch } = index;
  const members = result.toUint32Array(scratch.members);
  if (walk <= members.length * 4) {
    const { inResult } = scratch;
    for (const ordinal of members) inResult[ordinal] = 1;
    let seen = 0;
    for (let place = 0; place < order.length && seen < wanted; place++) {
      const ordinal = order[place] as number;
      if (!inResult[ordinal]) continue;
      if (seen++ >= offset) page.push(ordinal);
    }
    // Left all zero for the next listing.
    for (const ordinal of members) inResult[ordinal] = 0;
    return page;
  }
  const rank = index.ranks[sort];
  const places = scratch.places.subarray(0, members.length);
  members.forEach((ordinal, i) => {
    places[i] = rank[ordinal] as number;
  });
  places.sort();
  for (const place of places.subarray(offset, wanted)) page.push(order[place] as number);
  return page;
}
