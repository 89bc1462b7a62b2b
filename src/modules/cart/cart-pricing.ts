// The bag priced now: one read of everything pricing needs (lines, the default delivery, offers,
// vouchers and gift cards), then pure arithmetic. Prices are never stored on the bag (decision 0015),
// so the bag page, the checkout and placing an order all price it here.
import { sql } from "drizzle-orm";
import { concurrently, type Db, rows, type Tx } from "#db/client.ts";
import { type MarketConfig, marketConfig } from "#modules/delivery/market-config.ts";
import type { Market, UiLocale } from "#modules/markets/markets.service.ts";
import { OWN_SUPPLIER } from "./cart.contract.ts";
import type { LineCustomization, PackagePart } from "./cart.schema.ts";
import { computeTotals, type TotalsGiftCard, type TotalsLine, type TotalsVoucher } from "./cart-totals.ts";
import { type CombineOffer, combineOfferDiscounts } from "./combine-offers.ts";
import { customizationSublines, type PricedOption } from "./customizations.service.ts";
import { maskedGiftCard, type VoucherRow, voucherProblem } from "./voucher-rules.ts";

/** A bag line with its product, size, stock and price in the market's currency, as one query reads it. */
export interface LineRow {
  line_id: number;
  product_id: number;
  size_id: number | null;
  quantity: number;
  customization: LineCustomization | null;
  package_parts: PackagePart[] | null;
  name: string;
  style: string;
  relative_url: string;
  is_customizable: boolean;
  is_package: boolean;
  is_giftcard: boolean;
  online: boolean;
  brand: string;
  size_name: string | null;
  stock: number | null;
  supplier_id: number | null;
  supplier: string | null;
  price: number | null;
  rrp: number | null;
  options: PricedOption[] | null;
  parts:
    | { product_id: number; name: string; size: string | null; stock: number | null; online: boolean }[]
    | null;
  is_favorite: boolean;
  excluded_from_discounts: boolean;
}

/** How the checkout prices a bag: its chosen deliveries (one per package) and payment fee. */
export interface CheckoutPricing {
  userId: number | null;
  packages?: { price: number; freeDeliveryLimit: number | null }[];
  paymentFee?: number;
}

/** What the bag's vouchers and gift cards do to its price now. */
export interface BagPayments {
  vouchers: TotalsVoucher[];
  giftCards: TotalsGiftCard[];
  /** Vouchers on the bag that cannot be used now, with why (a translation id). */
  problems: { code: string; problem: string }[];
}

/**
 * The bag priced now, in minor units: each line with what is left in stock, the totals from the
 * totals engine. The bag page and the checkout read it; placing an order reads it inside its
 * transaction.
 */
export async function priceCart(
  db: Db | Tx,
  cartId: number | null,
  market: Market,
  locale: UiLocale,
  pricing: CheckoutPricing,
) {
  return priceLoadedCart(await loadCart(db, cartId, market, pricing.userId), market, locale, pricing);
}

/**
 * What pricing a bag reads from the database: its lines, the default delivery, offers and payments.
 * One query for the lines whatever their number, and the market's set-up from its cache.
 */
export async function loadCart(db: Db | Tx, cartId: number | null, market: Market, userId: number | null) {
  const currency = market.currency;
  const [lines, [method], offers, payments] = await concurrently(db, [
    () =>
      cartId === null
        ? Promise.resolve([] as LineRow[])
        : rows<LineRow>(
            db,
            sql`
      select l.id as line_id, l.product_id, l.size_id, l.quantity, l.customization, l.package_parts,
             p.name, p.style, p.relative_url, p.is_customizable, p.is_package, p.is_giftcard, p.online,
             p.excluded_from_discounts,
             b.name as brand, s.name as size_name, s.stock, s.supplier_id, sup.name as supplier, pp.price, pp.rrp,
             (select json_agg(json_build_object('type', o.type, 'title', o.title,
                                                'price', coalesce((o.prices->>${currency})::int, 0)))
                from customization_options o where o.product_id = p.id) as options,
             (select json_agg(json_build_object('product_id', part.product_id, 'name', pp2.name,
                                                'size', ps2.name, 'stock', ps2.stock, 'online', pp2.online)
                              order by part.ord)
                from jsonb_array_elements(l.package_parts) with ordinality as e(value, ord)
                cross join lateral (select (e.value->>'product_id')::int as product_id,
                                           (e.value->>'size_id')::int as size_id, e.ord) as part
                join products pp2 on pp2.id = part.product_id
                left join product_sizes ps2 on ps2.id = part.size_id) as parts,
             ${
               userId !== null
                 ? sql`exists (select 1 from favourites f where f.user_id = ${userId} and f.product_id = p.id)`
                 : sql`false`
             } as is_favorite
        from cart_lines l
        join products p on p.id = l.product_id
        join brands b on b.id = p.brand_id
        left join product_sizes s on s.id = l.size_id
        left join suppliers sup on sup.id = s.supplier_id
        left join product_prices pp on pp.product_id = p.id and pp.currency = ${currency}
       where l.cart_id = ${cartId}
       order by l.id`,
          ),
    (): Promise<MarketConfig["methods"]> =>
      marketConfig(db, market.code).then((config) => config.methods.filter((m) => m.isDefault)),
    () =>
      cartId === null
        ? Promise.resolve([] as CombineOffer[])
        : rows<CombineOffer>(
            db,
            sql`
      select pr.product_id, pr.benefit_product_ids, pr.discount_percentage
        from promotions pr
       where pr.valid_from <= now() and pr.valid_to > now()
         and pr.product_id in (select product_id from cart_lines where cart_id = ${cartId})`,
          ),
    (): Promise<BagPayments> =>
      cartId === null
        ? Promise.resolve({ vouchers: [], giftCards: [], problems: [] })
        : paymentsOf(db, cartId, currency),
  ] as const);
  return { cartId, rows: lines, method, offers, payments };
}

