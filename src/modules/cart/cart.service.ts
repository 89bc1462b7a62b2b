// The bag's lines: adding products and packages, changing and removing lines, and reading the bag
// as the storefront shows it. Pricing, prints, codes and log-in adoption have files of their own.
import { eq, inArray, sql } from "drizzle-orm";
import { type Db, rows } from "#db/client.ts";
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
  type OwnerKey,
  ownerColumn,
  ownerCondition,
  ownerKey,
  ownerMatch,
  touchCart,
} from "./cart-owner.ts";
import { priceCart } from "./cart-pricing.ts";
import type { CustomizationInput } from "./customization.contract.ts";
import { asksForPrint, checkPrint } from "./customizations.service.ts";

const notAdded = (message: string, status = 400): never => {
  throw new HttpError(status, "not_added", message, { size: [message] });
};

/** The product and size an add asks for, as both adds read them. */
interface AddedProduct {
  online: boolean | null;
  is_package: boolean | null;
  is_exclusive: boolean | null;
  stock: number | null;
  size_product: number | null;
}

/** What the one-statement add answers: the product and size, the bag, and the line added to. */
interface AddRow extends AddedProduct {
  cart_id: number | null;
  line_id: number | null;
}

/** The columns of `AddedProduct` from `p` (the product asked for) and `s` (the size asked for). */
const addedProductColumns = sql`p.online, p.is_package, p.is_exclusive, s.stock, s.product_id as size_product`;

/**
 * Why a product and size cannot be added, thrown as the shopper is told it; nothing when they can.
 * Both adds refuse alike, in this order.
 */
function refuseUnaddable(
  row: AddedProduct | undefined,
  member: boolean,
  productId: number,
): asserts row is AddedProduct {
  if (!row?.online) throw productNotFound();
  if (row.is_exclusive && !member) throw new HttpError(403, "members_only", "cart.error.membersOnly");
  if (row.is_package) notAdded("cart.error.packageNeedsSizes");
  if (row.size_product !== productId || row.stock === null) notAdded("cart.error.size");
  if ((row.stock ?? 0) <= 0) notAdded("cart.error.soldOut", 409);
}

const addStatements = { user: addStatement("user"), session: addStatement("session") };

/**
 * The add in one statement (decision 0060). The product and size are read; when they can be added, the
 * owner's bag is locked (made when there is none) and the unprinted line of that size grows, or is
 * made, while it stays within what is in stock and the line maximum (`on conflict` sees a line another
 * add made a moment ago, which the statement's own snapshot would not); the bag is marked changed only
 * when a line was. Nothing is written when the product cannot be added. `cart_id` null with an addable
 * product: another request made the bag at the same moment, and asking again finds it.
 */
function addStatement(kind: OwnerKey["kind"]) {
  const make = ownerColumn(kind);
  // A visitor's bag takes no members-only product; a member's does.
  const member = kind === "user" ? sql`true` : sql`false`;
  const productId = sql`${sql.placeholder("productId")}::int`;
  const sizeId = sql`${sql.placeholder("sizeId")}::int`;
  const amount = sql`${sql.placeholder("amount")}::int`;
  return preparedStatement<AddRow>(
    `add_to_bag_${kind}`,
    () => sql`
      with item as (
             select ${addedProductColumns},
                    coalesce(p.online and not p.is_package and (${member} or not p.is_exclusive)
                             and s.product_id = p.id and s.stock > 0, false) as addable,
                    least(s.stock, ${MAX_LINE_QUANTITY}) as line_limit
               from (select 1) one
               left join products p on p.id = ${productId}
               left join product_sizes s on s.id = ${sizeId}),
           found as (select c.id from carts c where ${ownerMatch(kind)} and (select addable from item)
                     for update of c),
           made as (insert into carts (${make.column}) select ${make.value}
                     where (select addable from item) and not exists (select 1 from found)
                     on conflict do nothing returning id),
           bag as (select id from found union all select id from made),
           line as (insert into cart_lines (cart_id, product_id, size_id, quantity)
                     select bag.id, ${productId}, ${sizeId}, ${amount} from bag, item
                      where ${amount} <= item.line_limit
                     on conflict (cart_id, product_id, size_id) where customization is null
                     do update set quantity = cart_lines.quantity + excluded.quantity
                      where cart_lines.quantity + excluded.quantity <= (select line_limit from item)
                     returning id),
           -- A data-modifying part runs whether or not the answer reads it.
           touched as (update carts set updated_at = now()
                        where id = (select id from found) and exists (select 1 from line))
      select item.online, item.is_package, item.is_exclusive, item.stock, item.size_product,
             (select id from bag) as cart_id, (select id from line) as line_id
        from item`,
  );
}

