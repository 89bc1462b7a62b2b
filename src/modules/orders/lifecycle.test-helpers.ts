import path from "node:path";
import { sql } from "drizzle-orm";
import { rows } from "#db/client.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestApp, type TestApp } from "#server/testing.ts";
import { mailsToIn } from "../../../tests/support/mail-files.ts";
import { insertOrderAndShipments } from "./order-placement.steps.ts";
import { draftLine, draftOrder, draftShipment } from "./orders.test-helpers.ts";
import { type LifecycleDeps, lifecycleDeps } from "./shipment-lifecycle.service.ts";

export const OPERATOR_TOKEN = "operator-test-token";

/**
 * The shop the lifecycle and returns tests run against: the operator API open to OPERATOR_TOKEN,
 * public addresses under https://shop.example, the seeded demo catalogue, and `sizeCount` sizes of
 * different plain products to order.
 */
export async function lifecycleTestShop(sizeCount: number): Promise<{ t: TestApp; sizes: SizeAtHand[] }> {
  const t = await createTestApp({ operatorApiToken: OPERATOR_TOKEN, publicUrl: "https://shop.example" });
  await seedDemoShop(t.database, { products: 24, seed: 5, dataDir: "" });
  return { t, sizes: await sizesAtHand(t, sizeCount) };
}

/** The operator API as the warehouse calls it: a bearer token, JSON, no cookies. */
export function operator(t: TestApp, token: string | null = OPERATOR_TOKEN) {
  return (url: string, body?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });
}

/** What the service calls need from the app: its outbox and public addresses. */
export const depsOf = (t: TestApp): LifecycleDeps =>
  lifecycleDeps(t.app.jobs, t.app.publicAddresses.forMarket);

export interface SizeAtHand {
  productId: number;
  sizeId: number;
  name: string;
}

/** Sizes of plain products of the seeded shop, each of another product. */
export async function sizesAtHand(t: TestApp, count: number): Promise<SizeAtHand[]> {
  const found = await rows<{ product_id: number; size_id: number; name: string }>(
    t.database.db,
    sql`select distinct on (p.id) p.id as product_id, s.id as size_id, p.name
          from products p join product_sizes s on s.product_id = p.id
         where not p.is_package and not p.is_giftcard
         order by p.id, s.sort limit ${count}`,
  );
  if (found.length < count) throw new Error("not enough sizes for the test");
  return found.map((row) => ({ productId: row.product_id, sizeId: row.size_id, name: row.name }));
}

export async function stockOf(t: TestApp, sizeId: number): Promise<number> {
  const [row] = await rows<{ stock: number }>(
    t.database.db,
    sql`select stock from product_sizes where id = ${sizeId}`,
  );
  return Number(row?.stock);
}

/**
 * An order written as checkout writes it: the shop's own package with the given lines and, when
 * asked, a marketplace package with one line. Answers its number.
 */
export async function placeTestOrder(
  t: TestApp,
  options: {
    userId?: number | null;
    email?: string;
    locale?: string;
    own: { size: SizeAtHand; quantity: number }[];
    marketplace?: { size: SizeAtHand; quantity: number };
  },
): Promise<{ id: number; number: string }> {
  const line = (size: SizeAtHand, quantity: number) =>
    draftLine({
      productId: size.productId,
      sizeId: size.sizeId,
      productName: size.name,
      quantity,
      lineTotal: 49_900 * quantity,
      lineTotalRrp: 59_900 * quantity,
    });
  const shipments = [draftShipment({ lines: options.own.map((l) => line(l.size, l.quantity)) })];
  if (options.marketplace)
    shipments.push(
      draftShipment({
        supplierId: 7,
        supplierName: "Touchline Traders",
        lines: [line(options.marketplace.size, options.marketplace.quantity)],
      }),
    );
  const placed = await t.database.db.transaction((tx) =>
    insertOrderAndShipments(
      tx,
      draftOrder(
        {
          userId: options.userId ?? null,
          email: options.email ?? "mette@example.com",
          locale: options.locale ?? "da",
        },
        shipments,
      ),
    ),
  );
  return { id: placed.id, number: `ST${placed.id}` };
}

/** The mails written for an address, oldest first, decoded. */
export function mailsTo(t: TestApp, email: string): string[] {
  return mailsToIn(path.join(t.config.dataDir, "mail"), email);
}