export type LoadedCart = Awaited<ReturnType<typeof loadCart>>;

/** What the bag's vouchers and gift cards are worth to the totals engine now (one query each). */
export async function paymentsOf(db: Db | Tx, cartId: number, currency: string): Promise<BagPayments> {
  const [voucherRows, cardRows] = await concurrently(db, [
    () =>
      rows<VoucherRow>(
        db,
        sql`
      select v.* from cart_vouchers cv join vouchers v on v.id = cv.voucher_id
       where cv.cart_id = ${cartId} order by cv.created_at`,
      ),
    () =>
      rows<{ last4: string; balance: number; currency: string; expires_at: string }>(
        db,
        sql`
      select g.last4, g.balance, g.currency, g.expires_at from cart_gift_cards cg join gift_cards g on g.id = cg.gift_card_id
       where cg.cart_id = ${cartId} order by cg.created_at`,
      ),
  ] as const);
  const problems: { code: string; problem: string }[] = [];
  const usable: TotalsVoucher[] = [];
  for (const voucher of voucherRows) {
    const problem = voucherProblem(voucher, currency);
    if (problem) problems.push({ code: voucher.code, problem });
    else
      usable.push({
        code: voucher.code,
        kind: voucher.kind,
        value: voucher.value,
        minimumOrder: voucher.minimum_order,
      });
  }
  const cards = cardRows
    .filter((card) => card.currency === currency && new Date(card.expires_at) > new Date())
    .map((card) => ({ code: maskedGiftCard(card.last4), balance: card.balance }));
  return { vouchers: usable, giftCards: cards, problems };
}

/**
 * One line as the shopper can buy it now: what is left (a package has what its scarcest part has), a
 * line above it shown at what is left with a warning, a sold-out or unpriced line kept with an error,
 * and its print's add-ons.
 */
export function prepareLine(row: LineRow, locale: UiLocale) {
  const available = row.is_package
    ? Math.min(...(row.parts ?? []).map((part) => (part.online ? (part.stock ?? 0) : 0)))
    : row.online
      ? (row.stock ?? 0)
      : 0;
  const soldOut = available <= 0 || row.price === null;
  const quantity = soldOut ? row.quantity : Math.min(row.quantity, available);
  const message = soldOut
    ? { level_tag: "error" as const, text: "cart.message.soldOut" }
    : quantity < row.quantity
      ? { level_tag: "warning" as const, text: "cart.message.quantityReduced" }
      : null;
  const sublines = customizationSublines(row, locale);
  return { row, available: Math.max(0, available), soldOut, quantity, message, sublines };
}

export type PreparedLine = ReturnType<typeof prepareLine>;

/** The bag priced from what `loadCart` read: pure arithmetic, so the checkout can price it twice. */
export function priceLoadedCart(
  loaded: LoadedCart,
  market: Market,
  locale: UiLocale,
  pricing: CheckoutPricing,
) {
  const { cartId, rows: lines, method, offers, payments } = loaded;
  const currency = market.currency;
  const prepared = lines.map((row) => prepareLine(row, locale));

  // Sold-out lines stay in the bag for the shopper to see, but are not charged.
  const charged = prepared.filter((line) => !line.soldOut);
  const offerDiscounts = combineOfferDiscounts(
    offers,
    charged.map((line) => ({
      lineId: line.row.line_id,
      productId: line.row.product_id,
      quantity: line.quantity,
      unitPrice: line.row.price ?? 0,
      isPackage: line.row.is_package,
    })),
    currency,
  );
  const totals = computeTotals({
    currency,
    paymentFee: pricing.paymentFee ?? 0,
    packages: pricing.packages,
    vouchers: payments.vouchers,
    giftCards: payments.giftCards,
    delivery: method ? { price: method.price, freeDeliveryLimit: method.freeDeliveryLimit } : null,
    lines: charged.map(
      (line): TotalsLine => ({
        lineId: line.row.line_id,
        supplier: line.row.supplier ?? OWN_SUPPLIER,
        quantity: line.quantity,
        unitPrice: line.row.price ?? 0,
        unitRrp: line.row.rrp ?? 0,
        vatRate: line.row.is_giftcard ? 0 : market.vatRate,
        sublines: line.sublines.map((sub) => ({ label: sub.product, unitPrice: sub.unitPrice })),
        offerDiscount: offerDiscounts.get(line.row.line_id) ?? 0,
        discountable: !line.row.is_giftcard && !line.row.excluded_from_discounts,
      }),
    ),
  });
  return { cartId, currency, prepared, charged, totals, payments, method };
}

export type PricedCart = ReturnType<typeof priceLoadedCart>;
