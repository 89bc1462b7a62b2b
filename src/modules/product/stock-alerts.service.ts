import { and, eq, exists, gt, isNotNull, isNull, lte, or } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { countAttempt } from "#modules/accounts/rate-limit.service.ts";
import { hashToken, newToken } from "#modules/accounts/session.service.ts";
import { productSizes, products } from "#modules/catalog/catalog.schema.ts";
import { addStock, findSizeIdBySku, setStockLevel } from "#modules/catalog/stock.service.ts";
import type { MailOutbox } from "#modules/mail/mail-outbox.ts";
import type { UiLocale } from "#modules/markets/markets.service.ts";
import type { PublicUrlFor } from "#modules/markets/public-addresses.ts";
import { mailBackInStock, mailStockAlertConfirmation, STOCK_ALERT_CONFIRM_PATH } from "./stock-alert-mail.ts";
import {
  type StockAlertConfirmOutput,
  type StockAlertInput,
  type StockAlertSubject,
  stockAlertToken,
} from "./stock-alerts.contract.ts";
import { stockAlerts } from "./stock-alerts.schema.ts";

/** How long a confirmation link works; an alert still unconfirmed then is purged. */
export const STOCK_ALERT_CONFIRM_DAYS = 7;
/** Signing up again for the same size re-sends the confirmation at most this often. */
export const STOCK_ALERT_RESEND_MINUTES = 15;
/** Confirmation mails one e-mail address gets per hour, over all sizes, however they are asked for. */
export const STOCK_ALERT_CONFIRMATIONS_PER_HOUR = 5;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const invalid = (field: string, message: string) =>
  new HttpError(400, "validation_failed", "Some fields are not valid.", { [field]: [message] });

/**
 * A shopper asks to hear when a sold-out size is back. The alert is kept unconfirmed and a link to
 * confirm it is mailed to the address (double opt-in): only a confirmed alert is ever mailed about
 * the size. Asking again for the same size keeps one alert; while it is unconfirmed, a new link is
 * mailed at most every STOCK_ALERT_RESEND_MINUTES (the old link then stops working), and an
 * address gets at most STOCK_ALERT_CONFIRMATIONS_PER_HOUR confirmation mails over all sizes. The
 * caller answers the same whatever happened here, so nobody learns whether an address signed up.
 */
export async function subscribeStockAlert(
  db: Db,
  mail: MailOutbox,
  publicUrlFor: PublicUrlFor,
  input: StockAlertInput,
  context: { locale: UiLocale; market: string },
  now: Date = new Date(),
): Promise<void> {
  const [size] = await db
    .select({
      productId: productSizes.productId,
      stock: productSizes.stock,
      online: products.online,
      size: productSizes.name,
      product: products.name,
    })
    .from(productSizes)
    .innerJoin(products, eq(products.id, productSizes.productId))
    .where(eq(productSizes.id, input.size_id));
  if (!size || size.productId !== input.product_id) throw invalid("size_id", "notify.error.size");
  // An offline product is sold out in every size (decision 0088): any of them may be waited for.
  if (size.online && size.stock > 0) throw invalid("size_id", "notify.error.inStock");

  const email = input.email.toLowerCase();
  const token = newToken();
  const issued = {
    tokenHash: hashToken(token),
    tokenExpiresAt: new Date(now.getTime() + STOCK_ALERT_CONFIRM_DAYS * DAY_MS),
    confirmMailedAt: now,
    newsletter: input.newsletter,
    locale: context.locale,
    market: context.market,
  };
  try {
    await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(stockAlerts)
        .values({ email, productId: input.product_id, sizeId: input.size_id, ...issued })
        .onConflictDoNothing()
        .returning({ id: stockAlerts.id });
      const renewed = created
        ? []
        : await tx
            .update(stockAlerts)
            .set(issued)
            .where(
              and(
                eq(stockAlerts.sizeId, input.size_id),
                eq(stockAlerts.email, email),
                isNull(stockAlerts.notifiedAt),
                isNull(stockAlerts.confirmedAt),
                or(
                  isNull(stockAlerts.confirmMailedAt),
                  lte(
                    stockAlerts.confirmMailedAt,
                    new Date(now.getTime() - STOCK_ALERT_RESEND_MINUTES * MINUTE_MS),
                  ),
                ),
              ),
            )
            .returning({ id: stockAlerts.id });
      if (!created && renewed.length === 0) return;
      // Over the address's hourly allowance this throws 429 and the transaction is undone: the
      // earlier link keeps working, and nothing is mailed.
      await countAttempt(
        tx as unknown as Db,
        [`stock-alert-confirmation:${email}`],
        STOCK_ALERT_CONFIRMATIONS_PER_HOUR,
        3600,
      );
      // Queued with the alert's new token: the mail exists exactly when the link it carries does.
      await mailStockAlertConfirmation(tx, mail, {
        email,
        locale: context.locale,
        link: `${publicUrlFor(context.market)}${STOCK_ALERT_CONFIRM_PATH}?token=${token}`,
        product: size.product,
        size: size.size,
        days: STOCK_ALERT_CONFIRM_DAYS,
      });
    });
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 429) return;
    throw error;
  }
}

