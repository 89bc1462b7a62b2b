import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type Db, rows } from "#db/client.ts";
import { preparedStatement } from "#db/prepared.ts";
import { toAmount } from "#kernel/money.ts";
import type { Translated } from "#kernel/translate.ts";
import { translate } from "#kernel/translate.ts";
import type { ProductCard } from "#modules/catalog/catalog.contract.ts";
import {
  productMessages,
  productSizes,
  products,
  type Specification,
  sellingPoints,
  sizeGuides,
  suppliers,
} from "#modules/catalog/catalog.schema.ts";
import { getProductCards, productImageUrl, productNotFound } from "#modules/catalog/catalog.service.ts";
import {
  cachedAtRevision,
  cachedByCatalogue,
  keepAtRevision,
  reusableRevision,
} from "#modules/catalog/catalogue-cache.ts";
import { storedPictureUrl } from "#modules/catalog/picture-store.ts";
import { productTitle } from "#modules/catalog/product-name.ts";
import { shopTheLookFor } from "#modules/content/content.service.ts";
import type { UiLocale } from "#modules/markets/markets.service.ts";
import type { ProductDetail, SizeGuide, StockEntry } from "./product.contract.ts";

/** Fewer than this many left shows "few left"; the flagship store's fewer-than-4 shows "limited". */
export const FEW_LEFT = 3;
export const FLAGSHIP_LIMITED_BELOW = 4;
export const RELATED_PRODUCTS = 36;

interface SizeRow {
  id: number;
  productId: number;
  sku: string;
  name: string;
  nameShort: string;
  stock: number;
  storeStock: number;
  supplier: string;
  isMarketplace: boolean;
  minDays: number;
  maxDays: number;
}

function toStockEntry(size: SizeRow, price: number, currency: string): StockEntry {
  return {
    size_id: size.id,
    sku_id: size.sku,
    pk: size.id,
    name: size.name,
    name_short: size.nameShort,
    stock_info: size.stock,
    is_marketplace: size.isMarketplace,
    supplier: size.supplier,
    price: toAmount(price, currency),
    delivery: { min_days: size.minDays, max_days: size.maxDays },
    availability: size.stock <= 0 ? "out_of_stock" : size.stock <= FEW_LEFT ? "few_left" : "in_stock",
    flagship:
      size.storeStock <= 0 ? "none" : size.storeStock < FLAGSHIP_LIMITED_BELOW ? "limited" : "in_stock",
  };
}

async function sizesOf(db: Db, productIds: number[]): Promise<SizeRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select({
      id: productSizes.id,
      productId: productSizes.productId,
      sku: productSizes.sku,
      name: productSizes.name,
      nameShort: productSizes.nameShort,
      stock: productSizes.stock,
      storeStock: productSizes.storeStock,
      supplier: suppliers.name,
      isMarketplace: suppliers.isMarketplace,
      minDays: suppliers.minDeliveryDays,
      maxDays: suppliers.maxDeliveryDays,
    })
    .from(productSizes)
    .innerJoin(suppliers, eq(suppliers.id, productSizes.supplierId))
    .where(inArray(productSizes.productId, productIds))
    .orderBy(asc(productSizes.productId), asc(productSizes.sort));
}

/** The sizes of product `p` with their suppliers, as `SizeRow`s in one JSON array, in the sizes' order. */
const SIZES_OF_P = sql`(select coalesce(json_agg(json_build_object(
                     'id', s.id, 'productId', s.product_id, 'sku', s.sku, 'name', s.name,
                     'nameShort', s.name_short, 'stock', s.stock, 'storeStock', s.store_stock,
                     'supplier', su.name, 'isMarketplace', su.is_marketplace,
                     'minDays', su.min_delivery_days, 'maxDays', su.max_delivery_days) order by s.sort), '[]')
              from product_sizes s join suppliers su on su.id = s.supplier_id
             where s.product_id = p.id)`;

interface ProductStock {
  price: number | null;
  sizes: SizeRow[];
}

