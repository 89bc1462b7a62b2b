import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { choosePayment, payByCard, pickSize, readyGuest } from "#modules/checkout/checkout.test-helpers.ts";
import { LOW_STOCK_THRESHOLD } from "#modules/checkout/place-order.flow.ts";
import {
  lifecycleTestShop,
  OPERATOR_TOKEN,
  placeTestOrder,
  type SizeAtHand,
} from "#modules/orders/lifecycle.test-helpers.ts";
import type { TestApp } from "#server/testing.ts";
import { SIGNATURE_HEADER, verifyWebhookSignature } from "./webhook-signature.ts";
import { WEBHOOK_RETRY } from "./webhooks.service.ts";

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver as an operator's system would run one: it records what came and answers as told. */
function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.writeHead(answers.shift() ?? 200).end();
    });
  });
  return new Promise<{ url: string; received: Received[]; answers: number[]; close: () => void }>(
    (resolve) => {
      server.listen(0, "127.0.0.1", () => {
        const { port } = server.address() as AddressInfo;
        resolve({ url: `http://127.0.0.1:${port}/hooks`, received, answers, close: () => server.close() });
      });
    },
  );
}

let t: TestApp;
let sizes: SizeAtHand[];
let receiver: Awaited<ReturnType<typeof startReceiver>>;

const api = (
  method: "GET" | "POST" | "DELETE",
  url: string,
  body?: unknown,
  token: string | null = OPERATOR_TOKEN,
) =>
  t.app.inject({
    method,
    url,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });

async function register(events: string[]) {
  const created = await api("POST", "/api/operator/webhooks/", { url: receiver.url, events });
  expect(created.statusCode).toBe(201);
  return created.json() as { id: number; secret: string };
}

/** Queued deliveries become due now, as if their back-off had passed (the test moves time on, it does not wait). */
const makeRetriesDue = () =>
  rows(
    t.database.db,
    sql`update pgboss.job set start_after = now() where name = 'webhooks.deliver' and state = 'retry'`,
  );

const eventsOf = (type: string) =>
  receiver.received.filter((r) => r.headers["pitchside-event-type"] === type).map((r) => JSON.parse(r.body));

beforeAll(async () => {
  ({ t, sizes } = await lifecycleTestShop(2));
  receiver = await startReceiver();
});
afterAll(async () => {
  receiver?.close();
  await t?.close();
});
beforeEach(async () => {
  receiver.received.length = 0;
  receiver.answers.length = 0;
  await rows(t.database.db, sql`delete from webhook_endpoints`);
});

