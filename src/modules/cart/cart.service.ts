import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { concurrently, type Db, type Tx } from "#db/client.ts";
import { customizationOptions, productSizes, products } from "#modules/catalog/catalog.schema.ts";
import { productImageUrl, toAmount, translate } from "#modules/catalog/catalog.service.ts";
import { type MarketConfig, marketConfig } from "#modules/checkout/market-config.ts";
import type { Market, UiLocale } from "#modules/markets/markets.service.ts";
import { promotionPrice } from "#modules/product/promotions.service.ts";
import { HttpError } from "#server/plugins/errors.ts";
import { type CartOutput, OWN_SUPPLIER } from "./cart.contract.ts";
import { cartLines, carts, type LineCustomization, type PackagePart } from "./cart.schema.ts";
import { computeTotals, type TotalsLine } from "./cart-totals.ts";
import type { CustomizationInput } from "./customization.contract.ts";
import { paymentsOf } from "./vouchers.service.ts";

/** Whose bag: a member's, or an anonymous visitor's session's. */
export interface CartOwner {
  userId: number | null;
  sessionId: string | null;
}

export const MAX_LINE_QUANTITY = 99;

const ownerCondition = (owner: CartOwner) =>
  owner.userId !== null
    ? eq(carts.userId, owner.userId)
    : owner.sessionId
      ? and(isNull(carts.userId), eq(carts.sessionId, owner.sessionId))
      : undefined;

export async function findCartId(db: Db | Tx, owner: CartOwner): Promise<number | null> {
  const condition = ownerCondition(owner);
  if (!condition) return null;
  const [row] = await db.select({ id: carts.id }).from(carts).where(condition);
  return row?.id ?? null;
}

/** The owner's cart, made when there is none, and locked until the transaction ends. */
async function lockCart(tx: Tx, owner: CartOwner): Promise<number> {
  const condition = ownerCondition(owner);
  if (!condition) throw new HttpError(400, "no_session", "A session is needed for a bag.");
  await tx
    .insert(carts)
    .values(owner.userId !== null ? { userId: owner.userId } : { sessionId: owner.sessionId })
    .onConflictDoNothing();
  const [row] = await tx.select({ id: carts.id }).from(carts).where(condition).for("update");
  if (!row) throw new HttpError(409, "cart_conflict", "The bag could not be opened; try again.");
  await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, row.id));
  return row.id;
}

/** The owner's bag id, making the bag when there is none (vouchers may come before products). */
export async function ensureCartId(db: Db, owner: CartOwner): Promise<number> {
  return db.transaction((tx) => lockCart(tx, owner));
}

const notAdded = (message: string, status = 400): never => {
  throw new HttpError(status, "not_added", message, { size: [message] });
};

/** Adds one size of a product. An existing line of that size without a print grows instead. */
export async function addToCart(
  db: Db,
  owner: CartOwner,
  input: { productId: number; sizeId: number; amount: number },
): Promise<{ lineId: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        online: products.online,
        isPackage: products.isPackage,
        isExclusive: products.isExclusive,
        stock: productSizes.stock,
        sizeProduct: productSizes.productId,
      })
      .from(products)
      .leftJoin(productSizes, eq(productSizes.id, input.sizeId))
      .where(eq(products.id, input.productId));
    if (!row?.online) throw new HttpError(404, "product_not_found", "There is no such product.");
    if (row.isExclusive && owner.userId === null)
      throw new HttpError(403, "members_only", "cart.error.membersOnly");
    if (row.isPackage) notAdded("cart.error.packageNeedsSizes");
    if (row.sizeProduct !== input.productId || row.stock === null) notAdded("cart.error.size");
    const cartId = await lockCart(tx, owner);
    const [existing] = await tx
      .select({ id: cartLines.id, quantity: cartLines.quantity })
      .from(cartLines)
      .where(
        and(
          eq(cartLines.cartId, cartId),
          eq(cartLines.productId, input.productId),
          eq(cartLines.sizeId, input.sizeId),
          isNull(cartLines.customization),
        ),
      );
    const wanted = (existing?.quantity ?? 0) + input.amount;
    if ((row.stock ?? 0) <= 0) notAdded("cart.error.soldOut", 409);
    if (wanted > (row.stock ?? 0) || wanted > MAX_LINE_QUANTITY) notAdded("cart.error.notEnoughStock", 409);
    if (existing) {
      await tx.update(cartLines).set({ quantity: wanted }).where(eq(cartLines.id, existing.id));
      return { lineId: existing.id };
    }
    const [line] = await tx
      .insert(cartLines)
      .values({ cartId, productId: input.productId, sizeId: input.sizeId, quantity: input.amount })
      .returning({ id: cartLines.id });
    return { lineId: (line as { id: number }).id };
  });
}