const availabilityStatement = preparedStatement<ProductStock>(
  "product_availability",
  () => sql`
    select (select price from product_prices
             where product_id = p.id and currency = ${sql.placeholder("currency")}::text) as price,
           ${SIZES_OF_P} as sizes
      from products p where p.id = ${sql.placeholder("productId")}::int`,
);

/**
 * `GET /api/availability/{id}/`: the sizes of a product with stock and delivery with the product's
 * price, at the current stock revision: kept with the product while the revision has not moved, or
 * read in one statement.
 */
export async function getAvailability(db: Db, productId: number, currency: string): Promise<StockEntry[]> {
  // While a read of the revision may still answer (production's reuse time), the stock kept at it
  // answers: the product's own statement keeps it (decision 0091). Otherwise
  // one statement, as before, without reading the revision first.
  const revision = reusableRevision(db);
  const stock = await (revision === null
    ? readStock(db, productId, currency)
    : cachedAtRevision(db, stockKey(productId, currency), revision, () =>
        readStock(db, productId, currency),
      ));
  return stock.sizes.map((size) => toStockEntry(size, Number(stock.price ?? 0), currency));
}

const stockKey = (productId: number, currency: string) => `stock:${productId}:${currency}`;

async function readStock(db: Db, productId: number, currency: string): Promise<ProductStock> {
  const [product] = await availabilityStatement(db, { productId, currency });
  if (!product) throw productNotFound();
  return product;
}

interface HeadRow {
  id: number;
  name: string;
  style: string;
  model: string;
  relative_url: string;
  description: Translated;
  specifications: Specification[];
  labels: string[];
  image_count: number;
  has_360: boolean;
  video_id: string | null;
  is_exclusive: boolean;
  is_customizable: boolean;
  is_package: boolean;
  is_giftcard: boolean;
  is_preorder: boolean;
  online: boolean;
  excluded_from_discounts: boolean;
  item_type: string;
  age_group: string;
  colours: { name: string; hex: string }[];
  brand: string;
  brand_slug: string;
  category_slug: string;
  category_id: number;
  parent_slug: string | null;
  category_name: Translated;
  price: number | null;
  rrp: number | null;
  lowest: number | null;
  /** The stored copies of its imported pictures, in order (decision 0055); null when none. */
  pictures: { path: string; alt: string }[] | null;
  /** Its own sizes with their suppliers, in order (a package's parts' sizes are read after). */
  sizes: SizeRow[];
  /** Up to 12 other colours of the same model that are online. */
  variants: { id: number; name: string; colours: { name: string }[]; url: string }[];
  messages: { id: number; text: Translated }[];
}

/**
 * Everything the product page shows, by the product's slug; 404 when there is no such product. An
 * offline product is still shown (sold out) so that old links keep working.
 */
export function loadProductDetail(
  db: Db,
  slug: string,
  currency: string,
  locale: UiLocale,
): Promise<ProductDetail> {
  return cachedByCatalogue(db, `product:${slug}:${currency}:${locale}`, (revision) =>
    readProductDetail(db, slug, currency, locale, revision),
  );
}

/**
 * `GET /api/products/cards/`: the cards of the products asked for, in the order asked (the recently
 * seen strip keeps its order); unknown and offline products are left out.
 */
