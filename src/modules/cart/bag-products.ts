// What a bag shows of its products (names, brands, prices, prints on offer, sizes and their stock),
// kept per process at the catalogue revision it was read at (decision 0106): the bag's own read then
// reads only the bag's rows, and the products' rows only when the catalogue changed them.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { preparedStatement } from "#db/prepared.ts";
import { KeptPerProduct } from "#modules/catalog/kept-per-product.ts";
import type { LineCustomization, PackagePart } from "./cart.schema.ts";
import type { PricedOption } from "./customizations.service.ts";

/** A bag line as the bag's own read gives it: the bag's columns only. */
export interface OwnLineRow {
  line_id: number;
  product_id: number;
  size_id: number | null;
  quantity: number;
  customization: LineCustomization | null;
  package_parts: PackagePart[] | null;
}

/** What a bag line shows of its product, in the market's currency. */
interface ProductColumns {
  name: string;
  style: string;
  relative_url: string;
  is_customizable: boolean;
  is_package: boolean;
  is_giftcard: boolean;
  online: boolean;
  excluded_from_discounts: boolean;
  brand: string;
  price: number | null;
  rrp: number | null;
  options: PricedOption[] | null;
}

/** A bag line with its product, size, stock and price in the market's currency, as one query reads it. */
export interface LineRow extends OwnLineRow, ProductColumns {
  size_name: string | null;
  stock: number | null;
  supplier_id: number | null;
  supplier: string | null;
  parts:
    | { product_id: number; name: string; size: string | null; stock: number | null; online: boolean }[]
    | null;
  is_favorite: boolean;
}

interface BagSize {
  name: string;
  stock: number;
  supplier_id: number | null;
  supplier: string | null;
}

/** A product as a bag line shows it, in one currency. */
interface BagProduct extends ProductColumns {
  sizes: ReadonlyMap<number, BagSize>;
}

interface BagProductRow extends ProductColumns {
  id: number;
  sizes: ({ id: number } & BagSize)[] | null;
}

/**
 * A product's prints on offer with their prices in the market's currency, as JSON (`p` is the
 * product): the one expression for the bag's full statement and its kept products' read.
 */
export const printOptionsSql = (currency: SQL) =>
  sql`(select json_agg(json_build_object('type', o.type, 'title', o.title,
                                          'price', coalesce((o.prices->>${currency})::int, 0)))
         from customization_options o where o.product_id = p.id)`;

const productsStatement = preparedStatement<BagProductRow>("bag_products", () => {
  const currency = sql`${sql.placeholder("currency")}::text`;
  return sql`
    select p.id, p.name, p.style, p.relative_url, p.is_customizable, p.is_package, p.is_giftcard, p.online,
           p.excluded_from_discounts, b.name as brand, pp.price, pp.rrp,
           ${printOptionsSql(currency)} as options,
           (select json_agg(json_build_object('id', s.id, 'name', s.name, 'stock', s.stock,
                                              'supplier_id', s.supplier_id, 'supplier', sup.name))
              from product_sizes s left join suppliers sup on sup.id = s.supplier_id
             where s.product_id = p.id) as sizes
      from unnest(${sql.placeholder("ids")}::int[]) as wanted(id)
      join products p on p.id = wanted.id
      join brands b on b.id = p.brand_id
      left join product_prices pp on pp.product_id = p.id and pp.currency = ${currency}`;
});

/**
 * About 1 KB each on the heap: a bag holds a handful of products, and the products in the bags of a
 * busy hour fit many times over.
 */
const keptProducts = new KeptPerProduct<BagProduct>(20_000);

/**
 * The bag's lines with their products as `loadBag`'s full statement reads them, from the products
 * kept at `revision` (read with the lines) and the others read now: one statement at most, and none
 * when every product is kept and right. A line whose product is gone is left out, as the full
 * statement's join leaves it.
 */
export async function linesWithKeptProducts(
  db: Db,
  currency: string,
  revision: string,
  lines: readonly OwnLineRow[],
  favourites: ReadonlySet<number>,
): Promise<LineRow[]> {
  if (lines.length === 0) return [];
  const ids = lines.flatMap((line) => [
    line.product_id,
    ...(line.package_parts ?? []).map((p) => p.product_id),
  ]);
  const products = await keptProducts.get(db, currency, ids, revision, true, async (missing) =>
    (await productsStatement(db, { currency, ids: missing })).map(
      ({ id, sizes, ...product }) =>
        [
          id,
          { ...product, sizes: new Map((sizes ?? []).map(({ id: sizeId, ...size }) => [sizeId, size])) },
        ] as const,
    ),
  );
  return lines.flatMap((line): LineRow[] => {
    const product = products.get(line.product_id);
    if (!product) return [];
    const size = line.size_id === null ? undefined : product.sizes.get(line.size_id);
    const parts = (line.package_parts ?? []).flatMap((part) => {
      const item = products.get(part.product_id);
      if (!item) return [];
      const partSize = item.sizes.get(part.size_id);
      return [
        {
          product_id: part.product_id,
          name: item.name,
          size: partSize?.name ?? null,
          stock: partSize?.stock ?? null,
          online: item.online,
        },
      ];
    });
    return [
      {
        ...line,
        name: product.name,
        style: product.style,
        relative_url: product.relative_url,
        is_customizable: product.is_customizable,
        is_package: product.is_package,
        is_giftcard: product.is_giftcard,
        online: product.online,
        excluded_from_discounts: product.excluded_from_discounts,
        brand: product.brand,
        size_name: size?.name ?? null,
        stock: size?.stock ?? null,
        supplier_id: size?.supplier_id ?? null,
        supplier: size?.supplier ?? null,
        price: product.price,
        rrp: product.rrp,
        options: product.options,
        parts: parts.length > 0 ? parts : null,
        is_favorite: favourites.has(line.product_id),
      },
    ];
  });
}