/** Adds a package with a size for each of its items, as one line. */
export async function addPackage(
  db: Db,
  owner: CartOwner,
  input: { productId: number; amount: number; parts: PackagePart[] },
): Promise<{ lineId: number; partIds: number[] }> {
  return db.transaction(async (tx) => {
    const [pkg] = await tx
      .select({ online: products.online, isPackage: products.isPackage, isExclusive: products.isExclusive })
      .from(products)
      .where(eq(products.id, input.productId));
    if (!pkg?.online) throw new HttpError(404, "product_not_found", "There is no such product.");
    if (!pkg.isPackage) notAdded("cart.error.notAPackage");
    if (pkg.isExclusive && owner.userId === null)
      throw new HttpError(403, "members_only", "cart.error.membersOnly");
    const items = await tx.execute(sql`
      select pi.product_id, p.online from package_items pi join products p on p.id = pi.product_id
       where pi.package_id = ${input.productId} order by pi.position`);
    const itemRows = (items as unknown as { rows: { product_id: number; online: boolean }[] }).rows;
    const byProduct = new Map(input.parts.map((part) => [part.product_id, part.size_id]));
    if (itemRows.length === 0 || itemRows.some((item) => !item.online)) notAdded("cart.error.soldOut", 409);
    if (byProduct.size !== itemRows.length || itemRows.some((item) => !byProduct.has(item.product_id)))
      notAdded("cart.error.packageNeedsSizes");
    const sizeIds = [...byProduct.values()];
    const sizes = await tx
      .select({ id: productSizes.id, productId: productSizes.productId, stock: productSizes.stock })
      .from(productSizes)
      .where(inArray(productSizes.id, sizeIds));
    for (const item of itemRows) {
      const size = sizes.find((s) => s.id === byProduct.get(item.product_id));
      if (!size || size.productId !== item.product_id) notAdded("cart.error.size");
      if ((size?.stock ?? 0) < input.amount) notAdded("cart.error.notEnoughStock", 409);
    }
    const cartId = await lockCart(tx, owner);
    const parts = itemRows.map((item) => ({
      product_id: item.product_id,
      size_id: byProduct.get(item.product_id) as number,
    }));
    const [line] = await tx
      .insert(cartLines)
      .values({ cartId, productId: input.productId, quantity: input.amount, packageParts: parts })
      .returning({ id: cartLines.id });
    return { lineId: (line as { id: number }).id, partIds: parts.map((part) => part.product_id) };
  });
}

interface ReadRow {
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
  options: { type: string; title: Record<string, string>; price: number }[] | null;
  parts:
    | { product_id: number; name: string; size: string | null; stock: number | null; online: boolean }[]
    | null;
  is_favorite: boolean;
  excluded_from_discounts: boolean;
}

/**
 * The bag as the shopper sees it now: every line priced in the market's currency, stock checked
 * again (a line above what is left is shown at what is left, with a warning), totals worked out by
 * the totals engine. One query for the lines, one for the delivery method, whatever the line count.
 */
export async function readCart(
  db: Db,
  owner: CartOwner,
  market: Market,
  locale: UiLocale,
): Promise<CartOutput> {
  const cartId = await findCartId(db, owner);
  const priced = await priceCart(db, cartId, market, locale, { userId: owner.userId });
  return formatCart(priced, market);
}