export async function getProductCardsInOrder(
  db: Db,
  productIds: number[],
  currency: string,
): Promise<ProductCard[]> {
  const cards = await getProductCards(db, { currency, productIds, limit: productIds.length });
  const byId = new Map(cards.map((card) => [card.product_id, card]));
  return productIds.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Products of the same category, most popular first (the related grid: up to 4 rows of up to 9).
 * Loaded by the page after it shows, so the first paint does not wait for 36 cards.
 */
export function getRelatedProducts(db: Db, productId: number, currency: string) {
  return cachedByCatalogue(db, `related:${productId}:${currency}`, async () => {
    const [product] = await db
      .select({ categoryId: products.categoryId })
      .from(products)
      .where(eq(products.id, productId));
    if (!product) throw productNotFound();
    return getProductCards(db, {
      currency,
      where: [sql`p.category_id = ${product.categoryId}`, sql`p.id <> ${productId}`],
      sort: "default",
      limit: RELATED_PRODUCTS,
    });
  });
}

/** Suggestions shown after an add ("complete the look"): at most this many. */
export const COMPLETE_THE_LOOK = 3;

/**
 * What goes with an item, by item type, in the order it is suggested: boots want socks and shin
 * guards, a shirt wants training wear and socks, and so on.
 */
export const COMPLEMENTS: Record<string, string[]> = {
  football_boots: ["socks", "shin_guards", "balls"],
  indoor_shoes: ["socks", "shin_guards", "balls"],
  sneakers: ["training_wear", "socks", "balls"],
  football_shirts: ["training_wear", "socks", "football_boots"],
  training_wear: ["football_shirts", "socks", "balls"],
  goalkeeper_gloves: ["training_wear", "shin_guards", "socks"],
  socks: ["shin_guards", "football_boots", "balls"],
  shin_guards: ["socks", "football_boots", "balls"],
  balls: ["football_boots", "socks", "training_wear"],
  package: ["balls", "socks", "shin_guards"],
};

/**
 * `GET /api/products/complete_the_look/{id}/`: a few products of the item types that go with this
 * one, in stock and open to every shopper, one per type first; for the same age group (no junior
 * socks with adult boots), then the same brand, then the best sellers first.
 */
export function getCompleteTheLook(db: Db, productId: number, currency: string): Promise<ProductCard[]> {
  return cachedByCatalogue(db, `complete-the-look:${productId}:${currency}`, async () => {
    const [product] = await db
      .select({ itemType: products.itemType, brandId: products.brandId, ageGroup: products.ageGroup })
      .from(products)
      .where(eq(products.id, productId));
    if (!product) throw productNotFound();
    const types = COMPLEMENTS[product.itemType] ?? [];
    if (types.length === 0) return [];
    const candidates = await getProductCards(db, {
      currency,
      where: [
        sql`p.item_type in (${sql.join(
          types.map((type) => sql`${type}`),
          sql`, `,
        )})`,
        sql`not p.is_exclusive`,
        sql`not p.is_giftcard`,
        sql`exists (select 1 from product_sizes s where s.product_id = p.id and s.stock > 0)`,
      ],
      orderBy: sql`(p.age_group = ${product.ageGroup}) desc, (p.brand_id = ${product.brandId}) desc, p.popularity desc, p.id`,
      limit: 24,
    });
    const firstOfEach = types.flatMap(
      (type) => candidates.find((card) => card.attributes.item_type === type) ?? [],
    );
    const rest = candidates.filter((card) => !firstOfEach.includes(card));
    return [...firstOfEach, ...rest].slice(0, COMPLETE_THE_LOOK);
  });
}

/**
 * The product itself with everything of its own the page shows, by slug: one named statement, parsed
 * and planned once per connection (planning this one took longer than running it).
 */
const productHeadStatement = preparedStatement<HeadRow>("product_head", () => {
  const currency = sql`${sql.placeholder("currency")}::text`;
  return sql`
    select p.id, p.name, p.style, p.model, p.relative_url, p.description, p.specifications, p.labels,
           p.image_count, p.has_360, p.video_id, p.is_exclusive, p.is_customizable, p.is_package, p.is_giftcard,
           p.is_preorder, p.online, p.excluded_from_discounts, p.item_type, p.age_group, p.colours,
           b.name as brand, b.slug as brand_slug, c.slug as category_slug, c.id as category_id,
           c.name as category_name, (select parent.slug from categories parent where parent.id = c.parent_id) as parent_slug,
           pp.price, pp.rrp,
           (select min(h.price) from price_history h
             where h.product_id = p.id and h.currency = ${currency}
               and (h.valid_to is null or h.valid_to > now() - interval '30 days')) as lowest,
           (select json_agg(json_build_object('path', i.stored_path, 'alt', i.alt) order by i.position)
              from product_images i where i.product_id = p.id and i.stored_path is not null) as pictures,
           ${SIZES_OF_P} as sizes,
           (select coalesce(json_agg(json_build_object('id', v.id, 'name', v.name, 'colours', v.colours,
                                                       'url', v.relative_url) order by v.id), '[]')
              from (select id, name, colours, relative_url from products
                     where model = p.model and online and id <> p.id order by id limit 12) v) as variants,
           (select coalesce(json_agg(json_build_object('id', m.id, 'text', m.text) order by m.id), '[]')
              from product_messages m where m.product_id = p.id) as messages
      from products p
      join brands b on b.id = p.brand_id
      join categories c on c.id = p.category_id
      left join product_prices pp on pp.product_id = p.id and pp.currency = ${currency}
     where p.slug = ${sql.placeholder("slug")}::text`;
});

async function readProductDetail(
  db: Db,
  slug: string,
  currency: string,
  locale: UiLocale,
  revision: string,
): Promise<ProductDetail> {
  const [head] = await productHeadStatement(db, { slug, currency });
  if (!head || head.price === null) throw productNotFound();
  // The product's own sizes are what its stock call answers (`getAvailability`): kept with it.
  keepAtRevision(db, stockKey(head.id, currency), revision, { price: head.price, sizes: head.sizes });
  const price = Number(head.price);
  const rrp = Math.max(Number(head.rrp ?? price), price);

  // One statement for the product itself; what is the same for many products comes from the
  // per-revision cache; a package's parts are a second statement.
  const [partRows, points, look, guide] = await Promise.all([
    head.is_package
      ? rows<{ id: number; name: string; online: boolean }>(
          db,
          sql`
          select i.id, i.name, i.online from package_items pi join products i on i.id = pi.product_id
           where pi.package_id = ${head.id} order by pi.position`,
        )
      : Promise.resolve([]),
    sellingPointsOf(db, revision),
    // Secondary: without it the page still shows.
    shopTheLookFor(db, { id: head.id, categoryId: head.category_id }, currency, locale, revision).catch(
      () => null,
    ),
    head.is_package
      ? Promise.resolve(null)
      : cachedAtRevision(db, sizeGuideKey(head.item_type, head.age_group, locale), revision, () =>
          readSizeGuide(db, head.item_type, head.age_group, locale),
        ),
  ]);
  const { variants, messages } = head;
  const sizes = [
    ...head.sizes,
    ...(await sizesOf(
      db,
      partRows.map((part) => part.id),
    )),
  ];
  const own = sizes
    .filter((size) => size.productId === head.id)
    .map((size) => toStockEntry(size, price, currency));
  const subitems = partRows.map((part) => ({
    product_id: part.id,
    name: part.name,
    image: productImageUrl(part.id),
    online: part.online,
    sizes: sizes.filter((size) => size.productId === part.id).map((size) => toStockEntry(size, 0, currency)),
  }));
  const discount = rrp > 0 ? Math.round(((rrp - price) / rrp) * 100) : 0;
  const soldOut =
    !head.online ||
    (head.is_package
      ? subitems.length === 0 ||
        subitems.some((item) => !item.online || item.sizes.every((size) => size.stock_info <= 0))
      : own.every((size) => size.stock_info <= 0));

  return {
    id: head.id,
    product_id: head.id,
    name: head.name,
    brand: head.brand,
    brand_slug: head.brand_slug,
    style: head.style,
    relative_url: head.relative_url,
    description: translate(head.description, locale),
    specifications: head.specifications.map((row) => ({
      name: row.nameText ? translate(row.nameText, locale) : row.name,
      value: row.valueText ? translate(row.valueText, locale) : row.value,
    })),
    labels: head.labels.slice(0, 2),
    // Imported pictures the shop has copied, with their own alt text; otherwise the drawn ones.
    images: head.pictures?.length
      ? head.pictures.map((picture) => ({
          src: storedPictureUrl(picture.path),
          alt: picture.alt || productTitle(head.brand, head.name),
        }))
      : Array.from({ length: Math.max(1, head.image_count) }, (_, view) => ({
          src: productImageUrl(head.id, view),
          alt: productTitle(head.brand, head.name),
        })),
    has_360: head.has_360,
    video_id: head.video_id,
    is_exclusive: head.is_exclusive,
    is_customizable: head.is_customizable,
    is_package: head.is_package,
    is_giftcard: head.is_giftcard,
    is_preorder: head.is_preorder,
    online: head.online,
    sold_out: soldOut,
    excluded_from_discounts: head.excluded_from_discounts,
    item_type: head.item_type,
    category: {
      slug: head.category_slug,
      title: translate(head.category_name, locale),
      url: `/${head.category_slug}/`,
      parent_slug: head.parent_slug,
    },
    prices: {
      min_price: toAmount(price, currency),
      max_price: toAmount(price, currency),
      recommended_retail_price: toAmount(rrp, currency),
      currency,
      discount_percentage: Math.max(0, discount),
      lowest_price_30_days:
        discount > 0 && head.lowest !== null ? toAmount(Number(head.lowest), currency) : null,
    },
    stock: own,
    size_guide: guide,
    subitems,
    colour_variants: variants.map((variant) => ({
      product_id: variant.id,
      name: variant.name,
      colour: variant.colours[0]?.name ?? "",
      relative_url: variant.url,
      image: productImageUrl(variant.id),
    })),
    selling_points: points
      .filter((point) => point.tags.length === 0 || point.tags.includes(head.item_type))
      .map((point) => ({
        headline: translate(point.headline, locale),
        body: translate(point.body, locale),
        icon: point.icon,
      })),
    messages: messages.map((message) => ({ id: message.id, text: translate(message.text, locale) })),
    shop_the_look: look,
  };
}

/** The size guide for an item type and age group, translated; null when the shop has none for it. */
export function sizeGuideFor(
  db: Db,
  itemType: string,
  ageGroup: string,
  locale: UiLocale,
): Promise<SizeGuide | null> {
  return cachedByCatalogue(db, sizeGuideKey(itemType, ageGroup, locale), () =>
    readSizeGuide(db, itemType, ageGroup, locale),
  );
}

const sizeGuideKey = (itemType: string, ageGroup: string, locale: UiLocale) =>
  `size-guide:${itemType}:${ageGroup}:${locale}`;

/** The shop's selling points (a handful, the same on every product page), once per revision. */
function sellingPointsOf(db: Db, revision: string) {
  return cachedAtRevision(db, "selling-points", revision, async () =>
    db.select().from(sellingPoints).orderBy(asc(sellingPoints.sort)),
  );
}

async function readSizeGuide(
  db: Db,
  itemType: string,
  ageGroup: string,
  locale: UiLocale,
): Promise<SizeGuide | null> {
  const [guide] = await db
    .select()
    .from(sizeGuides)
    .where(
      and(
        sql`${sizeGuides.itemTypes} @> ${JSON.stringify([itemType])}::jsonb`,
        sql`${sizeGuides.ageGroups} @> ${JSON.stringify([ageGroup])}::jsonb`,
      ),
    )
    .orderBy(asc(sizeGuides.sort))
    .limit(1);
  if (!guide) return null;
  return {
    title: translate(guide.title, locale),
    how_to_measure: translate(guide.howToMeasure, locale),
    columns: guide.columns.map((column) => translate(column, locale)),
    rows: guide.rows,
  };
}

/** `GET /api/productmessage/{id}/`. */
export async function getProductMessages(db: Db, productId: number, locale: UiLocale) {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw productNotFound();
  const found = await db
    .select({ id: productMessages.id, text: productMessages.text })
    .from(productMessages)
    .where(eq(productMessages.productId, productId));
  return found.map((row) => ({ id: row.id, text: translate(row.text, locale) }));
}
