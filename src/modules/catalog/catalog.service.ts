import { asc, type SQL, sql } from "drizzle-orm";
import { type Db, rows } from "#db/client.ts";
import { preparedStatement } from "#db/prepared.ts";
import { HttpError } from "#kernel/errors.ts";
import { toAmount } from "#kernel/money.ts";
import { translate } from "#kernel/translate.ts";
import type { Brand, CategoryNode, ProductCard, ProductSort } from "./catalog.contract.ts";
import { brands, categories } from "./catalog.schema.ts";
import { cachedByCatalogue } from "./catalogue-cache.ts";
import { KeptPerProduct } from "./kept-per-product.ts";
import { storedPictureUrl } from "./picture-store.ts";

/**
 * The one answer for a product id or slug the catalogue does not know (or will not show), so every
 * call that looks a product up says it in the same words and with the same code.
 */
export function productNotFound(): HttpError {
  return new HttpError(404, "product_not_found", "There is no such product.");
}

/**
 * A product's picture by its position: drawn by the shop, or redirected to the stored copy of an
 * imported picture. Pages that read the product's pictures link a stored copy directly instead.
 */
export function productImageUrl(productId: number, view = 0): string {
  return `/media/products/${productId}/${view}.svg`;
}

/** The first stored copy of a product's imported pictures (decision 0055), else the drawn picture. */
export function cardPictureUrl(productId: number, storedPath: string | null): string {
  return storedPath ? storedPictureUrl(storedPath) : productImageUrl(productId);
}

export async function listCategoryTree(db: Db, locale: string): Promise<CategoryNode[]> {
  const all = await db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      slug: categories.slug,
      name: categories.name,
    })
    .from(categories)
    .orderBy(asc(categories.sort));
  const build = (parentId: number | null): CategoryNode[] =>
    all
      .filter((row) => row.parentId === parentId)
      .map((row) => ({
        id: row.id,
        slug: row.slug,
        title: translate(row.name, locale),
        url: `/${row.slug}/`,
        children: build(row.id),
      }));
  return build(null);
}

/**
 * The category tree of a locale as every page's header shows it: read once per catalogue revision
 * and shared (callers never change it), instead of once per page.
 */
export function cachedCategoryTree(db: Db, locale: string): Promise<CategoryNode[]> {
  return cachedByCatalogue(db, `category-tree:${locale}`, () => listCategoryTree(db, locale));
}

export async function listBrands(db: Db): Promise<Brand[]> {
  const found = await db.select().from(brands).orderBy(asc(brands.sort));
  return found.map((b) => ({
    id: b.id,
    slug: b.slug,
    name: b.name,
    logo: b.hasLogo ? `/media/brands/${b.slug}.svg` : null,
  }));
}

export interface ProductCardQuery {
  currency: string;
  categorySlug?: string;
  itemType?: string;
  discountedOnly?: boolean;
  sort?: ProductSort;
  limit: number;
  offset?: number;
  productIds?: number[];
  /** Extra conditions over p (products), b (brands), c (categories), pp (prices in the currency). */
  where?: SQL[];
  /** Replaces the sort's order (search orders by relevance). */
  orderBy?: SQL;
}

export const ORDER: Record<ProductSort, string> = {
  default: "p.popularity desc, p.id",
  "latest-online": "p.online_at desc, p.id",
  "discount-desc": "(pp.rrp - pp.price)::float / nullif(pp.rrp, 0) desc, p.id",
  "price-asc": "pp.price asc, p.id",
  "price-desc": "pp.price desc, p.id",
  "name-abc": "p.name asc, p.id",
};

interface CardRow extends Record<string, unknown> {
  id: number;
  name: string;
  style: string;
  relative_url: string;
  is_exclusive: boolean;
  is_preorder: boolean;
  labels: string[];
  item_type: string;
  team: string | null;
  brand: string;
  price: number;
  rrp: number;
  lowest: number | null;
  sizes: { size_id: number; name: string; name_short: string; in_stock: boolean }[] | null;
  picture: string | null;
  total: number | string;
}

/**
 * Product cards in one query whatever their number: sizes and the 30-day lowest price come from
 * correlated subqueries, not a query per card.
 */
export async function getProductCards(db: Db, query: ProductCardQuery): Promise<ProductCard[]> {
  return (await queryProductCards(db, query)).cards;
}

/**
 * A card's columns of product `p` (with its brand `b`) but its prices. Only the team is read of the
 * specifications: the whole list (every language's names) is about twenty times a card's other columns.
 */
function cardColumns(currency: SQL) {
  return sql`p.id, p.name, p.style, p.relative_url, p.is_exclusive, p.is_preorder, p.labels, p.item_type,
           b.name as brand,
           (select spec ->> 'value' from jsonb_array_elements(p.specifications) spec
             where spec ->> 'name' = 'Team' limit 1) as team,
           (select min(h.price) from price_history h
             where h.product_id = p.id and h.currency = ${currency}
               and (h.valid_to is null or h.valid_to > now() - interval '30 days')) as lowest,
           (select json_agg(json_build_object('size_id', s.id, 'name', s.name, 'name_short', s.name_short,
                                              'in_stock', s.stock > 0) order by s.sort)
              from product_sizes s where s.product_id = p.id) as sizes,
           (select i.stored_path from product_images i
             where i.product_id = p.id and i.stored_path is not null order by i.position limit 1) as picture`;
}