/** How the checkout prices a bag: its chosen deliveries (one per package) and payment fee. */
export interface CheckoutPricing {
  userId: number | null;
  packages?: { price: number; freeDeliveryLimit: number | null }[];
  paymentFee?: number;
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

/** What pricing a bag reads from the database: its lines, the default delivery, offers and payments. */
export async function loadCart(db: Db | Tx, cartId: number | null, market: Market, userId: number | null) {
  const currency = market.currency;
  const owner = { userId };
  const [lineResult, [method], offerResult, payments] = await concurrently(db, [
    () =>
      cartId === null
        ? Promise.resolve({ rows: [] as ReadRow[] })
        : db.execute(sql`
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
               owner.userId !== null
                 ? sql`exists (select 1 from favourites f where f.user_id = ${owner.userId} and f.product_id = p.id)`
                 : sql`false`
             } as is_favorite
        from cart_lines l
        join products p on p.id = l.product_id
        join brands b on b.id = p.brand_id
        left join product_sizes s on s.id = l.size_id
        left join suppliers sup on sup.id = s.supplier_id
        left join product_prices pp on pp.product_id = p.id and pp.currency = ${currency}
       where l.cart_id = ${cartId}
       order by l.id`),
    (): Promise<MarketConfig["methods"]> =>
      marketConfig(db, market.code).then((config) => config.methods.filter((m) => m.isDefault)),
    () =>
      cartId === null
        ? Promise.resolve({ rows: [] as OfferRow[] })
        : db.execute(sql`
      select pr.product_id, pr.benefit_product_ids, pr.discount_percentage
        from promotions pr
       where pr.valid_from <= now() and pr.valid_to > now()
         and pr.product_id in (select product_id from cart_lines where cart_id = ${cartId})`),
    () =>
      cartId === null
        ? Promise.resolve({ vouchers: [], giftCards: [], problems: [] })
        : paymentsOf(db, cartId, currency),
  ] as const);
  return {
    cartId,
    rows: (lineResult as unknown as { rows: ReadRow[] }).rows,
    method,
    offers: (offerResult as unknown as { rows: OfferRow[] }).rows,
    payments,
  };
}

export type LoadedCart = Awaited<ReturnType<typeof loadCart>>;

/** The bag priced from what `loadCart` read: pure arithmetic, so the checkout can price it twice. */
export function priceLoadedCart(
  loaded: LoadedCart,
  market: Market,
  locale: UiLocale,
  pricing: CheckoutPricing,
) {
  const { cartId, rows, method, offers, payments } = loaded;
  const currency = market.currency;

  const prepared = rows.map((row) => {
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
  });

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

/** The bag in the storefront's shape (amounts in major units). */
export function formatCart(priced: PricedCart, market: Market): CartOutput {
  const { cartId, currency, prepared, charged, totals, payments, method } = priced;
  const byLine = new Map(totals.lines.map((line) => [line.lineId, line]));
  const amount = (minor: number) => toAmount(minor, currency);

  return {
    id: cartId,
    currency,
    quantity: charged.reduce((sum, line) => sum + line.quantity, 0),
    lines: prepared.map(({ row, available, quantity, message, sublines }) => {
      const lineTotals = byLine.get(row.line_id);
      return {
        line_id: row.line_id,
        product_id: row.product_id,
        product_name: row.name,
        product_brand: row.brand,
        product_style: row.style,
        shop_url: row.relative_url,
        image_url: productImageUrl(row.product_id),
        size: row.size_name,
        size_id: row.size_id,
        quantity,
        quantity_editable: !row.is_package,
        max_quantity: Math.min(available, MAX_LINE_QUANTITY),
        unit_price: amount(row.price ?? 0),
        unit_rrp: amount(Math.max(row.rrp ?? 0, row.price ?? 0)),
        vat_rate: row.is_giftcard ? 0 : market.vatRate,
        line_total_excluding_sublines: amount(lineTotals?.lineTotalExcludingSublines ?? 0),
        line_total: amount(lineTotals?.lineTotal ?? 0),
        line_total_rrp: amount(lineTotals?.lineTotalRrp ?? 0),
        line_total_discount: amount(lineTotals?.lineTotalDiscount ?? 0),
        supplier: row.supplier ?? OWN_SUPPLIER,
        customizable: row.is_customizable,
        is_favorite: row.is_favorite,
        customization: row.customization,
        is_package: row.is_package,
        customization_url: row.is_customizable ? `/customizations/update/${row.line_id}/` : null,
        message,
        sublines: [
          ...(row.parts ?? []).map((part) => ({
            product: part.size ? `${part.name} (${part.size})` : part.name,
            product_id: part.product_id,
            image_url: productImageUrl(part.product_id),
            line_total: 0,
            original: null,
          })),
          ...sublines.map((sub) => ({
            product: sub.product,
            product_id: null,
            image_url: null,
            line_total: amount(sub.unitPrice * quantity),
            original: sub.original,
          })),
        ],
      };
    }),
    cart_total_amount: amount(totals.cartTotalAmount),
    discount_total: amount(totals.discount),
    payment_total: amount(totals.paymentTotal),
    payment_total_vat: amount(totals.paymentTotalVat),
    payment_fee: { amount: amount(totals.paymentFee) },
    delivery: { unit_price: amount(totals.delivery.unitPrice), unit_rrp: amount(totals.delivery.unitRrp) },
    free_delivery_limit: method?.freeDeliveryLimit != null ? amount(method.freeDeliveryLimit) : null,
    left_for_free_delivery: amount(totals.leftForFreeDelivery),
    // Club shirts with prints and team kits are teamsport goods (they go through the print shop).
    contains_teamsport_products: charged.some((line) => line.row.is_package || line.row.is_customizable),
    order_total: amount(totals.orderTotal),
    coupons: [
      ...totals.coupons.map((coupon) => ({
        code: coupon.code,
        amount: amount(coupon.amount),
        applied: coupon.applied,
        message: coupon.applied ? null : "voucher.warning.minimumOrder",
      })),
      ...payments.problems.map((p) => ({ code: p.code, amount: 0, applied: false, message: p.problem })),
    ],
    giftcards: totals.giftCards.map((card) => ({
      code: card.code,
      amount: amount(card.amount),
      is_value: true,
    })),
  };
}

interface OfferRow {
  product_id: number;
  benefit_product_ids: number[];
  discount_percentage: number;
}

/**
 * Combine offers: with the trigger product in the bag, its benefit items cost the offer price, for as
 * many units as there are trigger units (the best offer first). Returns the discount per line.
 */
export function combineOfferDiscounts(
  offers: OfferRow[],
  lines: { lineId: number; productId: number; quantity: number; unitPrice: number; isPackage: boolean }[],
  currency: string,
): Map<number, number> {
  const discounts = new Map<number, number>();
  const unitsOf = (productId: number) =>
    lines.filter((line) => line.productId === productId).reduce((sum, line) => sum + line.quantity, 0);
  const remaining = new Map<OfferRow, number>(offers.map((offer) => [offer, unitsOf(offer.product_id)]));
  const sorted = [...offers].sort((a, b) => b.discount_percentage - a.discount_percentage);
  for (const line of lines) {
    if (line.isPackage) continue;
    let units = line.quantity;
    for (const offer of sorted) {
      if (units === 0) break;
      if (!offer.benefit_product_ids.includes(line.productId) || offer.product_id === line.productId)
        continue;
      const applied = Math.min(units, remaining.get(offer) ?? 0);
      if (applied === 0) continue;
      remaining.set(offer, (remaining.get(offer) ?? 0) - applied);
      units -= applied;
      const perUnit = line.unitPrice - promotionPrice(line.unitPrice, offer.discount_percentage, currency);
      discounts.set(line.lineId, (discounts.get(line.lineId) ?? 0) + perUnit * applied);
    }
  }
  return discounts;
}

const CUSTOMIZATION_FIELDS = ["name", "number", "player_flag", "marker", "print_type"] as const;

/** A print's priced add-ons, one per filled field that has an option on the product. */
function customizationSublines(
  row: Pick<ReadRow, "customization" | "options">,
  locale: UiLocale,
): { product: string; unitPrice: number; original: string | null }[] {
  const chosen = row.customization;
  if (!chosen) return [];
  return CUSTOMIZATION_FIELDS.flatMap((field) => {
    const value = chosen[field];
    const option = row.options?.find((o) => o.type === field);
    if (!value || !option) return [];
    return [
      { product: `${translate(option.title, locale)}: ${value}`, unitPrice: option.price, original: value },
    ];
  });
}

/**
 * Sets or removes (all fields empty) the print on a line of the owner's bag. The fields were checked
 * by the shared contract; here the line must be the owner's, its product customizable, and a chosen
 * flag or print type one the product offers.
 */
export async function updateCustomization(
  db: Db,
  owner: CartOwner,
  lineId: number,
  input: CustomizationInput,
): Promise<void> {
  const cartId = await findCartId(db, owner);
  const [line] =
    cartId === null
      ? []
      : await db
          .select({ id: cartLines.id, productId: cartLines.productId })
          .from(cartLines)
          .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)));
  if (!line) throw new HttpError(404, "line_not_found", "There is no such line in your bag.");
  const options = await db
    .select()
    .from(customizationOptions)
    .where(eq(customizationOptions.productId, line.productId));
  if (options.length === 0)
    throw new HttpError(400, "not_customizable", "This product cannot be customised.", {
      _: ["customization.error.notCustomizable"],
    });
  const fields: Record<string, string[]> = {};
  for (const field of CUSTOMIZATION_FIELDS) {
    const value = input[field];
    if (!value) continue;
    const option = options.find((o) => o.type === field);
    if (!option) fields[field] = ["customization.error.notOffered"];
    else if (option.maxLength !== null && value.length > option.maxLength)
      fields[field] = [
        field === "number" ? "customization.error.numberLength" : "customization.error.nameLength",
      ];
    else if (option.choices.length > 0 && !option.choices.some((choice) => choice.value === value))
      fields[field] = ["customization.error.choice"];
  }
  if (Object.keys(fields).length > 0)
    throw new HttpError(400, "validation_failed", "Some fields are not valid.", fields);
  const empty = CUSTOMIZATION_FIELDS.every((field) => !input[field]);
  await db
    .update(cartLines)
    .set({ customization: empty ? null : input })
    .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId as number)));
}

