import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { productSizes } from "./catalog.schema.ts";

/** The size a warehouse SKU names, or 404 size_not_found. */
export async function findSizeIdBySku(db: Db, sku: string): Promise<number> {
  const [size] = await db.select({ id: productSizes.id }).from(productSizes).where(eq(productSizes.sku, sku));
  if (!size) throw new HttpError(404, "size_not_found", "There is no size with that SKU.");
  return size.id;
}

/**
 * Sets what is in stock of one size, inside the caller's transaction, with the size locked so that
 * two updates are applied one after the other. Answers the stock it had before (404 for no size).
 */
export async function setStockLevel(tx: Tx, sizeId: number, stock: number): Promise<{ previous: number }> {
  const [size] = await tx
    .select({ stock: productSizes.stock })
    .from(productSizes)
    .where(eq(productSizes.id, sizeId))
    .for("update");
  if (!size) throw new HttpError(404, "size_not_found", "There is no such size.");
  await tx.update(productSizes).set({ stock }).where(eq(productSizes.id, sizeId));
  return { previous: size.stock };
}

/**
 * Puts goods back on the shelf inside the caller's transaction (a cancelled package, a received
 * return): each size's stock grows by what came back, the sizes locked in id order like the
 * checkout takes them. Answers each size's stock before, so the caller can tell which came back
 * from sold out. A size deleted since is skipped.
 */
export async function addStock(
  tx: Tx,
  lines: readonly { sizeId: number; quantity: number }[],
): Promise<{ sizeId: number; previous: number; added: number }[]> {
  const adding = new Map<number, number>();
  for (const line of lines)
    if (line.quantity > 0) adding.set(line.sizeId, (adding.get(line.sizeId) ?? 0) + line.quantity);
  if (adding.size === 0) return [];
  const locked = await tx
    .select({ id: productSizes.id, stock: productSizes.stock })
    .from(productSizes)
    .where(inArray(productSizes.id, [...adding.keys()]))
    .orderBy(asc(productSizes.id))
    .for("update");
  const result: { sizeId: number; previous: number; added: number }[] = [];
  for (const row of locked) {
    const added = adding.get(row.id) ?? 0;
    await tx.execute(sql`update product_sizes set stock = stock + ${added} where id = ${row.id}`);
    result.push({ sizeId: row.id, previous: row.stock, added });
  }
  return result;
}
