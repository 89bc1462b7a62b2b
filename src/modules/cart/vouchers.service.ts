// Codes on the bag: vouchers and gift cards entered and taken off. What they are worth is worked out
// by the bag's pricing on every read.
import { eq, sql } from "drizzle-orm";
import { type Db, rows } from "#db/client.ts";
import { preparedStatement } from "#db/prepared.ts";
import { HttpError } from "#kernel/errors.ts";
import { countAttempt } from "#modules/accounts/rate-limit.service.ts";
import type { Market, UiLocale } from "#modules/markets/markets.service.ts";
import { voucherWarnings } from "./cart-output.ts";
import { type CartOwner, type OwnerKey, ownerKey, ownerMatch } from "./cart-owner.ts";
import { priceCart } from "./cart-pricing.ts";
import { giftCardHash, normaliseCode, type VoucherRow, voucherProblem } from "./voucher-rules.ts";
import { giftCards } from "./vouchers.schema.ts";

/** Wrong codes allowed per minute from one visitor before answers become 429 (guessing must not pay). */
export const WRONG_CODES_PER_MINUTE = 10;

async function wrongCode(db: Db, owner: CartOwner, ip: string, kind: "voucher" | "giftcard") {
  await countAttempt(
    db,
    [`${kind}:session:${owner.sessionId ?? owner.userId ?? "none"}`, `${kind}:ip:${ip}`],
    WRONG_CODES_PER_MINUTE,
  );
}

/**
 * A code put on the owner's bag in one statement: the bag is made when there is none, the code joins
 * it unless it is there already (`added` false), and the bag is marked changed when it did.
 */
function putOnBagStatement(kind: OwnerKey["kind"], code: "voucher" | "giftcard") {
  const [table, column] =
    code === "voucher" ? [sql`cart_vouchers`, sql`voucher_id`] : [sql`cart_gift_cards`, sql`gift_card_id`];
  const make =
    kind === "user"
      ? { column: sql`user_id`, value: sql`${sql.placeholder("owner")}::int` }
      : { column: sql`session_id`, value: sql`${sql.placeholder("owner")}::text` };
  return preparedStatement<{ cart_id: number | null; added: boolean }>(
    `put_${code}_${kind}`,
    () => sql`
      with found as (select c.id from carts c where ${ownerMatch(kind)}),
           made as (insert into carts (${make.column}) select ${make.value}
                     where not exists (select 1 from found) on conflict do nothing returning id),
           cart as (select id from found union all select id from made),
           put as (insert into ${table} (cart_id, ${column})
                   select id, ${sql.placeholder("codeId")}::int from cart
                   on conflict do nothing returning cart_id),
           touched as (update carts set updated_at = now() where id in (select cart_id from put) returning id)
      select (select id from cart limit 1) as cart_id, exists (select 1 from put) as added`,
  );
}

const putStatements = {
  voucher: { user: putOnBagStatement("user", "voucher"), session: putOnBagStatement("session", "voucher") },
  giftcard: {
    user: putOnBagStatement("user", "giftcard"),
    session: putOnBagStatement("session", "giftcard"),
  },
};

async function putOnBag(db: Db, owner: CartOwner, code: "voucher" | "giftcard", codeId: number) {
  const key = ownerKey(owner);
  if (!key) throw new HttpError(400, "no_session", "A session is needed for a bag.");
  for (let attempt = 0; attempt < 2; attempt++) {
    // A null bag: another request made it after the statement began; asking again finds it.
    const [row] = await putStatements[code][key.kind](db, { owner: key.value, codeId });
    if (row?.cart_id) return { cartId: row.cart_id, added: row.added };
  }
  throw new HttpError(409, "cart_conflict", "The bag could not be opened; try again.");
}

