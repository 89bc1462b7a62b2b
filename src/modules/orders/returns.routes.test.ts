import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { type TestApp, testVisitor } from "#server/testing.ts";
import { mailFiles } from "../../../tests/support/mail-files.ts";
import { pdfText } from "../../../tests/support/pdf-text.ts";
import { runOrdersCommand } from "../../cli/orders-command.ts";
import {
  depsOf,
  lifecycleTestShop,
  mailsTo,
  operator,
  placeTestOrder,
  type SizeAtHand,
  stockOf,
} from "./lifecycle.test-helpers.ts";
import { orderShipments } from "./orders.schema.ts";
import { changeShipment } from "./shipment-lifecycle.service.ts";

/**
 * Self-service returns (decision 0034): a member returns goods of a delivered package of the shop's
 * own warehouse within 100 days, no more than bought less returned, gets a return number and a slip
 * (a real PDF, mailed and downloadable, owner only); the stock comes back only when the operator marks
 * the return received, once.
 */
let t: TestApp;
let sizes: SizeAtHand[];
let owner: ReturnType<typeof testVisitor>;
let stranger: ReturnType<typeof testVisitor>;
let ownerId: number;
const OWNER = "returner@example.com";

async function member(email: string) {
  const visitor = testVisitor(t);
  const signup = await visitor.json("/api/auth/signup/", {
    email,
    password: "Correct-Horse-42",
    name: "Rita Returner",
  });
  if (signup.statusCode !== 201) throw new Error(signup.body);
  const login = await visitor.json("/api/auth/login/", { email, password: "Correct-Horse-42" });
  if (login.statusCode !== 200) throw new Error(login.body);
  const [user] = await rows<{ id: number }>(t.database.db, sql`select id from users where email = ${email}`);
  return { visitor, id: (user as { id: number }).id };
}

/** An order of the owner whose own package went through shipping and delivery; answers its number and lines. */
async function deliveredOrder(options: { deliveredDaysAgo?: number; marketplace?: boolean } = {}) {
  const order = await placeTestOrder(t, {
    userId: ownerId,
    email: OWNER,
    locale: "en",
    own: [
      { size: sizes[0] as SizeAtHand, quantity: 2 },
      { size: sizes[1] as SizeAtHand, quantity: 1 },
    ],
    ...(options.marketplace ? { marketplace: { size: sizes[2] as SizeAtHand, quantity: 1 } } : {}),
  });
  const deps = depsOf(t);
  const base = { orderNumber: order.number, shipment: "Warehouse", source: "api" as const };
  await changeShipment(t.database.db, deps, {
    ...base,
    action: "ship",
    carrier: "bring",
    trackingNumber: "BRING1234",
  });
  await changeShipment(t.database.db, deps, { ...base, action: "deliver" });
  if (options.deliveredDaysAgo !== undefined)
    await t.database.db
      .update(orderShipments)
      .set({ deliveredAt: new Date(Date.now() - options.deliveredDaysAgo * 86_400_000) })
      .where(eq(orderShipments.orderId, order.id));
  const data = (await owner.get(`/v1.1/orders/${order.number}/`)).json() as {
    suppliers: { supplier: string; items: { line_id: number }[] }[];
  };
  const own = data.suppliers.find((s) => s.supplier === "Warehouse")?.items ?? [];
  const other = data.suppliers.find((s) => s.supplier !== "Warehouse")?.items ?? [];
  return { ...order, lines: own.map((i) => i.line_id), marketplaceLine: other[0]?.line_id };
}

const returnsOf = (number: string) => `/v1.1/orders/${number}/returns/`;

/** The PDF attached to the newest mail to an address. */
function attachedPdf(email: string): Buffer {
  const dir = path.join(t.config.dataDir, "mail");
  const raw = mailFiles(dir)
    .map((file) => fs.readFileSync(path.join(dir, file), "utf8"))
    .filter((text) => text.includes(`To: ${email}`))
    .pop();
  const part = raw?.split(/Content-Type: application\/pdf/)[1] ?? "";
  const body = part.split(/\r?\n\r?\n/)[1]?.split(/\r?\n--/)[0] ?? "";
  return Buffer.from(body.replace(/\s+/g, ""), "base64");
}

beforeAll(async () => {
  ({ t, sizes } = await lifecycleTestShop(3));
  const first = await member(OWNER);
  owner = first.visitor;
  ownerId = first.id;
  stranger = (await member("stranger@example.com")).visitor;
});
afterAll(async () => t?.close());