/**
 * Adds one size of a product. An existing line of that size without a print grows instead. One round
 * trip (a second only when another request made the visitor's bag at the same moment).
 */
export async function addToCart(
  db: Db,
  owner: CartOwner,
  input: { productId: number; sizeId: number; amount: number; print?: CustomizationInput },
): Promise<{ lineId: number }> {
  const key = ownerKey(owner);
  if (!key) throw new HttpError(400, "no_session", "A session is needed for a bag.");
  if (input.print && asksForPrint(input.print)) return addPrintedLine(db, owner, input, input.print);
  const values = { owner: key.value, productId: input.productId, sizeId: input.sizeId, amount: input.amount };
  let [row] = await addStatements[key.kind](db, values);
  refuseUnaddable(row, key.kind === "user", input.productId);
  // Another request made the bag after the statement began: now it is there to lock.
  if (row.cart_id === null) [row] = await addStatements[key.kind](db, values);
  if (!row?.cart_id) throw new HttpError(409, "cart_conflict", "The bag could not be opened; try again.");
  if (!row.line_id) return notAdded("cart.error.notEnoughStock", 409);
  return { lineId: row.line_id };
}

/**
 * Adds a size with a print as a line of its own (a printed shirt never joins another line): the same
 * checks as a plain add, the print checked against the product's options, then the line made in the
 * bag's lock, within the stock and the line maximum.
 */
async function addPrintedLine(
  db: Db,
  owner: CartOwner,
  input: { productId: number; sizeId: number; amount: number },
  print: CustomizationInput,
): Promise<{ lineId: number }> {
  return db.transaction(async (tx) => {
    const [row] = await rows<AddedProduct>(
      tx,
      sql`select ${addedProductColumns}
            from (select 1) one
            left join products p on p.id = ${input.productId}
            left join product_sizes s on s.id = ${input.sizeId}`,
    );
    refuseUnaddable(row, owner.userId !== null, input.productId);
    if (input.amount > Math.min(row.stock ?? 0, MAX_LINE_QUANTITY))
      notAdded("cart.error.notEnoughStock", 409);
    await checkPrint(tx, input.productId, print);
    const cartId = await lockCart(tx, owner);
    const [line] = await tx
      .insert(cartLines)
      .values({
        cartId,
        productId: input.productId,
        sizeId: input.sizeId,
        quantity: input.amount,
        customization: print,
      })
      .returning({ id: cartLines.id });
    await touchCart(tx, cartId);
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
    await touchCart(tx, cartId);
    return { lineId: (line as { id: number }).id, partIds: parts.map((part) => part.product_id) };
  });
}

/**
 * The bag as the shopper sees it now: every line priced in the market's currency, stock checked
 * again (a line above what is left is shown at what is left, with a warning), totals worked out by
 * the totals engine. One statement finds the bag and reads its rows, whatever the line count; its
 * products come from what the process keeps at the catalogue revision read with them, and a second
 * statement reads those it does not keep right (decision 0106). The delivery methods come from the
 * market's cached set-up.
 */
export async function readCart(
  db: Db,
  owner: CartOwner,
  market: Market,
  locale: UiLocale,
): Promise<CartOutput> {
  const options = { keptProductsOf: db };
  return formatCart(
    await priceCart(db, { owner }, market, locale, { userId: owner.userId }, options),
    market,
  );
}

/** The bag by its id, as `readCart` reads it; 404 for any bag but the owner's (ids are guessable). */
export async function readOwnCart(
  db: Db,
  owner: CartOwner,
  cartId: number,
  market: Market,
  locale: UiLocale,
): Promise<CartOutput> {
  const options = { keptProductsOf: db };
  const priced = await priceCart(db, { owner }, market, locale, { userId: owner.userId }, options);
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