/**
 * The cards of the products given, in the order given (a listing's page, chosen by the facet index):
 * one named statement whose text never changes, so PostgreSQL plans it once per connection and a
 * page sends two values, not its ids twice over. Products offline or without a price in the
 * currency are left out.
 */
const cardsInOrderStatement = preparedStatement<CardRow>("cards_in_order", () => {
  const currency = sql`${sql.placeholder("currency")}::text`;
  return sql`
    select ${cardColumns(currency)}, pp.price, pp.rrp, 0 as total
      from unnest(${sql.placeholder("ids")}::int[]) with ordinality as wanted(id, position)
      join products p on p.id = wanted.id and p.online
      join brands b on b.id = p.brand_id
      join categories c on c.id = p.category_id
      join product_prices pp on pp.product_id = p.id and pp.currency = ${currency}
     order by wanted.position`;
});

export async function productCardsInOrder(
  db: Db,
  currency: string,
  productIds: number[],
): Promise<ProductCard[]> {
  if (productIds.length === 0) return [];
  const found = await cardsInOrderStatement(db, { currency, ids: productIds });
  return found.map((row) => toProductCard(row, currency));
}

/**
 * Cards kept per process (decisions 0062 and 0096): about 1.5 KB each on the heap, so ≈ 90 MB at most.
 * Enough for a catalogue of 50,000 products in one currency with room to spare: listings combining
 * filters reach most of the catalogue, and an LRU smaller than what they reach keeps evicting the
 * cards the next listing asks for.
 */
const CARD_CACHE_ENTRIES = 60_000;

const keptCards = new KeptPerProduct<ProductCard>(CARD_CACHE_ENTRIES);

/**
 * A listing page's cards as `productCardsInOrder` gives them, each kept per product and currency and
 * for at most the catalogue cache's age (`KeptPerProduct`): a page of products not asked for lately
 * reads only those. `cacheOf` is the database the cache belongs to; the cards missing are read
 * through `db` (a listing's transaction, inside which the stock changes are not read: a card they
 * would have to vouch for is read again through the transaction).
 */
export async function cachedCardsInOrder(
  cacheOf: Db,
  db: Db,
  currency: string,
  productIds: number[],
  revision: string,
): Promise<ProductCard[]> {
  const found = await keptCards.get(
    cacheOf,
    currency,
    productIds,
    revision,
    db === cacheOf,
    async (missing) =>
      (await productCardsInOrder(db, currency, missing)).map((card) => [card.product_id, card] as const),
  );
  // Products offline or without a price in the currency are left out, as the statement leaves them.
  return productIds.flatMap((id) => {
    const card = found.get(id);
    return card ? [card] : [];
  });
}

/** A page of cards and the number of products matching in all, in one query. */
export async function queryProductCards(
  db: Db,
  query: ProductCardQuery,
): Promise<{ cards: ProductCard[]; total: number }> {
  const conditions = [sql`p.online`, ...(query.where ?? [])];
  if (query.categorySlug) {
    conditions.push(
      sql`c.id in (select id from categories where slug = ${query.categorySlug} or parent_id = (select id from categories where slug = ${query.categorySlug}))`,
    );
  }
  if (query.itemType) conditions.push(sql`p.item_type = ${query.itemType}`);
  if (query.discountedOnly) conditions.push(sql`pp.price < pp.rrp`);
  if (query.productIds) {
    if (query.productIds.length === 0) return { cards: [], total: 0 };
    conditions.push(
      sql`p.id in (${sql.join(
        query.productIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  // The page is chosen first on plain columns; sizes and the 30-day lowest price are then worked out
  // for the page's rows only, not for every matching product.
  const found = await rows<CardRow>(
    db,
    sql`
    with page as (
      select p.id, pp.price, pp.rrp, count(*) over () as total,
             row_number() over (order by ${query.orderBy ?? sql.raw(ORDER[query.sort ?? "default"])}) as position
        from products p
        join brands b on b.id = p.brand_id
        join categories c on c.id = p.category_id
        join product_prices pp on pp.product_id = p.id and pp.currency = ${query.currency}
       where ${sql.join(conditions, sql` and `)}
       order by position
       limit ${query.limit} offset ${query.offset ?? 0})
    select ${cardColumns(sql`${query.currency}`)}, page.price, page.rrp, page.total
      from page
      join products p on p.id = page.id
      join brands b on b.id = p.brand_id
     order by page.position`,
  );
  return {
    cards: found.map((row) => toProductCard(row, query.currency)),
    total: Number(found[0]?.total ?? 0),
  };
}

function toProductCard(row: CardRow, currency: string): ProductCard {
  const discount = row.rrp > 0 ? Math.round(((row.rrp - row.price) / row.rrp) * 100) : 0;
  return {
    product_id: row.id,
    name: row.name,
    style: row.style,
    brand: row.brand,
    image: cardPictureUrl(row.id, row.picture),
    relative_url: row.relative_url,
    delivery: row.is_preorder ? "Preorder" : null,
    is_exclusive: row.is_exclusive,
    labels: row.labels,
    sizes: row.sizes ?? [],
    prices: {
      min_price: toAmount(row.price, currency),
      max_price: toAmount(row.price, currency),
      recommended_retail_price: toAmount(row.rrp, currency),
      currency,
      discount_percentage: Math.max(0, discount),
      lowest_price_30_days:
        discount > 0 && row.lowest !== null ? toAmount(Number(row.lowest), currency) : null,
    },
    attributes: { brand: row.brand, item_type: row.item_type, team: row.team },
  };
}