/** What a confirmation link stands for, as its page shows it before (and after) the button. */
export type StockAlertLink =
  | { state: "unknown" }
  | ({ state: "pending" | "confirmed" | "expired" } & StockAlertSubject);

async function findByToken(db: Db, token: string) {
  const [row] = await db
    .select({
      id: stockAlerts.id,
      confirmedAt: stockAlerts.confirmedAt,
      expiresAt: stockAlerts.tokenExpiresAt,
      name: products.name,
      url: products.relativeUrl,
      size: productSizes.name,
      stock: productSizes.stock,
      online: products.online,
    })
    .from(stockAlerts)
    .innerJoin(productSizes, eq(productSizes.id, stockAlerts.sizeId))
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .where(eq(stockAlerts.tokenHash, hashToken(token)));
  return row;
}

const subjectOf = (row: NonNullable<Awaited<ReturnType<typeof findByToken>>>): StockAlertSubject => ({
  product: { name: row.name, relative_url: row.url },
  size: row.size,
  in_stock: row.online && row.stock > 0,
});

/**
 * Reads a confirmation link without using it (the page's loader: mail scanners fetch links, so a
 * GET never confirms). A token the shop could not have sent is unknown without a query.
 */
export async function readStockAlertLink(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<StockAlertLink> {
  if (!stockAlertToken.safeParse(token).success) return { state: "unknown" };
  const row = await findByToken(db, token);
  if (!row) return { state: "unknown" };
  const state = row.confirmedAt ? "confirmed" : row.expiresAt && row.expiresAt > now ? "pending" : "expired";
  return { state, ...subjectOf(row) };
}

/**
 * Confirms the alert a link's token names (the page's button). Confirming twice answers
 * `already_confirmed`; an unknown token, or one whose alert was not confirmed in time, is a 400 with
 * a field error on `token`.
 */
export async function confirmStockAlert(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<StockAlertConfirmOutput> {
  const [confirmed] = await db
    .update(stockAlerts)
    .set({ confirmedAt: now })
    .where(
      and(
        eq(stockAlerts.tokenHash, hashToken(token)),
        isNull(stockAlerts.confirmedAt),
        gt(stockAlerts.tokenExpiresAt, now),
      ),
    )
    .returning({ id: stockAlerts.id });
  const row = await findByToken(db, token);
  if (!row)
    throw new HttpError(400, "invalid_token", "This link is not valid.", {
      token: ["notify.confirm.error.unknown"],
    });
  if (confirmed) return { success: true, status: "confirmed", ...subjectOf(row) };
  if (row.confirmedAt) return { success: true, status: "already_confirmed", ...subjectOf(row) };
  throw new HttpError(400, "expired_token", "This link has expired. Sign up again on the product page.", {
    token: ["notify.confirm.error.expired"],
  });
}

/**
 * Deletes every alert that was not confirmed before its link expired: an address nobody confirmed
 * is not kept. Plain so a scheduled job can call it; answers how many went.
 */
export async function purgeExpiredStockAlerts(db: Db, now: Date): Promise<{ purged: number }> {
  const purged = await db
    .delete(stockAlerts)
    .where(and(isNull(stockAlerts.confirmedAt), lte(stockAlerts.tokenExpiresAt, now)))
    .returning({ id: stockAlerts.id });
  return { purged: purged.length };
}

/**
 * The stock feed (`PUT /api/catalogue/stock/{sku}/`): the size is named by its SKU, the warehouse's
 * key, and its stock set as `setSizeStock` does. 404 for a SKU the catalogue does not know.
 */
export async function setStockBySku(
  db: Db,
  mail: MailOutbox,
  publicUrlFor: PublicUrlFor,
  input: { sku: string; stock: number },
): Promise<{ sku: string; stock: number; notified: number }> {
  const sizeId = await findSizeIdBySku(db, input.sku);
  const { notified } = await setSizeStock(db, mail, publicUrlFor, { sizeId, stock: input.stock });
  return { sku: input.sku, stock: input.stock, notified };
}

/**
 * The catalogue's way to change a size's stock. When a sold-out size comes back, every confirmed alert
 * waiting for it is claimed in the same transaction (so two updates cannot both send it) and each subscriber
 * gets one e-mail, queued in that transaction, linking to the product on the configured address of the market they
 * signed up in (`publicUrlFor`). Unconfirmed alerts are left alone: nobody said the address wants it.
 */
export async function setSizeStock(
  db: Db,
  mail: MailOutbox,
  publicUrlFor: PublicUrlFor,
  input: { sizeId: number; stock: number },
): Promise<{ notified: number }> {
  if (!Number.isInteger(input.stock) || input.stock < 0)
    throw new HttpError(400, "validation_failed", "Stock is a whole number of 0 or more.", {
      stock: ["stock.error"],
    });
  const claimed = await db.transaction(async (tx) => {
    const { previous } = await setStockLevel(tx, input.sizeId, input.stock);
    if (previous > 0 || input.stock <= 0) return 0;
    return notifyBackInStock(tx, mail, publicUrlFor, input.sizeId);
  });
  return { notified: claimed };
}

/**
 * Goods come back to the shelf (a cancelled package, a received return), inside the caller's
 * transaction: each size's stock grows, and a size that was sold out mails its subscribers as the
 * stock feed would. Answers how many were mailed.
 */
export async function putBackStock(
  tx: Tx,
  mail: MailOutbox,
  publicUrlFor: PublicUrlFor,
  lines: readonly { sizeId: number; quantity: number }[],
): Promise<{ notified: number }> {
  let notified = 0;
  for (const size of await addStock(tx, lines))
    if (size.previous <= 0) notified += await notifyBackInStock(tx, mail, publicUrlFor, size.sizeId);
  return { notified };
}

/**
 * A sold-out size may be back: when it can be bought now (in stock, and its product online), every
 * confirmed alert waiting for it is claimed (so two updates cannot both send it) and each subscriber
 * gets one e-mail, queued in the same transaction. A size back in stock while its product is offline
 * mails nobody yet: its alerts wait for the product to come online (decision 0088).
 */
export async function notifyBackInStock(
  tx: Tx,
  mail: MailOutbox,
  publicUrlFor: PublicUrlFor,
  sizeId: number,
): Promise<number> {
  const buyable = tx
    .select({ id: productSizes.id })
    .from(productSizes)
    .innerJoin(products, eq(products.id, productSizes.productId))
    .where(and(eq(productSizes.id, sizeId), gt(productSizes.stock, 0), eq(products.online, true)));
  const alerts = await tx
    .update(stockAlerts)
    .set({ notifiedAt: new Date() })
    .where(
      and(
        eq(stockAlerts.sizeId, sizeId),
        isNull(stockAlerts.notifiedAt),
        isNotNull(stockAlerts.confirmedAt),
        exists(buyable),
      ),
    )
    .returning({ email: stockAlerts.email, locale: stockAlerts.locale, market: stockAlerts.market });
  if (alerts.length === 0) return 0;
  const [product] = await tx
    .select({ name: products.name, url: products.relativeUrl, size: productSizes.name })
    .from(productSizes)
    .innerJoin(products, eq(products.id, productSizes.productId))
    .where(eq(productSizes.id, sizeId));
  // Queued with the claim: an alert is marked as sent only together with its mail.
  for (const alert of alerts)
    await mailBackInStock(tx, mail, {
      email: alert.email,
      locale: alert.locale,
      link: `${publicUrlFor(alert.market)}${product?.url ?? "/"}`,
      product: product?.name ?? "",
      size: product?.size ?? "",
    });
  return alerts.length;
}

/** Account deletion step: every back-in-stock sign-up of the member's e-mail goes. */
export async function forgetStockAlertsOf(db: Db | Tx, email: string): Promise<void> {
  await db.delete(stockAlerts).where(eq(stockAlerts.email, email.toLowerCase()));
}

/** For the member's data export: every back-in-stock sign-up of their e-mail. */
export async function exportStockAlertsOf(db: Db, email: string) {
  const found = await db.select().from(stockAlerts).where(eq(stockAlerts.email, email.toLowerCase()));
  return found.map((a) => ({
    product_id: a.productId,
    size_id: a.sizeId,
    newsletter: a.newsletter,
    confirmed: a.confirmedAt !== null,
    notified: a.notifiedAt !== null,
    created_at: a.createdAt.toISOString(),
  }));
}
