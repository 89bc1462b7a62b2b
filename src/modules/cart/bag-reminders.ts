// The abandoned-bag reminder (decision 0058): a bag with lines left untouched gets one mail, to an
// owner who agreed to marketing mail, with a link that puts its lines back into a bag.
import crypto from "node:crypto";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { type Db, rows, type Tx } from "#db/client.ts";
import { productPrices, productSizes, products } from "#modules/catalog/catalog.schema.ts";
import type { MailOutbox } from "#modules/mail/mail-outbox.ts";
import type { PublicUrlFor } from "#modules/markets/public-addresses.ts";
import { type BagReminderLine, currencyOf, renderBagReminder } from "./bag-reminder-mail.ts";
import { MAX_LINE_QUANTITY } from "./cart.contract.ts";
import { bagRestoreTokens, cartLines, type SharedItem } from "./cart.schema.ts";
import { type CartOwner, lockCart, touchCart } from "./cart-owner.ts";
import {
  issueReminderUnsubscribe,
  purgeExpiredUnsubscribeLinks,
  REMINDER_UNSUBSCRIBE_PATH,
} from "./reminder-unsubscribe.ts";

/** Where the mail's "back to your bag" link leads (a server route that redirects to the bag). */
export const BAG_RESTORE_PATH = "/cart/restore/";
/** How long the link works. */
export const BAG_RESTORE_DAYS = 7;
/** A bag untouched longer than this is not reminded any more: too late to be welcome. */
export const BAG_REMINDER_LATEST_DAYS = 7;
/** Bags claimed per run; the next run (15 minutes later) takes the rest. */
const BATCH = 200;

const DAY = 86_400_000;

/** The token a link carries: 32 random bytes in base64url; only its SHA-256 is stored. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

interface Claimed {
  id: number;
  user_id: number | null;
  member_email: string | null;
  member_locale: string | null;
  member_market: string | null;
  guest_email: string | null;
  review_locale: string | null;
  review_market: string | null;
}

/**
 * The scheduled job's work: claims every bag due a reminder and queues its mail in the same
 * transaction, so a bag is mailed exactly when its claim commits, and two processes running the job
 * at once never both take it (`for update skip locked`). Due: lines in it, untouched for at least
 * `hours` and less than 7 days, never reminded, and an owner who consented: a member with the
 * newsletter on (their account's address), or a guest whose checkout row holds an e-mail and the
 * newsletter box ticked on the review step, whose address has not asked for no more reminders
 * (`reminder_opt_outs`). `hours` 0 sends nothing. Returns the bags reminded.
 */
export async function remindAbandonedBags(
  db: Db,
  mail: MailOutbox,
  publicUrlFor: PublicUrlFor,
  hours: number,
  now: Date,
): Promise<number> {
  if (hours <= 0) return 0;
  const before = new Date(now.getTime() - hours * 3_600_000).toISOString();
  const oldest = new Date(now.getTime() - BAG_REMINDER_LATEST_DAYS * DAY).toISOString();
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    // Links of earlier reminders past their expiry go with each run.
    await tx.delete(bagRestoreTokens).where(sql`${bagRestoreTokens.expiresAt} <= ${at}::timestamptz`);
    await purgeExpiredUnsubscribeLinks(tx, now);
    const claimed = await rows<Claimed>(
      tx,
      sql`
      with due as (
        select c.id from carts c
          left join users u on u.id = c.user_id
          left join checkout_sessions cs on cs.cart_id = c.id
         where c.reminded_at is null
           and c.updated_at <= ${before}::timestamptz and c.updated_at > ${oldest}::timestamptz
           and exists (select 1 from cart_lines l where l.cart_id = c.id)
           and (case when c.user_id is not null
                     then u.newsletter and u.deleted_at is null
                     else coalesce(cs.email, '') <> ''
                          and coalesce((cs.review ->> 'subscribeNewsletters')::boolean, false)
                          and not exists (select 1 from reminder_opt_outs o where o.email = lower(cs.email)) end)
         order by c.id
         limit ${BATCH}
         for update of c skip locked),
      claimed as (
        update carts c set reminded_at = ${at}::timestamptz from due
         where c.id = due.id and c.reminded_at is null
        returning c.id, c.user_id)
      select cl.id, cl.user_id, u.email as member_email, u.locale as member_locale,
             u.market as member_market, cs.email as guest_email,
             cs.review ->> 'locale' as review_locale, cs.review ->> 'market' as review_market
        from claimed cl
        left join users u on u.id = cl.user_id
        left join checkout_sessions cs on cs.cart_id = cl.id
       order by cl.id`,
    );
    for (const bag of claimed) await remindOne(tx, mail, publicUrlFor, bag, now);
    return claimed.length;
  });
}

