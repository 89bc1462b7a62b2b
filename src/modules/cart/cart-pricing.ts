// The bag priced now: one read of everything pricing needs (lines, the default delivery, offers,
// vouchers and gift cards, in one statement), then pure arithmetic. Prices are never stored on the bag (decision 0015),
// so the bag page, the checkout and placing an order all price it here.
import { sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { preparedStatement } from "#db/prepared.ts";
import { currentRevisionSql } from "#modules/catalog/catalogue-cache.ts";
import { type MarketConfig, marketConfig } from "#modules/delivery/market-config.ts";
import type { Market, UiLocale } from "#modules/markets/markets.service.ts";
import { type LineRow, linesWithKeptProducts, type OwnLineRow, printOptionsSql } from "./bag-products.ts";
import { OWN_SUPPLIER } from "./cart.contract.ts";
import type { CartOwner } from "./cart-owner.ts";
import { computeTotals, type TotalsGiftCard, type TotalsLine, type TotalsVoucher } from "./cart-totals.ts";
import { type CombineOffer, combineOfferDiscounts } from "./combine-offers.ts";
import { customizationSublines } from "./customizations.service.ts";
import { maskedGiftCard, type VoucherRow, voucherProblem } from "./voucher-rules.ts";

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
  target: BagTarget,
  market: Market,
  locale: UiLocale,
  pricing: CheckoutPricing,
  options: LoadOptions = {},
) {
  return priceLoadedCart(await loadBag(db, target, market, pricing.userId, options), market, locale, pricing);
}

/** Which bag a read is for: by its id (a step that found it already), or by its owner. */
export type BagTarget = { cartId: number | null } | { owner: CartOwner };

/** What one read of a bag answers: its id, lines, offers, codes and, when asked, its checkout row. */
interface BagRow {
  cart_id: number | null;
  /** With the products, or (read with `keptProducts`) the bag's own columns. */
  lines: LineRow[] | OwnLineRow[];
  /** Read with `keptProducts`: the catalogue revision, and the member's favourites among the lines. */
  revision?: string;
  favourite_ids?: number[];
  offers: CombineOffer[];
  vouchers: VoucherRow[];
  gift_cards: { last4: string; balance: number; currency: string; expires_at: string }[];
  checkout: Record<string, unknown> | null;
}

/**
 * The one statement that reads a bag: the bag found by id or owner, its lines with products, sizes,
 * prices, prints and package parts, the offers of its products, its vouchers and gift cards (and the
 * checkout row when asked), each list as JSON. One round trip whatever the number of lines; named, so
 * PostgreSQL plans it once per connection. Each shape of it is a statement of its own.
 *
 * With `keptProducts` (decision 0106) the lines are the bag's own columns only, with the catalogue
 * revision read in the same statement and the member's favourites among them: the products come
 * from what the process keeps at that revision (`linesWithKeptProducts`).
 */
function bagStatement(
  find: "cart" | "user" | "session",
  favourites: boolean,
  checkout: boolean,
  keptProducts: boolean,
) {
  const cart =
    find === "cart"
      ? sql`select c.id from carts c where c.id = ${sql.placeholder("cartId")}`
      : find === "user"
        ? sql`select c.id from carts c where c.user_id = ${sql.placeholder("userId")}`
        : sql`select c.id from carts c where c.user_id is null and c.session_id = ${sql.placeholder("sessionId")}`;
  const currency = sql.placeholder("currency");
  const lines = keptProducts
    ? sql`
      select l.id as line_id, l.product_id, l.size_id, l.quantity, l.customization, l.package_parts
        from cart_lines l
       where l.cart_id = (select id from cart)`
    : sql`
      select l.id as line_id, l.product_id, l.size_id, l.quantity, l.customization, l.package_parts,
             p.name, p.style, p.relative_url, p.is_customizable, p.is_package, p.is_giftcard, p.online,
             p.excluded_from_discounts,
             b.name as brand, s.name as size_name, s.stock, s.supplier_id, sup.name as supplier, pp.price, pp.rrp,
             ${printOptionsSql(sql`${currency}::text`)} as options,
             (select json_agg(json_build_object('product_id', part.product_id, 'name', pp2.name,
                                                'size', ps2.name, 'stock', ps2.stock, 'online', pp2.online)
                              order by part.ord)
                from jsonb_array_elements(l.package_parts) with ordinality as e(value, ord)
                cross join lateral (select (e.value->>'product_id')::int as product_id,
                                           (e.value->>'size_id')::int as size_id, e.ord) as part
                join products pp2 on pp2.id = part.product_id
                left join product_sizes ps2 on ps2.id = part.size_id and ps2.product_id = part.product_id) as parts,
             ${
               favourites
                 ? sql`exists (select 1 from favourites f where f.user_id = ${sql.placeholder("favouritesOf")}::int and f.product_id = p.id)`
                 : sql`false`
             } as is_favorite
        from cart_lines l
        join products p on p.id = l.product_id
        join brands b on b.id = p.brand_id
        left join product_sizes s on s.id = l.size_id and s.product_id = l.product_id
        left join suppliers sup on sup.id = s.supplier_id
        left join product_prices pp on pp.product_id = p.id and pp.currency = ${currency}::text
       where l.cart_id = (select id from cart)`;
  const keptColumns = keptProducts
    ? sql`${currentRevisionSql()} as revision,
             ${
               favourites
                 ? sql`coalesce((select array_agg(f.product_id) from favourites f
                                  where f.user_id = ${sql.placeholder("favouritesOf")}::int
                                    and f.product_id in (select product_id from cart_lines
                                                          where cart_id = (select id from cart))), '{}')`
                 : sql`'{}'::int[]`
             } as favourite_ids,`
    : sql``;
  return preparedStatement<BagRow>(
    `bag_${find}${favourites ? "_fav" : ""}${checkout ? "_checkout" : ""}${keptProducts ? "_kept" : ""}`,
    () => sql`
      with cart as (${cart})
      select (select id from cart) as cart_id, ${keptColumns}
             coalesce((select json_agg(x order by x.line_id) from (${lines}) x), '[]') as lines,
             coalesce((select json_agg(json_build_object('product_id', pr.product_id,
                                                         'benefit_product_ids', pr.benefit_product_ids,
                                                         'discount_percentage', pr.discount_percentage))
                from promotions pr
               where pr.valid_from <= now() and pr.valid_to > now()
                 and pr.product_id in (select product_id from cart_lines where cart_id = (select id from cart))),
               '[]') as offers,
             coalesce((select json_agg(v order by cv.created_at)
                from cart_vouchers cv join vouchers v on v.id = cv.voucher_id
               where cv.cart_id = (select id from cart)), '[]') as vouchers,
             coalesce((select json_agg(json_build_object('last4', g.last4, 'balance', g.balance,
                                                         'currency', g.currency, 'expires_at', g.expires_at)
                                       order by cg.created_at)
                from cart_gift_cards cg join gift_cards g on g.id = cg.gift_card_id
               where cg.cart_id = (select id from cart)), '[]') as gift_cards,
             ${checkout ? sql`(select to_jsonb(cs) from checkout_sessions cs where cs.cart_id = (select id from cart))` : sql`null::jsonb`} as checkout`,
  );
}

