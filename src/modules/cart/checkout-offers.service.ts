// What the bag offers next to the checkout button: small things players forget.
import { sql } from "drizzle-orm";
import { type Db, rows } from "#db/client.ts";
import { toAmount } from "#kernel/money.ts";
import { productImageUrl } from "#modules/catalog/catalog.service.ts";
import type { CheckoutOfferOutput } from "./cart.contract.ts";
import { type CartOwner, findCartId } from "./cart-owner.ts";

export const CHECKOUT_OFFER_TYPES = ["socks", "shin_guards"] as const;
export const CHECKOUT_OFFER_COUNT = 3;

interface OfferProductRow {
  product_id: number;
  name: string;
  brand: string;
  relative_url: string;
  price: number;
  rrp: number;
  sizes: { size_id: number; name: string }[] | null;
}

/**
 * Checkout offers: the most popular socks and shin guards not in the bag yet, each with its sizes in
 * stock (a size must be chosen before adding).
 */
export async function checkoutOffers(
  db: Db,
  owner: CartOwner,
  currency: string,
): Promise<CheckoutOfferOutput[]> {
  const cartId = await findCartId(db, owner);
  const found = await rows<OfferProductRow>(
    db,
    sql`
    select p.id as product_id, p.name, b.name as brand, p.relative_url, pp.price, pp.rrp,
           (select json_agg(json_build_object('size_id', s.id, 'name', s.name) order by s.sort)
              from product_sizes s where s.product_id = p.id and s.stock > 0) as sizes
      from products p
      join brands b on b.id = p.brand_id
      join product_prices pp on pp.product_id = p.id and pp.currency = ${currency}
     where p.online and not p.is_exclusive
       and p.item_type in (${sql.join(
         CHECKOUT_OFFER_TYPES.map((type) => sql`${type}`),
         sql`, `,
       )})
       and exists (select 1 from product_sizes s where s.product_id = p.id and s.stock > 0)
       and not exists (select 1 from cart_lines l where l.cart_id = ${cartId ?? 0} and l.product_id = p.id)
     order by p.popularity desc, p.id
     limit ${CHECKOUT_OFFER_COUNT}`,
  );
  return found.map((row) => ({
    product_id: row.product_id,
    name: row.name,
    brand: row.brand,
    relative_url: row.relative_url,
    image: productImageUrl(row.product_id),
    price: toAmount(row.price, currency),
    regular_price: toAmount(Math.max(row.rrp, row.price), currency),
    currency,
    sizes: row.sizes ?? [],
  }));
}
