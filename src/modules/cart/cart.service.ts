// The bag's lines: adding products and packages, changing and removing lines, and reading the bag
// as the storefront shows it. Pricing, prints, codes and log-in adoption have files of their own.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { type Db, rows, type Tx } from "#db/client.ts";
import { preparedStatement } from "#db/prepared.ts";
import { HttpError } from "#kernel/errors.ts";
import { productSizes, products } from "#modules/catalog/catalog.schema.ts";
import { productNotFound } from "#modules/catalog/catalog.service.ts";
import type { Market, UiLocale } from "#modules/markets/markets.service.ts";
import { type CartOutput, MAX_LINE_QUANTITY } from "./cart.contract.ts";
import { cartLines, carts, type PackagePart } from "./cart.schema.ts";
import { formatCart } from "./cart-output.ts";
import {
  type CartOwner,
  lockCart,
  lockOrMakeCartStatement,
  type OwnerKey,
  ownerCondition,
  ownerKey,
  ownerMatch,
  touchCart,
} from "./cart-owner.ts";
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

/** What the add reads with the bag's lock: the product and the size asked for. */
interface AddedProduct {
  online: boolean | null;
  is_package: boolean | null;
  is_exclusive: boolean | null;
  stock: number | null;
  size_product: number | null;
}

const addLockStatements = {
  user: lockOrMakeCartStatement<AddedProduct>("add_lock", "user", addProductRead()),
  session: lockOrMakeCartStatement<AddedProduct>("add_lock", "session", addProductRead()),
};

function addProductRead() {
  return {
    columns: sql`p.online, p.is_package, p.is_exclusive, s.stock, s.product_id as size_product`,
    from: sql`(select 1) one
      left join products p on p.id = ${sql.placeholder("productId")}::int
      left join product_sizes s on s.id = ${sql.placeholder("sizeId")}::int`,
  };
}

/**
 * The line of the add, in one statement run after the bag is locked (so it sees every line committed
 * before): the unprinted line of that size grows, or a new line is made, while the bag's quantity of it
 * stays within `limit`; the bag is marked changed only when a line was. `line_id` null: over the limit.
 */
const addLineStatement = preparedStatement<{ existing_quantity: number | null; line_id: number | null }>(
  "add_line",
  () => {
    const cartId = sql`${sql.placeholder("cartId")}::int`;
    const amount = sql`${sql.placeholder("amount")}::int`;
    const limit = sql`${sql.placeholder("limit")}::int`;
    return sql`
      with existing as (
             select id, quantity from cart_lines
              where cart_id = ${cartId} and product_id = ${sql.placeholder("productId")}::int
                and size_id = ${sql.placeholder("sizeId")}::int and customization is null
              order by id limit 1),
           grown as (
             update cart_lines l set quantity = l.quantity + ${amount} from existing e
              where l.id = e.id and e.quantity + ${amount} <= ${limit}
             returning l.id),
           added as (
             insert into cart_lines (cart_id, product_id, size_id, quantity)
             select ${cartId}, ${sql.placeholder("productId")}::int, ${sql.placeholder("sizeId")}::int, ${amount}
              where not exists (select 1 from existing) and ${amount} <= ${limit}
             returning id),
           touched as (
             update carts set updated_at = now()
              where id = ${cartId} and exists (select 1 from grown union all select 1 from added)
             returning id)
      select (select quantity from existing) as existing_quantity,
             coalesce((select id from grown), (select id from added)) as line_id,
             (select count(*) from touched) as touched`;
  },
);

/**
 * Adds one size of a product. An existing line of that size without a print grows instead. Four
 * round trips: begin, the bag locked (made when there is none) with the product read, the line
 * grown or made, commit.
 */
export async function addToCart(
  db: Db,
  owner: CartOwner,
  input: { productId: number; sizeId: number; amount: number },
): Promise<{ lineId: number }> {
  const key = ownerKey(owner);
  if (!key) throw new HttpError(400, "no_session", "A session is needed for a bag.");
  return db.transaction(async (tx) => {
    const values = { owner: key.value, productId: input.productId, sizeId: input.sizeId };
    let [row] = await addLockStatements[key.kind](tx, values);
    // Another request made the bag after the statement began: now it is there to lock.
    if (row && row.cart_id === null) [row] = await addLockStatements[key.kind](tx, values);
    if (!row?.online) throw productNotFound();
    if (row.is_exclusive && owner.userId === null)
      throw new HttpError(403, "members_only", "cart.error.membersOnly");
    if (row.is_package) notAdded("cart.error.packageNeedsSizes");
    if (row.size_product !== input.productId || row.stock === null) notAdded("cart.error.size");
    if (row.cart_id === null)
      throw new HttpError(409, "cart_conflict", "The bag could not be opened; try again.");
    if ((row.stock ?? 0) <= 0) notAdded("cart.error.soldOut", 409);
    const [line] = await addLineStatement(tx, {
      cartId: row.cart_id,
      productId: input.productId,
      sizeId: input.sizeId,
      amount: input.amount,
      limit: Math.min(row.stock ?? 0, MAX_LINE_QUANTITY),
    });
    if (!line?.line_id) return notAdded("cart.error.notEnoughStock", 409);
    return { lineId: line.line_id };
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
    await touchCart(tx, cartId);
    return { lineId: (line as { id: number }).id, partIds: parts.map((part) => part.product_id) };
  });
}