/** At log-in: the anonymous bag's lines join the member's bag (sizes already there add up). */
export async function adoptAnonymousCart(db: Db, sessionId: string | null, userId: number): Promise<void> {
  if (!sessionId) return;
  await db.transaction(async (tx) => {
    const [anonymous] = await tx
      .select({ id: carts.id })
      .from(carts)
      .where(and(isNull(carts.userId), eq(carts.sessionId, sessionId)))
      .for("update");
    if (!anonymous) return;
    const memberCart = await lockCart(tx, { userId, sessionId: null });
    const lines = await tx.select().from(cartLines).where(eq(cartLines.cartId, anonymous.id));
    for (const line of lines) {
      if (line.sizeId !== null && line.customization === null && line.packageParts === null) {
        const [same] = await tx
          .select({ id: cartLines.id, quantity: cartLines.quantity })
          .from(cartLines)
          .where(
            and(
              eq(cartLines.cartId, memberCart),
              eq(cartLines.productId, line.productId),
              eq(cartLines.sizeId, line.sizeId),
              isNull(cartLines.customization),
            ),
          );
        if (same) {
          await tx
            .update(cartLines)
            .set({ quantity: Math.min(MAX_LINE_QUANTITY, same.quantity + line.quantity) })
            .where(eq(cartLines.id, same.id));
          continue;
        }
      }
      await tx.update(cartLines).set({ cartId: memberCart }).where(eq(cartLines.id, line.id));
    }
    await tx.delete(carts).where(eq(carts.id, anonymous.id));
  });
}

