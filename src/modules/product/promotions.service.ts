import { sql } from "drizzle-orm";
import { type Db, rows } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { toAmount } from "#kernel/money.ts";
import type { Translated } from "#kernel/translate.ts";
import { translate } from "#kernel/translate.ts";
import { productImageUrl } from "#modules/catalog/catalog.service.ts";
import { roundForCurrency, type UiLocale } from "#modules/markets/markets.service.ts";

/** A benefit item's price under a promotion, rounded as the currency is. */
export function promotionPrice(price: number, discountPercentage: number, currency: string): number {
  return roundForCurrency(Math.round((price * (100 - discountPercentage)) / 100), currency);
}

interface PromotionRow {
  id: number;
  title: Translated;
  discount_percentage: number;
  valid_to: string;
  items: {
    product_id: number;
    name: string;
    brand: string;
    relative_url: string;
    online: boolean;
    price: number | null;
    sizes: { size_id: number; name: string; stock: number }[] | null;
  }[];
}

/**
 * `GET /api/promotions/get/{sku_id}/`: the offers running now for the product a size (SKU) belongs
 * to, each with its benefit items priced at the offer and their sizes in stock. 404 for an unknown SKU.
 */
export async function getPromotionsForSku(db: Db, sku: string, currency: string, locale: UiLocale) {
  const [found] = await rows<{ product_id: number }>(
    db,
    sql`select product_id from product_sizes where sku = ${sku}`,
  );
  const productId = found?.product_id;
  if (productId === undefined) throw new HttpError(404, "sku_not_found", "There is no size with that SKU.");
  const promotionRows = await rows<PromotionRow>(
    db,
    sql`
    select pr.id, pr.title, pr.discount_percentage, pr.valid_to,
           (select json_agg(json_build_object(
                     'product_id', p.id, 'name', p.name, 'brand', b.name, 'relative_url', p.relative_url,
                     'online', p.online, 'price', pp.price,
                     'sizes', (select json_agg(json_build_object('size_id', s.id, 'name', s.name, 'stock', s.stock)
                                               order by s.sort)
                                 from product_sizes s where s.product_id = p.id)) order by e.ord)
              from jsonb_array_elements_text(pr.benefit_product_ids) with ordinality as e(id, ord)
              join products p on p.id = e.id::int
              join brands b on b.id = p.brand_id
              left join product_prices pp on pp.product_id = p.id and pp.currency = ${currency}) as items
      from promotions pr
     where pr.product_id = ${productId} and pr.valid_from <= now() and pr.valid_to > now()
     order by pr.id`,
  );
  return {
    promotions: promotionRows.map((row) => ({
      id: row.id,
      title: translate(row.title, locale),
      discount_percentage: row.discount_percentage,
      valid_to: new Date(row.valid_to).toISOString(),
      benefit_items: (row.items ?? [])
        .filter((item) => item.online && item.price !== null)
        .map((item) => ({
          product_id: item.product_id,
          name: item.name,
          brand: item.brand,
          relative_url: item.relative_url,
          image: productImageUrl(item.product_id),
          price: toAmount(promotionPrice(Number(item.price), row.discount_percentage, currency), currency),
          regular_price: toAmount(Number(item.price), currency),
          currency,
          sizes: (item.sizes ?? [])
            .filter((size) => size.stock > 0)
            .map((size) => ({ size_id: size.size_id, name: size.name })),
        }))
        .filter((item) => item.sizes.length > 0),
    })),
  };
}
