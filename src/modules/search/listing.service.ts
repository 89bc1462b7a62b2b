import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type Db, rows } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { CURRENCIES } from "#kernel/money.ts";
import { translate } from "#kernel/translate.ts";
import type { ProductCard } from "#modules/catalog/catalog.contract.ts";
import { brands, categories } from "#modules/catalog/catalog.schema.ts";
import {
  cachedCardsInOrder,
  ORDER,
  productCardsInOrder,
  queryProductCards,
} from "#modules/catalog/catalog.service.ts";
import { cachedByCatalogue } from "#modules/catalog/catalogue-cache.ts";
import { contentItems } from "#modules/content/content.schema.ts";
import type { UiLocale } from "#modules/markets/markets.service.ts";
import {
  type FacetIndex,
  type FacetRow,
  facetIndex,
  listFromIndex,
  PRICE_EDGES,
  priceBuckets,
} from "./facet-index.ts";
import type { SponsoredComponent } from "./listing.contract.ts";
import {
  type CategoryOutput,
  type CategoryQuery,
  FACET_KEYS,
  type FacetKey,
  type Filter,
  type ListingQuery,
  OTHERS_VALUES,
  PAGE_SIZE,
  PRICE_RANGE,
  type SearchOutput,
  type SearchQuery,
} from "./listing.contract.ts";
import { itemTypeRank, planSearch, planTsquery } from "./search-query.ts";

export interface ListingScope {
  currency: string;
  locale: UiLocale;
  categoryIds?: number[];
  /** Free text; "*" or empty lists everything. */
  q?: string;
}

const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

function priceBucketExpression(
  currency: string,
  price: SQL = sql`f.price`,
): { expression: SQL; labels: string[] } {
  const unit = 10 ** (CURRENCIES[currency]?.exponent ?? 2);
  const edges = PRICE_EDGES[currency] ?? PRICE_EDGES.EUR ?? [];
  const labels: string[] = [];
  const whens: SQL[] = [];
  let low = 0;
  for (const edge of edges) {
    const label = `${low}-${edge}`;
    labels.push(label);
    whens.push(sql`when ${price} < ${edge * unit} then ${label}`);
    low = edge;
  }
  const top = `${low}+`;
  labels.push(top);
  return { expression: sql`(case ${sql.join(whens, sql` `)} else ${top} end)`, labels };
}

/** The price buckets' labels in their order, worked out once per currency (every listing sorts by them). */
const bucketLabels = new Map<string, string[]>();
function priceBucketLabels(currency: string): string[] {
  let labels = bucketLabels.get(currency);
  if (!labels) {
    labels = priceBuckets(currency).map((bucket) => bucket.label);
    bucketLabels.set(currency, labels);
  }
  return labels;
}