describe("requesting a return", () => {
  it("gives a return number, mails the slip as a PDF and shows the return on the order; nothing is restocked yet", async () => {
    const order = await deliveredOrder();
    const stockBefore = await stockOf(t, (sizes[0] as SizeAtHand).sizeId);
    const offer = await owner.get(returnsOf(order.number));
    expect(offer.statusCode).toBe(200);
    expect(offer.headers["cache-control"]).toBe("private, no-store");
    expect(offer.json()).toMatchObject({ state: "open", order_number: order.number });
    expect(offer.json().lines.map((l: { returnable: number }) => l.returnable)).toEqual([2, 1]);

    const created = await owner.json(returnsOf(order.number), {
      lines: [{ line_id: order.lines[0], quantity: 1, reason: "too_small" }],
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.success).toBe(true);
    expect(body.return).toMatchObject({
      return_number: `R${body.return.id}`,
      status: "requested",
      refund_amount: null,
      slip_url: `/v1.1/orders/${order.number}/returns/${body.return.id}/slip/`,
      lines: [
        { line_id: order.lines[0], quantity: 1, reason: "too_small", product: (sizes[0] as SizeAtHand).name },
      ],
    });
    expect(await stockOf(t, (sizes[0] as SizeAtHand).sizeId)).toBe(stockBefore);

    await t.app.jobs.drain();
    const mail = mailsTo(t, OWNER).pop() as string;
    expect(mail).toContain(body.return.return_number);
    expect(mail).toContain(`https://shop.example${body.return.slip_url}`);
    expect(mail).toContain(`filename=return-slip-${body.return.return_number}.pdf`);
    const attached = attachedPdf(OWNER);
    expect(attached.subarray(0, 5).toString()).toBe("%PDF-");
    const attachedText = await pdfText(attached);
    expect(attachedText).toContain(body.return.return_number);
    expect(attachedText).toContain(order.number);

    const slip = await owner.get(body.return.slip_url);
    expect(slip.statusCode).toBe(200);
    expect(slip.headers["content-type"]).toBe("application/pdf");
    expect(slip.headers["cache-control"]).toBe("private, no-store");
    expect(slip.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(slip.rawPayload);
    expect(text).toContain(body.return.return_number);
    expect(text).toContain("Return slip");
    expect(text).toContain("Too small");
    expect(text).toContain("Pitchside Returns");

    const shown = (await owner.get(`/v1.1/orders/${order.number}/`)).json();
    expect(shown.returns).toEqual([body.return]);
    const again = (await owner.get(returnsOf(order.number))).json();
    expect(again.lines.map((l: { returnable: number }) => l.returnable)).toEqual([1, 1]);
  });

  it("refuses more than bought less what is already returned, by field", async () => {
    const order = await deliveredOrder();
    const tooMany = await owner.json(returnsOf(order.number), {
      lines: [{ line_id: order.lines[0], quantity: 3, reason: "too_large" }],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields).toEqual({ "lines.0.quantity": ["returns.error.tooMany"] });
    expect(
      (
        await owner.json(returnsOf(order.number), {
          lines: [{ line_id: order.lines[0], quantity: 2, reason: "damaged" }],
        })
      ).statusCode,
    ).toBe(201);
    const nothingLeft = await owner.json(returnsOf(order.number), {
      lines: [
        { line_id: order.lines[1], quantity: 1, reason: "damaged" },
        { line_id: order.lines[0], quantity: 1, reason: "damaged" },
      ],
    });
    expect(nothingLeft.statusCode).toBe(400);
    expect(nothingLeft.json().fields).toEqual({ "lines.1.quantity": ["returns.error.tooMany"] });
  });

  it("answers 400 by field for bad lines: unknown, another order's, a marketplace package's, twice, wrong types", async () => {
    const order = await deliveredOrder({ marketplace: true });
    const other = await deliveredOrder();
    const cases: [unknown, string][] = [
      [{ lines: [] }, "lines"],
      [{}, "lines"],
      [{ lines: [{ line_id: 2_147_483_648, quantity: 1, reason: "damaged" }] }, "lines.0.line_id"],
      [{ lines: [{ line_id: "1", quantity: 1, reason: "damaged" }] }, "lines.0.line_id"],
      [{ lines: [{ line_id: order.lines[0], quantity: 0, reason: "damaged" }] }, "lines.0.quantity"],
      [{ lines: [{ line_id: order.lines[0], quantity: 1.5, reason: "damaged" }] }, "lines.0.quantity"],
      [{ lines: [{ line_id: order.lines[0], quantity: 1, reason: "bored" }] }, "lines.0.reason"],
      [{ lines: [{ line_id: order.lines[0], quantity: 1, reason: "dämaged 😀" }] }, "lines.0.reason"],
      [{ lines: [{ line_id: 999_999, quantity: 1, reason: "damaged" }] }, "lines.0.line_id"],
      [{ lines: [{ line_id: other.lines[0], quantity: 1, reason: "damaged" }] }, "lines.0.line_id"],
      [{ lines: [{ line_id: order.marketplaceLine, quantity: 1, reason: "damaged" }] }, "lines.0.line_id"],
      [
        {
          lines: [
            { line_id: order.lines[0], quantity: 1, reason: "damaged" },
            { line_id: order.lines[0], quantity: 1, reason: "damaged" },
          ],
        },
        "lines.1.line_id",
      ],
    ];
    for (const [body, field] of cases) {
      const answer = await owner.json(returnsOf(order.number), body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.json().fields), JSON.stringify(body)).toContain(field);
    }
    expect((await owner.get(returnsOf(order.number))).json().returns).toEqual([]);
  });

  it("is refused before delivery and after the 100-day window", async () => {
    const shippedOnly = await placeTestOrder(t, {
      userId: ownerId,
      email: OWNER,
      own: [{ size: sizes[0] as SizeAtHand, quantity: 1 }],
    });
    await changeShipment(t.database.db, depsOf(t), {
      orderNumber: shippedOnly.number,
      shipment: "Warehouse",
      action: "ship",
      carrier: "ups",
      trackingNumber: "1Z12345",
      source: "api",
    });
    const lines = (await owner.get(`/v1.1/orders/${shippedOnly.number}/`)).json().suppliers[0].items;
    const early = await owner.json(returnsOf(shippedOnly.number), {
      lines: [{ line_id: lines[0].line_id, quantity: 1, reason: "changed_mind" }],
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe("shipment_not_delivered");
    expect((await owner.get(returnsOf(shippedOnly.number))).json().state).toBe("not_delivered");

    const late = await deliveredOrder({ deliveredDaysAgo: 101 });
    const refused = await owner.json(returnsOf(late.number), {
      lines: [{ line_id: late.lines[0], quantity: 1, reason: "changed_mind" }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("return_window_closed");
    expect((await owner.get(returnsOf(late.number))).json()).toMatchObject({ state: "closed", lines: [] });

    const inTime = await deliveredOrder({ deliveredDaysAgo: 99 });
    const accepted = await owner.json(returnsOf(inTime.number), {
      lines: [{ line_id: inTime.lines[0], quantity: 1, reason: "changed_mind" }],
    });
    expect(accepted.statusCode).toBe(201);
  });

  it("is the owner's only: guests get 401, another member and unknown orders 404, the slip likewise", async () => {
    const order = await deliveredOrder();
    const created = (
      await owner.json(returnsOf(order.number), {
        lines: [{ line_id: order.lines[1], quantity: 1, reason: "wrong_item" }],
      })
    ).json().return;
    const guest = testVisitor(t);
    const wanted = { lines: [{ line_id: order.lines[0], quantity: 1, reason: "wrong_item" }] };
    expect((await guest.json(returnsOf(order.number), wanted)).statusCode).toBe(401);
    expect((await guest.get(created.slip_url)).statusCode).toBe(401);
    expect((await guest.get(returnsOf(order.number))).statusCode).toBe(401);

    const theirs = await stranger.json(returnsOf(order.number), {
      lines: [{ line_id: order.lines[0], quantity: 1, reason: "wrong_item" }],
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toBe("invalid_id");
    expect((await stranger.get(created.slip_url)).statusCode).toBe(404);
    expect((await stranger.get(returnsOf(order.number))).statusCode).toBe(404);

    for (const url of [
      "/v1.1/orders/ST99999999999/returns/",
      "/v1.1/orders/nonsense/returns/",
      `/v1.1/orders/${order.number}/returns/999999/slip/`,
    ])
      expect((await owner.get(url)).statusCode, url).toBe(404);
    for (const url of [
      `/v1.1/orders/${order.number}/returns/2147483648/slip/`,
      `/v1.1/orders/${order.number}/returns/0/slip/`,
      `/v1.1/orders/${order.number}/returns/abc/slip/`,
    ])
      expect((await owner.get(url)).statusCode, url).toBe(400);

    const noCsrf = await t.app.inject({
      method: "POST",
      url: returnsOf(order.number),
      payload: { lines: [{ line_id: order.lines[0], quantity: 1, reason: "wrong_item" }] },
      headers: { cookie: `sessionid=${owner.jar.sessionid}` },
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe("receiving a return", () => {
  it("restocks the sizes and records the refund once; the same again changes nothing, another refund is refused", async () => {
    const order = await deliveredOrder();
    const [first, second] = sizes as [SizeAtHand, SizeAtHand];
    const created = (
      await owner.json(returnsOf(order.number), {
        lines: [
          { line_id: order.lines[0], quantity: 2, reason: "too_small" },
          { line_id: order.lines[1], quantity: 1, reason: "damaged" },
        ],
      })
    ).json().return;
    const before = [await stockOf(t, first.sizeId), await stockOf(t, second.sizeId)];
    const call = operator(t);
    const url = `/api/operator/returns/${created.return_number}/received/`;

    expect((await operator(t, "nope")(url, { refund_amount: 10 })).statusCode).toBe(401);
    for (const body of [
      {},
      { refund_amount: -1 },
      { refund_amount: "10" },
      { refund_amount: 10.005 },
      { refund_amount: 1e9 },
    ]) {
      const answer = await call(url, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.json().fields)).toEqual(["refund_amount"]);
    }
    expect((await call(url, { refund_amount: 999_999 })).json().fields).toEqual({
      refund_amount: [expect.stringContaining("at most")],
    });
    for (const number of ["R999999", "R99999999999", "ST1", "nonsense"])
      expect(
        (await call(`/api/operator/returns/${number}/received/`, { refund_amount: 1 })).statusCode,
        number,
      ).toBe(404);
    expect([await stockOf(t, first.sizeId), await stockOf(t, second.sizeId)]).toEqual(before);

    const received = await call(url, { refund_amount: 249.5 });
    expect(received.statusCode).toBe(200);
    expect(received.json()).toMatchObject({
      return_number: created.return_number,
      order_number: order.number,
      status: "received",
      refund_amount: 249.5,
      currency: "DKK",
      changed: true,
    });
    expect(received.json().restocked).toEqual(
      expect.arrayContaining([
        { size_id: first.sizeId, quantity: 2 },
        { size_id: second.sizeId, quantity: 1 },
      ]),
    );
    const after = [await stockOf(t, first.sizeId), await stockOf(t, second.sizeId)];
    expect(after).toEqual([(before[0] as number) + 2, (before[1] as number) + 1]);

    const again = await call(url, { refund_amount: 249.5 });
    expect(again.json()).toMatchObject({ changed: false, restocked: [] });
    const other = await call(url, { refund_amount: 1000 });
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toBe("return_already_received");
    expect([await stockOf(t, first.sizeId), await stockOf(t, second.sizeId)]).toEqual(after);

    const shown = (await owner.get(`/v1.1/orders/${order.number}/`)).json().returns[0];
    expect(shown).toMatchObject({ status: "received", refund_amount: 249.5 });
  });

  it("works from the pitchside command too, once", async () => {
    const order = await deliveredOrder();
    const created = (
      await owner.json(returnsOf(order.number), {
        lines: [{ line_id: order.lines[1], quantity: 1, reason: "wrong_item" }],
      })
    ).json().return;
    const size = sizes[1] as SizeAtHand;
    const before = await stockOf(t, size.sizeId);
    const run = (...args: string[]) => runOrdersCommand(t.database.db, depsOf(t), args);
    expect((await run("return-received", "R99999999", "--refund", "10")).output).toContain(
      "return_not_found",
    );
    const done = await run("return-received", created.return_number.toLowerCase(), "--refund", "499");
    expect(done.exitCode).toBe(0);
    expect(done.output).toContain("1 item(s) back in stock");
    const again = await run("return-received", created.return_number, "--refund", "499");
    expect(again).toMatchObject({ exitCode: 0 });
    expect(again.output).toContain("nothing changed");
    const refused = await run("return-received", created.return_number, "--refund", "12");
    expect(refused.exitCode).toBe(1);
    expect(refused.output).toContain("return_already_received");
    expect(await stockOf(t, size.sizeId)).toBe(before + 1);
  });
});
