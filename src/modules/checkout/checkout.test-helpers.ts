import { type SQL, sql } from "drizzle-orm";
import { rows } from "#db/client.ts";
import type { TestApp } from "#server/testing.ts";
import { testVisitor } from "#server/testing.ts";
import { AUTHORISED_TEST_CARD, SHOPPER_ADDRESSES } from "../../../tests/support/shopping.ts";

/** Rows of a raw query in a test. */
export const rowsOf = <T>(t: TestApp, query: SQL) => rows<T>(t.database.db, query);

export interface SizeRow {
  product_id: number;
  size_id: number;
  stock: number;
  supplier: string;
}

/** A size in stock of a plain product (not a package, not members-only), from the given suppliers. */
export async function pickSize(
  t: TestApp,
  options: { marketplace: boolean; skip?: number[]; offset?: number },
) {
  const skip = options.skip?.length ? sql`and p.id not in ${sql.raw(`(${options.skip.join(",")})`)}` : sql``;
  const [row] = await rowsOf<SizeRow>(
    t,
    sql`select p.id as product_id, s.id as size_id, s.stock, sup.name as supplier
          from products p join product_sizes s on s.product_id = p.id join suppliers sup on sup.id = s.supplier_id
         where p.online and not p.is_package and not p.is_exclusive and not p.is_giftcard and s.stock >= 3
           and sup.is_marketplace = ${options.marketplace} and sup.code <> 'strikon-official-store' ${skip}
         order by p.id, s.sort limit 1 offset ${options.offset ?? 0}`,
  );
  if (!row) throw new Error("no size for the test");
  return row;
}

export const DANISH_ADDRESS = { ...SHOPPER_ADDRESSES.dk, email: "mette@example.com" };

/**
 * A guest (or the given visitor, e.g. a signed-in member) with a bag holding the given sizes, an
 * address, and every package's first method chosen.
 */
export async function readyGuest(
  t: TestApp,
  sizes: SizeRow[],
  options: {
    market?: string;
    address?: Record<string, string>;
    quantity?: number;
    visitor?: ReturnType<typeof testVisitor>;
  } = {},
) {
  const guest = options.visitor ?? testVisitor(t);
  if (options.market) guest.jar.market = options.market;
  for (const size of sizes) {
    const added = await guest.form("/cart/items/add_to_cart/", {
      product: size.product_id,
      size: size.size_id,
      amount: options.quantity ?? 1,
    });
    if (added.statusCode !== 200) throw new Error(`add failed: ${added.body}`);
  }
  const saved = await guest.json("/api/checkout/set_delivery_address/", options.address ?? DANISH_ADDRESS);
  if (saved.statusCode !== 200) throw new Error(`address failed: ${saved.body}`);
  const delivery = (await guest.get("/checkout/delivery_methods/")).json() as {
    packages: { key: string; delivery_methods: { delivery_id: number; is_droppoint: boolean }[] }[];
  };
  for (const pkg of delivery.packages) {
    const method = pkg.delivery_methods.find((m) => !m.is_droppoint) as { delivery_id: number };
    await guest.json("/checkout/select_delivery_method/", {
      package: pkg.key,
      delivery_method: method.delivery_id,
    });
  }
  const submitted = await guest.json("/checkout/step_delivery_submit/", {});
  if (submitted.statusCode !== 200) throw new Error(`delivery failed: ${submitted.body}`);
  return guest;
}

export type Guest = Awaited<ReturnType<typeof readyGuest>>;

/** Chooses the market's method of a gateway (test-card, test-bnpl, giftcard, cod). */
export async function choosePayment(guest: Guest, gateway: string) {
  const gateways = (await guest.get("/checkout/payment_gateways/")).json() as {
    paymentMethods: Record<string, { gateway: string; method_id: number }[]>;
  };
  const method = Object.values(gateways.paymentMethods)
    .flat()
    .find((m) => m.gateway === gateway);
  if (!method) throw new Error(`no ${gateway} method`);
  const chosen = await guest.json("/checkout/payment_gateway_submit/", {
    payment_gateway: gateway,
    method_id: method.method_id,
  });
  if (chosen.statusCode !== 200) throw new Error(`payment failed: ${chosen.body}`);
  return method;
}

const { type: _scheme, ...authorisedCardFields } = AUTHORISED_TEST_CARD;
/** The card form's fields for the built-in provider's authorised test card. */
export const AUTHORISED_CARD = authorisedCardFields;

/** Pays by card all the way: review, card, the provider's redirect. Answers the redirect's target. */
export async function payByCard(guest: Guest, card = AUTHORISED_CARD) {
  const review = await guest.json("/checkout/step_review_submit/", { policy: true });
  if (review.statusCode !== 200) throw new Error(`review failed: ${review.body}`);
  const paid = await guest.json("/checkout/adyen_split_on_payment/", { data: { paymentMethod: card } });
  return paid;
}
