import { eq } from "drizzle-orm";
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