/**
 * The bag as the shopper sees it now: every line priced in the market's currency, stock checked
 * again (a line above what is left is shown at what is left, with a warning), totals worked out by
 * the totals engine. One statement finds the bag and reads it, whatever the line count; the delivery
 * methods come from the market's cached set-up.
 */
export async function readCart(
  db: Db,
  owner: CartOwner,
  market: Market,
  locale: UiLocale,
): Promise<CartOutput> {
  return formatCart(await priceCart(db, { owner }, market, locale, { userId: owner.userId }), market);
}

/** The bag by its id, as `readCart` reads it; 404 for any bag but the owner's (ids are guessable). */
export async function readOwnCart(
  db: Db,
  owner: CartOwner,
  cartId: number,
  market: Market,
  locale: UiLocale,
): Promise<CartOutput> {
  const priced = await priceCart(db, { owner }, market, locale, { userId: owner.userId });
  if (priced.cartId !== cartId) throw new HttpError(404, "cart_not_found", "There is no such bag.");
  return formatCart(priced, market);
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

/**
 * A line's quantity set in one statement: the owner's line with what is left of it (a package has what
 * its scarcest part has), changed to the quantity asked within what is left, and only when that
 * differs from what it is. No row: not the owner's line.
 */
const quantityStatements = {
  user: quantityStatement("user"),
  session: quantityStatement("session"),
};

function quantityStatement(kind: OwnerKey["kind"]) {
  return preparedStatement<{ quantity: number; available: number; changed: number | null }>(
    `line_quantity_${kind}`,
    () => {
      const wanted = sql`least(${sql.placeholder("amount")}::int, line.available, ${MAX_LINE_QUANTITY})`;
      return sql`
      with line as (
             select l.id, l.quantity,
                    case when l.package_parts is null then coalesce(s.stock, 0)
                         else coalesce((select min(ps.stock) from product_sizes ps
                                         where ps.id in (select (e.value->>'size_id')::int
                                                           from jsonb_array_elements(l.package_parts) e)), 0)
                    end as available
               from cart_lines l join carts c on c.id = l.cart_id
               left join product_sizes s on s.id = l.size_id
              where l.id = ${sql.placeholder("lineId")}::int and ${ownerMatch(kind)}),
           changed as (
             update cart_lines set quantity = ${wanted} from line
              where cart_lines.id = line.id and least(line.available, ${MAX_LINE_QUANTITY}) > 0
                and cart_lines.quantity <> ${wanted}
             returning cart_lines.quantity)
      select line.quantity, line.available, (select quantity from changed) as changed from line`;
    },
  );
}

const lineNotFound = () => new HttpError(404, "line_not_found", "There is no such line in your bag.");

/**
 * Sets a line's quantity (at least 1). More than is left sets what is left, with a warning the
 * shopper sees. One statement: two changes at once are applied one after the other by the row's
 * lock, and a quantity that is already the line's writes nothing.
 */
export async function updateLineQuantity(
  db: Db,
  owner: CartOwner,
  lineId: number,
  amount: number,
): Promise<{ quantity: number; messages: LineMessage[] }> {
  const key = ownerKey(owner);
  if (!key) throw lineNotFound();
  const [line] = await quantityStatements[key.kind](db, { owner: key.value, lineId, amount });
  if (!line) throw lineNotFound();
  const limit = Math.min(line.available, MAX_LINE_QUANTITY);
  if (limit <= 0) {
    return {
      quantity: line.quantity,
      messages: [{ text: "cart.message.soldOut", level: "error" as const }],
    };
  }
  const quantity = Math.min(amount, limit);
  return {
    quantity,
    messages: quantity < amount ? [{ text: "cart.message.quantityReduced", level: "warning" as const }] : [],
  };
}

const deleteStatements = {
  user: deleteStatement("user"),
  session: deleteStatement("session"),
};

function deleteStatement(kind: OwnerKey["kind"]) {
  return preparedStatement<{ id: number }>(
    `line_delete_${kind}`,
    () => sql`
      delete from cart_lines l using carts c
       where l.id = ${sql.placeholder("lineId")}::int and c.id = l.cart_id and ${ownerMatch(kind)}
      returning l.id`,
  );
}

/** Removes a line of the owner's bag (one statement); 404 when it is not theirs. */
export async function deleteLine(db: Db, owner: CartOwner, lineId: number): Promise<void> {
  const key = ownerKey(owner);
  if (!key) throw lineNotFound();
  const removed = await deleteStatements[key.kind](db, { owner: key.value, lineId });
  if (removed.length === 0) throw lineNotFound();
}