function priceCondition(values: string[], currency: string, price: SQL): SQL {
  const unit = 10 ** (CURRENCIES[currency]?.exponent ?? 2);
  const parts = values.map((value) => {
    const match = PRICE_RANGE.exec(value);
    if (!match)
      throw new HttpError(400, "validation_failed", "Some query fields are not valid.", {
        price_range: ["listing.error.priceRange"],
      });
    if (match[3] !== undefined) return sql`${price} >= ${Number(match[3]) * unit}`;
    return sql`(${price} >= ${Number(match[1]) * unit} and ${price} < ${Number(match[2]) * unit})`;
  });
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** Where each filtered value lives in the facet CTE of the reference engine's statement. */
interface Columns {
  brand: SQL;
  surface: SQL;
  color: SQL;
  age: SQL;
  price: SQL;
  rrp: SQL;
  exclusive: SQL;
  preorder: SQL;
  customizable: SQL;
}
const CTE_COLUMNS: Columns = {
  brand: sql`f.brand`,
  surface: sql`f.boot_surface`,
  color: sql`f.color`,
  age: sql`f.age_group`,
  price: sql`f.price`,
  rrp: sql`f.rrp`,
  exclusive: sql`f.is_exclusive`,
  preorder: sql`f.is_preorder`,
  customizable: sql`f.is_customizable`,
};

/** The "others" facet's values that filter (any other value sent is ignored). */
type OtherFacet = (typeof OTHERS_VALUES)[number];
const isOtherFacet = (value: string): value is OtherFacet =>
  (OTHERS_VALUES as readonly string[]).includes(value);

/** Whether the shopper chose a filter: any facet's value, or one of the others that filters. */
function anyFacetChosen(query: ListingQuery): boolean {
  return (
    query.brand.length > 0 ||
    query.boot_surface.length > 0 ||
    query.color.length > 0 ||
    query.age.length > 0 ||
    query.price_range.length > 0 ||
    query.others.some(isOtherFacet)
  );
}

/** One condition per active facet (values of one facet are alternatives; facets combine). */
function facetConditions(
  query: ListingQuery,
  currency: string,
  cols: Columns,
): Partial<Record<FacetKey, SQL>> {
  const conditions: Partial<Record<FacetKey, SQL>> = {};
  const othersConditions: Record<OtherFacet, SQL> = {
    "on-sale": sql`${cols.price} < ${cols.rrp}`,
    "members-only": cols.exclusive,
    preorder: cols.preorder,
    customizable: cols.customizable,
  };
  if (query.brand.length) conditions.brand = sql`${cols.brand} in (${list(query.brand)})`;
  if (query.boot_surface.length)
    conditions.boot_surface = sql`${cols.surface} in (${list(query.boot_surface)})`;
  if (query.color.length) conditions.color = sql`${cols.color} in (${list(query.color)})`;
  if (query.age.length) conditions.age = sql`${cols.age} in (${list(query.age)})`;
  if (query.price_range.length)
    conditions.price_range = priceCondition(query.price_range, currency, cols.price);
  const others = query.others.filter(isOtherFacet).map((value) => othersConditions[value]);
  if (others.length) conditions.others = sql`(${sql.join(others, sql` or `)})`;
  return conditions;
}

/**
 * The search's condition and ranking: every word (widened by synonyms, compound parts, completions
 * and corrected typos) must match the product's search document, or the whole query is close to
 * the brand and name; the item type the words name ranks first, then relevance and popularity.
 */
async function searchCondition(
  db: Db,
  scope: ListingScope,
): Promise<{ condition: SQL | null; rank: SQL | null }> {
  const q = scope.q?.trim();
  if (!q || q === "*") return { condition: null, rank: null };
  const plan = await planSearch(db, q, scope.locale);
  const tsquery = planTsquery(plan);
  const lowered = plan.text || q.toLowerCase();
  const itemType = itemTypeRank(plan);
  // Relevance from the compact title document (name and brand): cheap for every match, where ranking
  // by the full documents read them all (decision 0042). The item type the words name and the
  // condition that every word matches somewhere carry the rest; the name's similarity ranks only a
  // search that matched by it alone (no word is indexed).
  const relevance = tsquery
    ? sql`ts_rank(p.title, ${tsquery}) desc`
    : sql`word_similarity(${lowered}, p.search_name) desc`;
  return {
    // Typo tolerance on the whole query too: a query close enough to a word run of the brand and name
    // still matches. Both sides are GIN index conditions on search_entries, answered by one BitmapOr
    // (the listing runs with sequential scans off, so the documents are never read one by one). Written
    // as the index writes it (search_name %> words, not words <% search_name): the planner then knows
    // the bitmap answered the condition and does not test it again on each row's document.
    condition: tsquery
      ? sql`(p.document @@ ${tsquery} or p.search_name %> ${lowered})`
      : sql`p.search_name %> ${lowered}`,
    rank: sql.join([...(itemType ? [itemType] : []), relevance, sql`p.popularity desc, p.id`], sql`, `),
  };
}

/** The listing's rows: the products, or for a search their narrow search copies (same column names). */
const from = (source: SQL) => sql`from ${source} p
  join brands b on b.id = p.brand_id
  join categories c on c.id = p.category_id`;

/**
 * Every facet's counts and the page's product ids in one query: the matching products are read once
 * into a CTE with their place in the listing's order, then each facet counts them with the other
 * active filters applied but not its own, and the page is the next PAGE_SIZE of those every filter
 * keeps (rows "_page": value the id, n the place).
 */
async function countFacets(
  db: Db,
  scope: ListingScope,
  source: SQL,
  base: SQL[],
  active: Partial<Record<FacetKey, SQL>>,
  page: { orderBy: SQL; offset: number },
): Promise<FacetRow[]> {
  const others = (except: FacetKey | null) =>
    FACET_KEYS.filter((key) => key !== except && active[key]).map((key) => active[key] as SQL);
  const where = (except: FacetKey | null, extra: SQL[] = []) => {
    const parts = [...others(except), ...extra];
    return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
  };
  const bucket = priceBucketExpression(scope.currency);
  const branches: SQL[] = [
    sql`select 'brand' as key, f.brand as value, min(f.brand_name) || case when bool_and(f.has_logo) then '' else '|nologo' end as label, count(*) as n from f ${where("brand")} group by f.brand`,
    sql`select 'boot_surface', f.boot_surface, f.boot_surface, count(*) from f ${where("boot_surface", [sql`f.boot_surface is not null`])} group by f.boot_surface`,
    // A gift card has neither a colour nor an age group to choose by (its row holds placeholders).
    sql`select 'color', f.color, f.color, count(*) from f ${where("color", [sql`not f.is_giftcard`])} group by f.color`,
    sql`select 'age', f.age_group, f.age_group, count(*) from f ${where("age", [sql`not f.is_giftcard`])} group by f.age_group`,
    sql`select 'price_range', ${bucket.expression}, '', count(*) from f ${where("price_range")} group by 2`,
    // The four flags counted in one pass over the matches.
    sql`select 'others', o.value, o.value, o.n from (
          select count(*) filter (where f.price < f.rrp) as on_sale, count(*) filter (where f.is_exclusive) as members,
                 count(*) filter (where f.is_preorder) as preorder, count(*) filter (where f.is_customizable) as customizable
            from f ${where("others")}) x
          cross join lateral (values ('on-sale', x.on_sale), ('members-only', x.members),
                                     ('preorder', x.preorder), ('customizable', x.customizable)) as o(value, n)
         where o.n > 0`,
    sql`select '_total', '', '', count(*) from f ${where(null)}`,
    // Counted per category id first, then named: the names are read once per category, not per match.
    sql`select '_category', c.slug, (c.name->>${scope.locale}) || '|' || (c.name->>'en'), x.n
          from (select f.category_id, count(*) as n from f ${where(null)} group by f.category_id) x
          join categories c on c.id = x.category_id`,
    sql`(select '_page', f.id::text, '', f.position from f ${where(null)}
          order by f.position limit ${PAGE_SIZE} offset ${page.offset})`,
  ];
  return rows<FacetRow>(
    db,
    sql`
    with f as materialized (
      select b.slug as brand, b.name as brand_name, b.has_logo, p.boot_surface, p.color, p.age_group,
             p.item_type = 'gift_card' as is_giftcard, pp.price, pp.rrp, p.is_exclusive, p.is_preorder, p.is_customizable, p.category_id,
             p.id, row_number() over (order by ${page.orderBy}) as position
        ${from(source)}
        join product_prices pp on pp.product_id = p.id and pp.currency = ${scope.currency}
       where ${sql.join(base, sql` and `)})
    ${sql.join(branches, sql` union all `)}`,
  );
}

/**
 * The facets as filters. A chosen value that no product matches any more (the other filters leave
 * none) stays, with a count of 0: the shopper sees it is chosen and can take it off. A brand's name
 * comes from `brandNames` then.
 */
function buildFilters(
  facets: FacetRow[],
  query: ListingQuery,
  currency: string,
  brandNames: Map<string, string>,
): Filter[] {
  const bucketOrder = priceBucketLabels(currency);
  // The rows by facet, in one pass (a listing has a few hundred).
  const rowsByKey = new Map<string, FacetRow[]>();
  for (const row of facets) {
    const rows = rowsByKey.get(row.key);
    if (rows) rows.push(row);
    else rowsByKey.set(row.key, [row]);
  }
  return FACET_KEYS.map((key) => {
    const selected = new Set(query[key]);
    const values = (rowsByKey.get(key) ?? []).map((row) => ({
      name: row.value,
      label: key === "brand" ? row.label.replace("|nologo", "") : row.label || row.value,
      count: Number(row.n),
      selected: selected.has(row.value),
      hasLogo: !row.label.endsWith("|nologo"),
    }));
    for (const value of selected)
      if (!values.some((v) => v.name === value))
        values.push({
          name: value,
          label: (key === "brand" ? brandNames.get(value) : undefined) ?? value,
          count: 0,
          selected: true,
          hasLogo: true,
        });
    values.sort((a, b) =>
      key === "price_range"
        ? bucketOrder.indexOf(a.name) - bucketOrder.indexOf(b.name)
        : b.count - a.count || a.name.localeCompare(b.name),
    );
    return {
      key,
      name: `filter.${key}`,
      values: values.map(({ hasLogo, ...value }) =>
        key === "brand" ? { ...value, has_logo: hasLogo } : value,
      ),
    };
  }).filter((filter) => filter.values.length > 0);
}

/** The names of chosen brands the brand facet does not count (none of their products is left). */
async function chosenBrandNames(db: Db, chosen: string[], facets: FacetRow[]): Promise<Map<string, string>> {
  const counted = new Set(facets.filter((row) => row.key === "brand").map((row) => row.value));
  const missing = chosen.filter((slug) => !counted.has(slug));
  if (missing.length === 0) return new Map();
  const found = await db
    .select({ slug: brands.slug, name: brands.name })
    .from(brands)
    .where(inArray(brands.slug, missing));
  return new Map(found.map((brand) => [brand.slug, brand.name]));
}

/** The page number must be a whole number within 1..totalPages (404 otherwise, as the spec says). */
export function resolvePage(raw: string | undefined, total: number): { page: number; totalPages: number } {
  const totalPages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = raw === undefined || raw === "" ? 1 : /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(page) || page < 1 || page > totalPages)
    throw new HttpError(404, "page_not_found", "There is no such page.");
  return { page, totalPages };
}