/** One claimed bag: its link made, its mail queued in the owner's language and market. */
async function remindOne(tx: Tx, mail: MailOutbox, publicUrlFor: PublicUrlFor, bag: Claimed, now: Date) {
  const member = bag.user_id !== null;
  const email = (member ? bag.member_email : bag.guest_email) as string;
  const locale = (member ? bag.member_locale : bag.review_locale) ?? "en";
  const marketCode = (member ? bag.member_market : bag.review_market) ?? "dk";
  const lines = await tx.select().from(cartLines).where(eq(cartLines.cartId, bag.id)).orderBy(cartLines.id);
  const items: SharedItem[] = lines.map((line) => ({
    product_id: line.productId,
    size_id: line.sizeId,
    quantity: line.quantity,
    package_parts: line.packageParts,
    customization: line.customization,
  }));
  const token = crypto.randomBytes(32).toString("base64url");
  await tx.insert(bagRestoreTokens).values({
    cartId: bag.id,
    tokenHash: hashToken(token),
    items,
    expiresAt: new Date(now.getTime() + BAG_RESTORE_DAYS * DAY),
  });
  const unsubscribe = await issueReminderUnsubscribe(tx, { email, userId: bag.user_id }, now);
  const unsubscribeLink = `${publicUrlFor(marketCode)}${REMINDER_UNSUBSCRIBE_PATH}?token=${unsubscribe}`;
  const rendered = renderBagReminder(locale, marketCode, {
    lines: await describeLines(tx, items, marketCode),
    link: `${publicUrlFor(marketCode)}${BAG_RESTORE_PATH}?token=${token}`,
    settingsLink: member ? `${publicUrlFor(marketCode)}/account/settings/` : null,
    unsubscribeLink,
    days: BAG_RESTORE_DAYS,
  });
  await mail.queue(tx, {
    to: email,
    ...rendered,
    // RFC 2369 and 8058: a mail client's own "unsubscribe" posts to the link, no log-in, no page.
    headers: {
      "List-Unsubscribe": `<${unsubscribeLink}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  });
}

/** The mail's list: each line's product, size and today's price (a print's price is left out). */
async function describeLines(tx: Tx, items: SharedItem[], marketCode: string): Promise<BagReminderLine[]> {
  const productIds = [...new Set(items.map((item) => item.product_id))];
  const sizeIds = items.map((item) => item.size_id).filter((id): id is number => id !== null);
  const currency = currencyOf(marketCode);
  const [names, sizes, prices] = await Promise.all([
    tx
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(inArray(products.id, productIds)),
    sizeIds.length
      ? tx
          .select({ id: productSizes.id, name: productSizes.name })
          .from(productSizes)
          .where(inArray(productSizes.id, sizeIds))
      : Promise.resolve([]),
    tx
      .select({ productId: productPrices.productId, price: productPrices.price })
      .from(productPrices)
      .where(and(inArray(productPrices.productId, productIds), eq(productPrices.currency, currency))),
  ]);
  const nameById = new Map(names.map((row) => [row.id, row.name]));
  const sizeById = new Map(sizes.map((row) => [row.id, row.name]));
  const priceById = new Map(prices.map((row) => [row.productId, row.price]));
  return items.map((item) => {
    const unit = priceById.get(item.product_id);
    return {
      product: nameById.get(item.product_id) ?? "",
      size: item.size_id === null ? null : (sizeById.get(item.size_id) ?? null),
      quantity: item.quantity,
      total: unit === undefined ? null : unit * item.quantity,
      currency,
    };
  });
}

/**
 * The lines a "back to your bag" link stands for, or null when the token is malformed, unknown or
 * expired. Reads only: a bad link changes nothing.
 */
export async function findRestorableBag(db: Db, token: string, now: Date): Promise<SharedItem[] | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ items: bagRestoreTokens.items })
    .from(bagRestoreTokens)
    .where(and(eq(bagRestoreTokens.tokenHash, hashToken(token)), gt(bagRestoreTokens.expiresAt, now)));
  return row?.items ?? null;
}

/**
 * Copies the reminded lines into the visitor's bag (made when there is none). Each line is restored
 * at most as many as are in stock (and the line limit); a line the bag already holds ends with the
 * larger of the two quantities, so opening the link twice does not double the bag. A product gone
 * offline, sold out, or for members only (to a guest) is left out. Only lines: never the reminded
 * bag's checkout (addresses), codes or owner. Returns how many lines were restored.
 */
export async function restoreBagLines(db: Db, owner: CartOwner, items: SharedItem[]): Promise<number> {
  const productIds = [
    ...new Set(
      items.flatMap((item) => [item.product_id, ...(item.package_parts ?? []).map((p) => p.product_id)]),
    ),
  ];
  const sizeIds = [
    ...new Set(items.flatMap((item) => [item.size_id, ...(item.package_parts ?? []).map((p) => p.size_id)])),
  ].filter((id): id is number => id !== null);
  return db.transaction(async (tx) => {
    const cartId = await lockCart(tx, owner);
    const [found, sizes, existing] = await Promise.all([
      productIds.length
        ? tx
            .select({ id: products.id, online: products.online, exclusive: products.isExclusive })
            .from(products)
            .where(inArray(products.id, productIds))
        : Promise.resolve([]),
      sizeIds.length
        ? tx
            .select({ id: productSizes.id, productId: productSizes.productId, stock: productSizes.stock })
            .from(productSizes)
            .where(inArray(productSizes.id, sizeIds))
        : Promise.resolve([]),
      tx.select().from(cartLines).where(eq(cartLines.cartId, cartId)),
    ]);
    const productById = new Map(found.map((row) => [row.id, row]));
    const sizeById = new Map(sizes.map((row) => [row.id, row]));
    const sellable = (productId: number) => {
      const product = productById.get(productId);
      return Boolean(product?.online && !(product.exclusive && owner.userId === null));
    };
    const stockOf = (productId: number, sizeId: number | null) => {
      const size = sizeId === null ? undefined : sizeById.get(sizeId);
      return size && size.productId === productId && sellable(productId) ? size.stock : 0;
    };
    let restored = 0;
    for (const item of items) {
      if (!sellable(item.product_id)) continue;
      const available = item.package_parts
        ? Math.min(...item.package_parts.map((part) => stockOf(part.product_id, part.size_id)))
        : stockOf(item.product_id, item.size_id);
      const quantity = Math.min(item.quantity, available, MAX_LINE_QUANTITY);
      if (!Number.isFinite(quantity) || quantity <= 0) continue;
      const same = existing.find(
        (line) =>
          line.productId === item.product_id &&
          line.sizeId === item.size_id &&
          JSON.stringify(line.packageParts ?? null) === JSON.stringify(item.package_parts ?? null) &&
          JSON.stringify(line.customization ?? null) === JSON.stringify(item.customization ?? null),
      );
      if (same) {
        if (same.quantity >= quantity) continue;
        await tx.update(cartLines).set({ quantity }).where(eq(cartLines.id, same.id));
        same.quantity = quantity;
      } else {
        const [line] = await tx
          .insert(cartLines)
          .values({
            cartId,
            productId: item.product_id,
            sizeId: item.size_id,
            quantity,
            packageParts: item.package_parts,
            customization: item.customization,
          })
          .returning();
        if (line) existing.push(line);
      }
      restored++;
    }
    if (restored > 0) await touchCart(tx, cartId);
    return restored;
  });
}