describe("registering receivers", () => {
  it("is the operator's: no token 401, a wrong one 401", async () => {
    expect((await api("GET", "/api/operator/webhooks/", undefined, null)).statusCode).toBe(401);
    expect((await api("GET", "/api/operator/webhooks/", undefined, "nope")).statusCode).toBe(401);
  });

  it("refuses bad input with field errors, writing nothing", async () => {
    const bad: [unknown, string][] = [
      [{ url: "ftp://erp.example/hooks", events: ["order.created"] }, "url"],
      [{ url: "/hooks", events: ["order.created"] }, "url"],
      [{ url: "https://user:pw@erp.example/hooks", events: ["order.created"] }, "url"],
      [{ url: `https://erp.example/${"a".repeat(2001)}`, events: ["order.created"] }, "url"],
      [{ url: "https://ërp.example/høøks/🏆", events: [] }, "events"],
      [{ url: "https://erp.example/hooks", events: ["order.shipped"] }, "events"],
      [{ url: "https://erp.example/hooks", events: ["order.created", "order.created"] }, "events"],
      [{ url: "https://erp.example/hooks", events: "order.created" }, "events"],
      [{ url: 42, events: ["order.created"] }, "url"],
      [
        { url: "https://erp.example/hooks", events: ["stock.low"], description: "x".repeat(201) },
        "description",
      ],
    ];
    for (const [body, field] of bad) {
      const answer = await api("POST", "/api/operator/webhooks/", body);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(answer.json().fields ?? {}).some((key) => key.split(".")[0] === field)).toBe(true);
    }
    const [count] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from webhook_endpoints`,
    );
    expect(count?.n).toBe(0);
    for (const id of ["0", "-1", "abc", "99999999999", "1.5"])
      expect((await api("DELETE", `/api/operator/webhooks/${id}/`)).statusCode).toBe(400);
    expect((await api("DELETE", "/api/operator/webhooks/2147483647/")).statusCode).toBe(404);
    expect((await api("GET", "/api/operator/webhooks/2147483647/deliveries/")).statusCode).toBe(404);
    expect((await api("POST", "/api/operator/webhooks/2147483647/ping/")).statusCode).toBe(404);
    expect((await api("POST", "/api/operator/webhook-deliveries/2147483647/replay/")).statusCode).toBe(404);
  });

  it("shows the secret once, lists receivers with a hint of it, and removes one", async () => {
    const created = await register(["order.created", "stock.low"]);
    expect(created.secret).toMatch(/^whsec_[\w-]{43}$/);
    const listed = (await api("GET", "/api/operator/webhooks/")).json() as {
      items: Record<string, unknown>[];
    };
    expect(listed.items).toEqual([
      expect.objectContaining({ id: created.id, url: receiver.url, events: ["order.created", "stock.low"] }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect(listed.items[0]?.secret_hint).toBe(`${created.secret.slice(0, 10)}…`);
    expect((await api("DELETE", `/api/operator/webhooks/${created.id}/`)).statusCode).toBe(204);
    expect((await api("DELETE", `/api/operator/webhooks/${created.id}/`)).statusCode).toBe(404);
  });
});

describe("delivering events", () => {
  it("tries again after the receiver fails twice, with back-off, each try signed", async () => {
    const endpoint = await register(["shipment.updated"]);
    const order = await placeTestOrder(t, { own: [{ size: sizes[0] as SizeAtHand, quantity: 1 }] });
    const packed = await api("POST", `/api/operator/orders/${order.number}/shipments/Warehouse/pack/`, {});
    expect(packed.statusCode, packed.body).toBe(200);
    receiver.answers.push(500, 503);

    await t.app.jobs.drain();
    expect(receiver.received).toHaveLength(1);
    // The queue holds the retry for at least the first back-off, not at once.
    const [waiting] = await rows<{ seconds: number; retry_limit: number }>(
      t.database.db,
      sql`select extract(epoch from start_after - now())::int as seconds, retry_limit from pgboss.job
           where name = 'webhooks.deliver' and state = 'retry'`,
    );
    expect(waiting?.seconds).toBeGreaterThanOrEqual(WEBHOOK_RETRY.firstDelaySeconds - 5);
    expect(waiting?.retry_limit).toBe(WEBHOOK_RETRY.limit);
    await t.app.jobs.drain();
    expect(receiver.received).toHaveLength(1);

    await makeRetriesDue();
    await t.app.jobs.drain();
    await makeRetriesDue();
    await t.app.jobs.drain();
    expect(receiver.received).toHaveLength(3);
    await makeRetriesDue();
    await t.app.jobs.drain();
    expect(receiver.received).toHaveLength(3);

    for (const delivery of receiver.received) {
      expect(
        verifyWebhookSignature(delivery.headers[SIGNATURE_HEADER] as string, delivery.body, endpoint.secret),
      ).toBe(true);
      expect(
        verifyWebhookSignature(
          delivery.headers[SIGNATURE_HEADER] as string,
          `${delivery.body} `,
          endpoint.secret,
        ),
      ).toBe(false);
      expect(
        verifyWebhookSignature(delivery.headers[SIGNATURE_HEADER] as string, delivery.body, "whsec_other"),
      ).toBe(false);
    }
    const bodies = receiver.received.map((r) => JSON.parse(r.body));
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    expect(bodies[0]).toMatchObject({
      type: "shipment.updated",
      data: {
        order_number: order.number,
        previous_status: "placed",
        shipment: { supplier: "Warehouse", status: "packed" },
      },
    });

    const log = (await api("GET", `/api/operator/webhooks/${endpoint.id}/deliveries/`)).json() as {
      items: { id: number; attempt: number; status_code: number | null; error: string | null }[];
    };
    expect(log.items.map((d) => [d.attempt, d.status_code])).toEqual([
      [3, 200],
      [2, 503],
      [1, 500],
    ]);
    expect(log.items[0]?.error).toBeNull();

    // The operator sends it again: the same event, a fourth attempt.
    const replayed = await api("POST", `/api/operator/webhook-deliveries/${log.items[0]?.id}/replay/`);
    expect(replayed.statusCode).toBe(202);
    await t.app.jobs.drain();
    expect(receiver.received).toHaveLength(4);
    expect(JSON.parse(receiver.received[3]?.body ?? "{}").id).toBe(bodies[0].id);
  });

  it("tells of an order placed at checkout, and of a size running low, once each", async () => {
    await register(["order.created", "stock.low"]);
    const size = await pickSize(t, { marketplace: false });
    await rows(
      t.database.db,
      sql`update product_sizes set stock = ${LOW_STOCK_THRESHOLD + 1} where id = ${size.size_id}`,
    );
    const guest = await readyGuest(t, [{ ...size, stock: LOW_STOCK_THRESHOLD + 1 }], { quantity: 2 });
    await choosePayment(guest, "test-card");
    const paid = await payByCard(guest);
    expect(paid.json().resultCode, paid.body).toBe("Authorised");
    const result = await guest.get(paid.json().action.url);
    expect(result.headers.location).toMatch(/^\/checkout\/receipt\//);
    await t.app.jobs.drain();

    const [created] = eventsOf("order.created");
    expect(eventsOf("order.created")).toHaveLength(1);
    expect(created.data).toMatchObject({ market: "dk", email: "mette@example.com", currency: "DKK" });
    expect(created.data.order_number).toMatch(/^ST\d+$/);
    expect(created.data.suppliers[0].items[0]).toMatchObject({ quantity: 2 });
    expect(eventsOf("stock.low")).toEqual([
      expect.objectContaining({
        data: {
          threshold: LOW_STOCK_THRESHOLD,
          sizes: [
            expect.objectContaining({
              size_id: size.size_id,
              product_id: size.product_id,
              stock: LOW_STOCK_THRESHOLD - 1,
            }),
          ],
        },
      }),
    ]);
  });

  it("tells of a cancelled order, and sends nothing to receivers that did not ask for it", async () => {
    const endpoint = await register(["order.cancelled"]);
    const order = await placeTestOrder(t, { own: [{ size: sizes[1] as SizeAtHand, quantity: 1 }] });
    expect(
      (await api("POST", `/api/operator/orders/${order.number}/shipments/Warehouse/cancel/`, {})).statusCode,
    ).toBe(200);
    await t.app.jobs.drain();
    expect(receiver.received.map((r) => r.headers["pitchside-event-type"])).toEqual(["order.cancelled"]);
    expect(eventsOf("order.cancelled")[0].data).toMatchObject({ order_number: order.number });

    const pinged = await api("POST", `/api/operator/webhooks/${endpoint.id}/ping/`);
    expect(pinged.statusCode).toBe(202);
    await t.app.jobs.drain();
    expect(eventsOf("ping")).toHaveLength(1);
  });
});