export interface ListingResult {
  products: ProductCard[];
  filters: Filter[];
  total: number;
  page: number;
  totalPages: number;
  navigation: { title: string; url: string; count: number }[];
  anyFilterActive: boolean;
}

/** The cache key of one listing: the scope and the query with each filter's values in one order. */
function listingKey(scope: ListingScope, query: ListingQuery): string {
  const filters = FACET_KEYS.map((key) => [key, [...query[key]].sort()]);
  return JSON.stringify([
    scope.currency,
    scope.locale,
    scope.categoryIds ?? null,
    scope.q?.trim() ?? "",
    query.sort,
    query.page ?? "",
    filters,
  ]);
}

/**
 * The listing's rows from the facet index. A search's words still need PostgreSQL: the ids of its
 * matches are read there in relevance order (through the GIN indexes, no counting), and the index
 * counts and pages within them.
 */
async function indexFacets(
  tx: Db,
  index: FacetIndex,
  scope: ListingScope,
  query: ListingQuery,
  plan: {
    search: { condition: SQL | null; rank: SQL | null };
    source: SQL;
    base: SQL[];
    offset: number;
  },
): Promise<FacetRow[]> {
  if (!plan.search.condition)
    return listFromIndex(index, { locale: scope.locale, categoryIds: scope.categoryIds }, query, plan.offset);
  const matches = await rows<{ id: number }>(
    tx,
    sql`select p.id ${from(plan.source)} where ${sql.join(plan.base, sql` and `)}
         order by ${plan.search.rank ?? sql.raw(ORDER.default)}`,
  );
  const ids = matches.map((match) => Number(match.id));
  return listFromIndex(
    index,
    { locale: scope.locale, categoryIds: scope.categoryIds, restrictTo: ids, rankedIds: ids },
    query,
    plan.offset,
  );
}