/** The options a product's print offers, priced in the market's currency (GET /customizations/get/). */
export async function getCustomizationOptions(db: Db, productId: number, currency: string, locale: UiLocale) {
  const [product] = await db
    .select({ id: products.id, online: products.online })
    .from(products)
    .where(eq(products.id, productId));
  if (!product?.online) throw new HttpError(404, "product_not_found", "There is no such product.");
  const options = await db
    .select()
    .from(customizationOptions)
    .where(eq(customizationOptions.productId, productId))
    .orderBy(asc(customizationOptions.sort));
  return {
    data: options.map((option) => ({
      id: option.id,
      name: option.type,
      type: option.choices.length > 0 ? "choice" : option.type === "marker" ? "toggle" : "text",
      title: translate(option.title, locale),
      description: translate(option.description, locale),
      price: toAmount(option.prices[currency] ?? 0, currency),
      currency,
      max_length: option.maxLength,
      selections: option.choices.map((choice) => ({ value: choice.value, name: choice.label })),
    })),
    customization_delays: { max_days: options.reduce((max, option) => Math.max(max, option.maxDays), 0) },
  };
}

/** How many items the header's bag shows. */
export async function countBagItems(db: Db, owner: CartOwner): Promise<number> {
  const condition = ownerCondition(owner);
  if (!condition) return 0;
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${cartLines.quantity}), 0)::int` })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(condition);
  return Number(row?.n ?? 0);
}

export interface LineMessage {
  text: string;
  level: "info" | "warning" | "error";
}

/** The owner's line, locked for the rest of the transaction; 404 when it is not theirs. */
async function lockOwnLine(tx: Tx, owner: CartOwner, lineId: number) {
  const condition = ownerCondition(owner);
  if (!condition) throw new HttpError(404, "line_not_found", "There is no such line in your bag.");
  const result = await tx.execute(sql`
    select l.id, l.quantity, l.size_id, l.package_parts, s.stock
      from cart_lines l join carts c on c.id = l.cart_id
      left join product_sizes s on s.id = l.size_id
     where l.id = ${lineId}
       and ${owner.userId !== null ? sql`c.user_id = ${owner.userId}` : sql`c.user_id is null and c.session_id = ${owner.sessionId}`}
       for update of l`);
  const line = (
    result as unknown as {
      rows: {
        id: number;
        quantity: number;
        size_id: number | null;
        package_parts: PackagePart[] | null;
        stock: number | null;
      }[];
    }
  ).rows[0];
  if (!line) throw new HttpError(404, "line_not_found", "There is no such line in your bag.");
  return line;
}

/**
 * Sets a line's quantity (at least 1). More than is left sets what is left, with a warning the
 * shopper sees; the line is locked, so two changes at once are applied one after the other.
 */
export async function updateLineQuantity(
  db: Db,
  owner: CartOwner,
  lineId: number,
  amount: number,
): Promise<{ quantity: number; messages: LineMessage[] }> {
  return db.transaction(async (tx) => {
    const line = await lockOwnLine(tx, owner, lineId);
    let available = line.stock ?? 0;
    if (line.package_parts) {
      const parts = await tx
        .select({ stock: productSizes.stock })
        .from(productSizes)
        .where(
          inArray(
            productSizes.id,
            line.package_parts.map((part) => part.size_id),
          ),
        );
      available = parts.length ? Math.min(...parts.map((part) => part.stock)) : 0;
    }
    const limit = Math.min(available, MAX_LINE_QUANTITY);
    if (limit <= 0) {
      return {
        quantity: line.quantity,
        messages: [{ text: "cart.message.soldOut", level: "error" as const }],
      };
    }
    const quantity = Math.min(amount, limit);
    await tx.update(cartLines).set({ quantity }).where(eq(cartLines.id, lineId));
    return {
      quantity,
      messages:
        quantity < amount ? [{ text: "cart.message.quantityReduced", level: "warning" as const }] : [],
    };
  });
}

export async function deleteLine(db: Db, owner: CartOwner, lineId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwnLine(tx, owner, lineId);
    await tx.delete(cartLines).where(eq(cartLines.id, lineId));
  });
}

/** What the bag offers next to the checkout button: small things players forget. */
export const CHECKOUT_OFFER_TYPES = ["socks", "shin_guards"] as const;
export const CHECKOUT_OFFER_COUNT = 3;

/**
 * Checkout offers: the most popular socks and shin guards not in the bag yet, each with its sizes in
 * stock (a size must be chosen before adding).
 */
export async function checkoutOffers(db: Db, owner: CartOwner, currency: string) {
  const cartId = await findCartId(db, owner);
  const result = await db.execute(sql`
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
     limit ${CHECKOUT_OFFER_COUNT}`);
  const rows = (
    result as unknown as {
      rows: {
        product_id: number;
        name: string;
        brand: string;
        relative_url: string;
        price: number;
        rrp: number;
        sizes: { size_id: number; name: string }[];
      }[];
    }
  ).rows;
  return rows.map((row) => ({
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
