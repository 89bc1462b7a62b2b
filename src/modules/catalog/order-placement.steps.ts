import { asc, inArray, sql } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { productSizes } from "./catalog.schema.ts";

/** A quantity of one size that an order takes from stock. */
export interface StockLine {
  sizeId: number;
  quantity: number;
}

const outOfStock = (): never => {
  throw new HttpError(409, "out_of_stock", "checkout.error.outOfStock");
};

/**
 * Takes what an order needs from stock, inside the order's transaction. Every size is locked in
 * ascending id order, the same order for every checkout, so two orders never deadlock (decision
 * 0017); a size with too little stock, or gone, refuses the whole order (409 out_of_stock) and the
 * transaction's rollback puts back anything taken.
 */
export async function takeStock(
  tx: Tx,
  lines: readonly StockLine[],
): Promise<{ sizeId: number; before: number; after: number }[]> {
  const needed = new Map<number, number>();
  for (const line of lines) needed.set(line.sizeId, (needed.get(line.sizeId) ?? 0) + line.quantity);
  const sizeIds = [...needed.keys()].sort((a, b) => a - b);
  const locked = sizeIds.length
    ? await tx
        .select({ id: productSizes.id, stock: productSizes.stock })
        .from(productSizes)
        .where(inArray(productSizes.id, sizeIds))
        .orderBy(asc(productSizes.id))
        .for("update")
    : [];
  for (const row of locked) {
    if (row.stock < (needed.get(row.id) ?? 0)) outOfStock();
  }
  if (locked.length !== sizeIds.length) outOfStock();
  for (const sizeId of sizeIds)
    await tx.execute(
      sql`update product_sizes set stock = stock - ${needed.get(sizeId)} where id = ${sizeId}`,
    );
  return locked.map((row) => ({
    sizeId: row.id,
    before: row.stock,
    after: row.stock - (needed.get(row.id) ?? 0),
  }));
}