export function runListing(db: Db, scope: ListingScope, query: ListingQuery): Promise<ListingResult> {
  return cachedByCatalogue(db, `listing:${listingKey(scope, query)}`, (revision) =>
    computeListing(db, scope, query, { engine: "index", revision }),
  );
}

/**
 * How a listing is counted: "index" from the facet index (decision 0047), "sql" by the one query that
 * reads the whole category (the reference the index is tested against).
 */
export type ListingEngine = "index" | "sql";

/** A listing worked out now (not from the cache), by the engine given. */
export async function computeListing(
  db: Db,
  scope: ListingScope,
  query: ListingQuery,
  options: { engine: ListingEngine; revision?: string },
): Promise<ListingResult> {
  const search = await searchCondition(db, scope);
  // The statements' conditions are made only where a statement reads them (the reference engine, a
  // search's matches): a category read from the index needs none.
  const base: SQL[] = [];
  if (options.engine === "sql" || search.condition) {
    base.push(sql`p.online`);
    if (scope.categoryIds)
      base.push(
        sql`p.category_id in (${sql.join(
          scope.categoryIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    if (search.condition) base.push(search.condition);
  }
  const source = search.condition ? sql`search_entries` : sql`products`;
  const orderBy = query.sort === "default" && search.rank ? search.rank : sql.raw(ORDER[query.sort]);
  // The page's offset comes from the page asked for; a page past the end is refused (404) once the
  // total is known.
  const asked = query.page && /^\d+$/.test(query.page) ? Number(query.page) : 1;
  const offset = Math.max(0, Math.min(asked - 1, 1_000_000)) * PAGE_SIZE;
  // The index belongs to the database, and is read (or built) before a search's transaction opens:
  // PGlite's one connection would otherwise wait for that transaction to end.
  const index = options.engine === "index" ? await facetIndex(db, scope.currency, options.revision) : null;
  const read = async (tx: Db) => {
    const facets = index
      ? await indexFacets(tx, index, scope, query, { search, source, base, offset })
      : await countFacets(tx, scope, source, base, facetConditions(query, scope.currency, CTE_COLUMNS), {
          orderBy,
          offset,
        });
    const total = Number(facets.find((row) => row.key === "_total")?.n ?? 0);
    const { page, totalPages } = resolvePage(query.page, total);
    const ids = facets
      .filter((row) => row.key === "_page")
      .sort((a, b) => Number(a.n) - Number(b.n))
      .map((row) => Number(row.value));
    // The cards of the page's products, in the listing's order.
    const pageIds = ids.slice(0, PAGE_SIZE);
    const cards = options.revision
      ? await cachedCardsInOrder(db, tx, scope.currency, pageIds, options.revision)
      : await productCardsInOrder(tx, scope.currency, pageIds);
    return { facets, total, page, totalPages, cards };
  };
  // A search reads its matches through the GIN indexes only: the planner, expecting a broad word to
  // match most rows, would otherwise read and unpack every document (≈ 450 ms at 50,000 products).
  const { facets, total, page, totalPages, cards } = search.condition
    ? await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return read(tx as unknown as Db);
      })
    : await read(db);
  const navigation = facets
    .filter((row) => row.key === "_category")
    .map((row) => {
      const [localised, english] = row.label.split("|");
      return { title: localised || english || row.value, url: `/${row.value}/`, count: Number(row.n) };
    })
    // Equal counts in the order of their addresses, so the eight shown do not depend on how the
    // counts were read.
    .sort((a, b) => b.count - a.count || a.url.localeCompare(b.url))
    .slice(0, 8);
  const brandNames = await chosenBrandNames(db, query.brand, facets);
  return {
    products: cards,
    filters: buildFilters(facets, query, scope.currency, brandNames),
    total,
    page,
    totalPages,
    navigation,
    anyFilterActive: anyFacetChosen(query),
  };
}

/**
 * `GET /api/category/get/`: a page of the category's products with its filters, and the sponsored
 * block on the first page when no filter is chosen (a filtered page shows only what was asked for).
 */
export async function categoryListing(
  db: Db,
  query: CategoryQuery,
  shop: { currency: string; locale: UiLocale },
): Promise<CategoryOutput> {
  const category = await loadCategory(db, query.slug, shop.locale);
  const listing = await runListing(db, { ...shop, categoryIds: category.ids }, query);
  const sponsored =
    listing.page === 1 && !listing.anyFilterActive
      ? await loadSponsored(db, category.id, shop.currency, shop.locale)
      : null;
  return {
    products: listing.products,
    meta: {
      slug: category.slug,
      title: category.title,
      description: category.description,
      breadcrumb: category.breadcrumb,
      sub_categories: category.subCategories,
      has_sub_categories: category.subCategories.length > 0,
      total: listing.total,
      page: listing.page,
      pages: { total: listing.totalPages },
      filters: listing.filters,
      content: { sponsored },
    },
  };
}

/** `GET /api/search/`: a page of the products matching the words, with filters and category links. */
export async function searchListing(
  db: Db,
  query: SearchQuery,
  shop: { currency: string; locale: UiLocale },
): Promise<SearchOutput> {
  const listing = await runListing(db, { ...shop, q: query.q }, query);
  return {
    products: listing.products,
    navigation_items: listing.navigation,
    meta: {
      title: query.q,
      total: listing.total,
      page: listing.page,
      pages: { total: listing.totalPages },
      filters: listing.filters,
    },
  };
}

/** A category with its subcategories, breadcrumb and sponsored block; 404 for an unknown slug. */
export function loadCategory(db: Db, slug: string, locale: UiLocale) {
  return cachedByCatalogue(db, `category:${slug}:${locale}`, () => readCategory(db, slug, locale));
}

async function readCategory(db: Db, slug: string, locale: UiLocale) {
  const all = await db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      slug: categories.slug,
      name: categories.name,
      description: categories.description,
    })
    .from(categories)
    .orderBy(asc(categories.sort));
  const category = all.find((c) => c.slug === slug);
  if (!category) throw new HttpError(404, "category_not_found", "There is no such category.");
  const children = all.filter((c) => c.parentId === category.id);
  const parent = all.find((c) => c.id === category.parentId);
  const grandchildren = all.filter((c) => children.some((child) => child.id === c.parentId));
  return {
    id: category.id,
    slug: category.slug,
    title: translate(category.name, locale),
    description: translate(category.description, locale),
    ids: [category.id, ...children.map((c) => c.id), ...grandchildren.map((c) => c.id)],
    breadcrumb: [
      ...(parent ? [{ title: translate(parent.name, locale), url: `/${parent.slug}/` }] : []),
      { title: translate(category.name, locale), url: `/${category.slug}/` },
    ],
    subCategories: children.map((c) => ({
      slug: c.slug,
      title: translate(c.name, locale),
      url: `/${c.slug}/`,
    })),
  };
}

/** The category's sponsored component, with its products, when the page may show it. */
export function loadSponsored(db: Db, categoryId: number, currency: string, locale: UiLocale) {
  return cachedByCatalogue(db, `sponsored:${categoryId}:${currency}:${locale}`, () =>
    readSponsored(db, categoryId, currency, locale),
  );
}

async function readSponsored(db: Db, categoryId: number, currency: string, locale: UiLocale) {
  const [item] = await db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.kind, "sponsored"), eq(contentItems.categoryId, categoryId)))
    .limit(1);
  if (!item || item.productIds.length === 0) return null;
  const { cards } = await queryProductCards(db, { currency, productIds: item.productIds, limit: 12 });
  if (cards.length === 0) return null;
  return sponsoredComponent(item.id, translate(item.title, locale), item.data, cards);
}

/** Colours written by hand in the CMS: only a plain hex colour reaches a style attribute. */
const HEX_COLOUR = /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i;
/** Pictures are the shop's own media or an absolute https address, never a script URL. */
const PICTURE = /^(?:\/media\/|https:\/\/)[^\s"'()<>\\]+$/;

/** The stored block (loosely typed CMS data) in the spec's shape, with anything unsafe left out. */
export function sponsoredComponent(
  id: number,
  title: string,
  data: Record<string, unknown>,
  products: ProductCard[],
): SponsoredComponent {
  const colour = (value: unknown, fallback: string) =>
    typeof value === "string" && HEX_COLOUR.test(value) ? value : fallback;
  const picture = (value: unknown) => (typeof value === "string" && PICTURE.test(value) ? value : null);
  const tiles = Array.isArray(data.images)
    ? data.images
    : Array.isArray(data.promo_tiles)
      ? data.promo_tiles
      : [];
  const images = tiles.flatMap((tile: unknown) => {
    const t = tile as {
      position?: unknown;
      url?: unknown;
      image?: { src?: unknown; alt?: unknown; width?: unknown; height?: unknown };
    };
    const src = picture(t.image?.src);
    const position = Number(t.position);
    if (!src || !Number.isInteger(position) || position < 1) return [];
    return [
      {
        position,
        url: typeof t.url === "string" && t.url.startsWith("/") && !t.url.startsWith("//") ? t.url : null,
        image: {
          src,
          alt: typeof t.image?.alt === "string" ? t.image.alt : "",
          width: Number(t.image?.width) || 400,
          height: Number(t.image?.height) || 600,
        },
      },
    ];
  });
  return {
    id,
    title,
    title_color: colour(data.title_color, "#ffffff"),
    icon_image: picture(data.icon_image),
    background_color: colour(data.background_color, "#111827"),
    background_image: picture(data.background_image),
    show_sponsored_label: data.show_sponsored_label !== false,
    products,
    images,
  };
}