function removeCodeStatement(kind: OwnerKey["kind"], code: "voucher" | "giftcard") {
  return preparedStatement<{ id: number }>(`remove_${code}_${kind}`, () =>
    code === "voucher"
      ? sql`
      delete from cart_vouchers cv using carts c, vouchers v
       where cv.cart_id = c.id and ${ownerMatch(kind)} and v.id = cv.voucher_id
         and v.code = ${sql.placeholder("code")}::text
      returning cv.voucher_id as id`
      : sql`
      delete from cart_gift_cards cg using carts c, gift_cards g
       where cg.cart_id = c.id and ${ownerMatch(kind)} and g.id = cg.gift_card_id
         and g.last4 = ${sql.placeholder("last4")}::text
      returning cg.gift_card_id as id`,
  );
}

const removeVoucherStatements = {
  user: removeCodeStatement("user", "voucher"),
  session: removeCodeStatement("session", "voucher"),
};
const removeGiftCardStatements = {
  user: removeCodeStatement("user", "giftcard"),
  session: removeCodeStatement("session", "giftcard"),
};

/**
 * `POST /api/vouchers/add/`: a known voucher that is valid now and in the market's currency is put on
 * the bag. Its minimum order is checked on every read; when the bag does not reach it yet, the voucher
 * stays on and the warning returned says so.
 */
export async function addVoucher(
  db: Db,
  owner: CartOwner,
  input: { code: string; market: Market; locale: UiLocale; ip: string },
): Promise<{ warnings: string[] }> {
  const code = normaliseCode(input.code);
  const currency = input.market.currency;
  const [voucher] = await rows<VoucherRow>(db, sql`select * from vouchers where code = ${code}`);
  if (!voucher) {
    await wrongCode(db, owner, input.ip, "voucher");
    throw new HttpError(400, "voucher_invalid", "voucher.error.unknown", {
      voucher_code: ["voucher.error.unknown"],
    });
  }
  const problem = voucherProblem(voucher, currency);
  if (problem) throw new HttpError(400, "voucher_invalid", problem, { voucher_code: [problem] });
  const { cartId, added } = await putOnBag(db, owner, "voucher", voucher.id);
  if (!added)
    throw new HttpError(400, "voucher_invalid", "voucher.error.alreadyApplied", {
      voucher_code: ["voucher.error.alreadyApplied"],
    });
  const priced = await priceCart(db, { cartId }, input.market, input.locale, { userId: owner.userId });
  return { warnings: voucherWarnings(priced, code) };
}

/** `DELETE /api/vouchers/remove/{code}/`: 404 when that voucher is not on the bag. */
export async function removeVoucher(db: Db, owner: CartOwner, code: string): Promise<void> {
  const key = ownerKey(owner);
  const removed = key
    ? await removeVoucherStatements[key.kind](db, { owner: key.value, code: normaliseCode(code) })
    : [];
  if (removed.length === 0) throw new HttpError(404, "voucher_not_applied", "voucher.error.notApplied");
}

/** `POST /api/giftcards/add/`: a gift card with a balance in this currency pays part of the order. */
export async function addGiftCard(
  db: Db,
  owner: CartOwner,
  input: { code: string; currency: string; ip: string },
): Promise<void> {
  const [card] = await db
    .select()
    .from(giftCards)
    .where(eq(giftCards.codeHash, giftCardHash(input.code)));
  if (!card) {
    await wrongCode(db, owner, input.ip, "giftcard");
    throw new HttpError(400, "giftcard_invalid", "giftcard.error.unknown", {
      code: ["giftcard.error.unknown"],
    });
  }
  const problem =
    card.expiresAt <= new Date()
      ? "giftcard.error.expired"
      : card.balance <= 0
        ? "giftcard.error.empty"
        : card.currency !== input.currency
          ? "giftcard.error.currency"
          : null;
  if (problem) throw new HttpError(400, "giftcard_invalid", problem, { code: [problem] });
  await putOnBag(db, owner, "giftcard", card.id);
}

/** `DELETE /api/giftcards/remove/{last4}/`: by the last four characters the bag shows. */
export async function removeGiftCard(db: Db, owner: CartOwner, last4: string): Promise<void> {
  const key = ownerKey(owner);
  const removed = key
    ? await removeGiftCardStatements[key.kind](db, { owner: key.value, last4: normaliseCode(last4) })
    : [];
  if (removed.length === 0) throw new HttpError(404, "giftcard_not_applied", "giftcard.error.notApplied");
}