const bagStatements = new Map<string, ReturnType<typeof bagStatement>>();

/** How a bag is read: with its checkout row, and whether its products may come from what is kept. */
export interface LoadOptions {
  checkout?: boolean;
  /**
   * The database the read runs on, outside a transaction, when the products may come from what the
   * process keeps of them (decision 0106): for showing the bag. Checking out and placing an order
   * read every product with the bag.
   */
  keptProductsOf?: Db;
}

/**
 * What pricing a bag reads from the database: its lines, the default delivery, offers and payments,
 * in one statement whatever the number of lines, and the market's set-up from its cache. Found by
 * owner, the bag's id comes back with it (null when there is none: reading never makes one). With
 * `keptProductsOf`, a second statement reads the products the process does not keep (or no longer
 * has right), when there are any.
 */
export async function loadBag(
  db: Db | Tx,
  target: BagTarget,
  market: Market,
  userId: number | null,
  options: LoadOptions = {},
): Promise<LoadedCart> {
  const currency = market.currency;
  const find =
    "cartId" in target
      ? target.cartId === null
        ? null
        : ({ kind: "cart", values: { cartId: target.cartId } } as const)
      : target.owner.userId !== null
        ? ({ kind: "user", values: { userId: target.owner.userId } } as const)
        : target.owner.sessionId
          ? ({ kind: "session", values: { sessionId: target.owner.sessionId } } as const)
          : null;
  const checkout = options.checkout === true;
  const kept = options.keptProductsOf;
  const key = `${find?.kind}:${userId !== null}:${checkout}:${kept !== undefined}`;
  let statement = bagStatements.get(key);
  if (find && !statement) {
    statement = bagStatement(find.kind, userId !== null, checkout, kept !== undefined);
    bagStatements.set(key, statement);
  }
  const [[method], [row]] = await Promise.all([
    marketConfig(db, market.code).then((config) => config.methods.filter((m) => m.isDefault)),
    find && statement
      ? statement(db, { ...find.values, currency, favouritesOf: userId })
      : Promise.resolve([] as BagRow[]),
  ] as const);
  const cartId = row?.cart_id ?? null;
  const lines =
    kept && row?.revision !== undefined
      ? await linesWithKeptProducts(
          kept,
          currency,
          row.revision,
          row.lines as OwnLineRow[],
          new Set(row.favourite_ids ?? []),
        )
      : ((row?.lines ?? []) as LineRow[]);
  return {
    cartId,
    rows: lines,
    method,
    offers: row?.offers ?? [],
    payments: paymentsFrom(row?.vouchers ?? [], row?.gift_cards ?? [], currency),
    checkout: row?.checkout ?? null,
  };
}

/** `loadBag` for a bag whose id is known (or null for none). */
export async function loadCart(
  db: Db | Tx,
  cartId: number | null,
  market: Market,
  userId: number | null,
): Promise<LoadedCart> {
  return loadBag(db, { cartId }, market, userId);
}

/** What pricing a bag needs, as `loadBag` reads it. */
export interface LoadedCart {
  cartId: number | null;
  rows: LineRow[];
  method: MarketConfig["methods"][number] | undefined;
  offers: CombineOffer[];
  payments: BagPayments;
  /** The checkout row (its columns by their SQL names) when the read asked for it and there is one. */
  checkout?: Record<string, unknown> | null;
}

/** What the bag's vouchers and gift cards, as read with it, are worth to the totals engine now. */
export function paymentsFrom(
  voucherRows: VoucherRow[],
  cardRows: { last4: string; balance: number; currency: string; expires_at: string }[],
  currency: string,
): BagPayments {
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
