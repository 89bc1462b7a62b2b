import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { productSizes, products, stockAlerts } from "#modules/catalog/catalog.schema.ts";
import { type Mailer, renderLinkMail } from "#modules/mail/mail.service.ts";
import { isUiLocale, type UiLocale } from "#modules/markets/markets.service.ts";
import { HttpError } from "#server/plugins/errors.ts";
import type { StockAlertInput } from "./stock-alerts.contract.ts";

/** A shopper asks to hear when a sold-out size is back. Asking twice keeps one alert. */
export async function subscribeStockAlert(
  db: Db,
  input: StockAlertInput,
  context: { locale: UiLocale; market: string },
): Promise<void> {
  const [size] = await db
    .select({ productId: productSizes.productId, stock: productSizes.stock })
    .from(productSizes)
    .where(eq(productSizes.id, input.size_id));
  if (!size || size.productId !== input.product_id)
    throw new HttpError(400, "validation_failed", "Some fields are not valid.", {
      size_id: ["notify.error.size"],
    });
  if (size.stock > 0)
    throw new HttpError(400, "validation_failed", "Some fields are not valid.", {
      size_id: ["notify.error.inStock"],
    });
  await db
    .insert(stockAlerts)
    .values({
      email: input.email.toLowerCase(),
      productId: input.product_id,
      sizeId: input.size_id,
      newsletter: input.newsletter,
      locale: context.locale,
      market: context.market,
    })
    .onConflictDoNothing();
}

/**
 * The catalogue's way to change a size's stock. When a sold-out size comes back, every pending alert
 * for it is claimed in the same transaction (so two updates cannot both send it) and each subscriber
 * gets one e-mail afterwards.
 */
export async function setSizeStock(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  input: { sizeId: number; stock: number },
): Promise<{ notified: number }> {
  if (!Number.isInteger(input.stock) || input.stock < 0)
    throw new HttpError(400, "validation_failed", "Stock is a whole number of 0 or more.", {
      stock: ["stock.error"],
    });
  const claimed = await db.transaction(async (tx) => {
    const [size] = await tx
      .select({ stock: productSizes.stock })
      .from(productSizes)
      .where(eq(productSizes.id, input.sizeId))
      .for("update");
    if (!size) throw new HttpError(404, "size_not_found", "There is no such size.");
    await tx.update(productSizes).set({ stock: input.stock }).where(eq(productSizes.id, input.sizeId));
    if (size.stock > 0 || input.stock <= 0) return [];
    return tx
      .update(stockAlerts)
      .set({ notifiedAt: new Date() })
      .where(and(eq(stockAlerts.sizeId, input.sizeId), isNull(stockAlerts.notifiedAt)))
      .returning({ email: stockAlerts.email, locale: stockAlerts.locale, productId: stockAlerts.productId });
  });
  if (claimed.length === 0) return { notified: 0 };
  const [product] = await db
    .select({ name: products.name, url: products.relativeUrl, size: productSizes.name })
    .from(productSizes)
    .innerJoin(products, eq(products.id, productSizes.productId))
    .where(eq(productSizes.id, input.sizeId));
  for (const alert of claimed) {
    const locale = isUiLocale(alert.locale) ? alert.locale : "en";
    await mailer.send({
      to: alert.email,
      ...renderLinkMail("restock", locale, {
        name: alert.email,
        link: `${publicUrl}${product?.url ?? "/"}`,
        product: product?.name ?? "",
        size: product?.size ?? "",
      }),
    });
  }
  return { notified: claimed.length };
}
