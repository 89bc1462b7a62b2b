// The bag's lines: adding products and packages, changing and removing lines, and reading the bag
// as the storefront shows it. Pricing, prints, codes and log-in adoption have files of their own.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { type Db, rows, type Tx } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { productSizes, products } from "#modules/catalog/catalog.schema.ts";
import { productNotFound } from "#modules/catalog/catalog.service.ts";
import type { Market, UiLocale } from "#modules/markets/markets.service.ts";
import { type CartOutput, MAX_LINE_QUANTITY } from "./cart.contract.ts";
import { cartLines, carts, type PackagePart } from "./cart.schema.ts";
import { formatCart } from "./cart-output.ts";
import { type CartOwner, findCartId, lockCart, ownerCondition } from "./cart-owner.ts";
import { priceCart } from "./cart-pricing.ts";

const notAdded = (message: string, status = 400): never => {
  throw new HttpError(status, "not_added", message, { size: [message] });
};

/**
 * The bag's line of this size without a print: an added unit of that size joins it rather than
 * making a second line (a printed shirt stays a line of its own). Read inside the transaction that
 * locked the bag, so two adds of the same size cannot both miss it.
 */
export async function findUnprintedLine(tx: Tx, cartId: number, productId: number, sizeId: number) {
  const [line] = await tx
    .select({ id: cartLines.id, quantity: cartLines.quantity })
    .from(cartLines)
    .where(
      and(
        eq(cartLines.cartId, cartId),
        eq(cartLines.productId, productId),
        eq(cartLines.sizeId, sizeId),
        isNull(cartLines.customization),
      ),
    );
  return line;
}

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
    if (!row?.online) throw productNotFound();
    if (row.isExclusive && owner.userId === null)
      throw new HttpError(403, "members_only", "cart.error.membersOnly");
    if (row.isPackage) notAdded("cart.error.packageNeedsSizes");
    if (row.sizeProduct !== input.productId || row.stock === null) notAdded("cart.error.size");
    const cartId = await lockCart(tx, owner);
    const existing = await findUnprintedLine(tx, cartId, input.productId, input.sizeId);
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
    if (!pkg?.online) throw productNotFound();
    if (!pkg.isPackage) notAdded("cart.error.notAPackage");
    if (pkg.isExclusive && owner.userId === null)
      throw new HttpError(403, "members_only", "cart.error.membersOnly");
    const itemRows = await rows<{ product_id: number; online: boolean }>(
      tx,
      sql`
      select pi.product_id, p.online from package_items pi join products p on p.id = pi.product_id
       where pi.package_id = ${input.productId} order by pi.position`,
    );
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
  return formatCart(await priceCart(db, cartId, market, locale, { userId: owner.userId }), market);
}

/** The bag by its id, as `readCart` reads it; 404 for any bag but the owner's (ids are guessable). */
export async function readOwnCart(
  db: Db,
  owner: CartOwner,
  cartId: number,
  market: Market,
  locale: UiLocale,
): Promise<CartOutput> {
  if ((await findCartId(db, owner)) !== cartId)
    throw new HttpError(404, "cart_not_found", "There is no such bag.");
  return formatCart(await priceCart(db, cartId, market, locale, { userId: owner.userId }), market);
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
  const [line] = await rows<{
    id: number;
    quantity: number;
    size_id: number | null;
    package_parts: PackagePart[] | null;
    stock: number | null;
  }>(
    tx,
    sql`
    select l.id, l.quantity, l.size_id, l.package_parts, s.stock
      from cart_lines l join carts c on c.id = l.cart_id
      left join product_sizes s on s.id = l.size_id
     where l.id = ${lineId}
       and ${owner.userId !== null ? sql`c.user_id = ${owner.userId}` : sql`c.user_id is null and c.session_id = ${owner.sessionId}`}
       for update of l`,
  );
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

/** Removes a line of the owner's bag; 404 when it is not theirs. */
export async function deleteLine(db: Db, owner: CartOwner, lineId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwnLine(tx, owner, lineId);
    await tx.delete(cartLines).where(eq(cartLines.id, lineId));
  });
}
