// Scale-out on PostgreSQL: two shop processes (the production entry, src/server/main.ts) on one
// database, behind a round-robin proxy, writing their mail into one directory. A shopper whose calls
// alternate between them keeps session, bag and checkout; a burst of orders split over both sends each
// confirmation once; a process killed mid-burst loses no order and a retry places none twice.
// Runs in `npm test`'s PostgreSQL pass (TEST_DATABASE_URL); on a throw-away database it drops after.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { Agent } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmationsPerOrder } from "../support/mail-files.ts";
import { ensureProductionBuild } from "../support/production-build.ts";
import {
  type RoundRobinProxy,
  SERVED_BY_HEADER,
  startRoundRobinProxy,
} from "../support/round-robin-proxy.ts";
import { createScratchDatabase, type ScratchDatabase } from "../support/scratch-database.ts";
import { type ShopProcess, startShop } from "../support/shop-process.ts";
import { type Exchange, Shopper } from "../support/shopper.ts";
import {
  addToBag,
  followPaymentResult,
  type Payment,
  PLACING_STEP,
  payByTestCard,
  placeOrder,
  prepareCheckout,
  receiptOrderNumber,
  submitReview,
  UnexpectedAnswer,
} from "../support/shopping.ts";

const serverUrl = process.env.TEST_DATABASE_URL;
const root = path.resolve(import.meta.dirname, "..", "..");
const DEMO_MEMBER = { email: "demo@pitchside.example", password: "pitchside-demo" };

/** Runs a command of the project (the CLI, the build) to its end; rejects with its output on failure. */
function run(args: string[], env: Record<string, string | undefined>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(" ")} failed (${code}):\n${output}`)),
    );
  });
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}

interface SizeRow {
  product_id: number;
  size_id: number;
}

describe.skipIf(!serverUrl)(
  "two shop processes on one PostgreSQL database behind a round-robin proxy",
  () => {
    let scratch: ScratchDatabase | undefined;
    const dispatcher = new Agent({ connections: 128 });
    let dataDir = "";
    let mailDir = "";
    let databaseUrl = "";
    let database: pg.Pool;
    let proxy: RoundRobinProxy;
    let env: Record<string, string>;
    const shops: ShopProcess[] = [];
    let sizes: SizeRow[] = [];
    let nextClient = 1;

    /** A new shopper through the proxy, from its own client address. */
    const shopper = (market: string, onExchange?: (exchange: Exchange) => void) =>
      new Shopper(proxy.url, {
        dispatcher,
        market,
        forwardedFor: `198.51.100.${nextClient++}`,
        ...(onExchange ? { onExchange } : {}),
      });
    const takeSize = () => {
      const size = sizes.shift();
      if (!size) throw new Error("the test ran out of sizes");
      return { product: size.product_id, size: size.size_id };
    };
    const ordersOf = async (emails: string[]) =>
      (
        await database.query<{ id: number; email: string }>(
          "select id, email from orders where email = any($1) order by id",
          [emails],
        )
      ).rows;

    /** Card authorisations still held past AUTHORISATION_HOLD_MINUTES (60, the default). */
    const heldTooLong = async () =>
      Number(
        (
          await database.query<{ count: string }>(
            "select count(*) from payment_attempts where status = 'authorised' and created_at < now() - interval '60 minutes'",
          )
        ).rows[0]?.count,
      );

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pitchside-scale-out-"));
      mailDir = path.join(dataDir, "mail");
      scratch = await createScratchDatabase(serverUrl as string, "scaleout");
      databaseUrl = scratch.url;

      // Migrated and seeded by the command an operator uses, before either process starts.
      const seed = run(["src/cli/pitchside.ts", "seed", "--products", "300"], {
        DATABASE_URL: databaseUrl,
        DATA_DIR: path.join(dataDir, "cli"),
        NODE_ENV: "production",
        SESSION_SECRET: "cli",
      });
      proxy = await startRoundRobinProxy();
      // The storefront's build serves the pages (a clean clone has none before the browser journeys);
      // the seed runs in its own process meanwhile.
      ensureProductionBuild();
      await seed;

      // Both processes share what the operations guide asks of several processes: the database, the
      // session secret, the public address (the proxy's) and the directory mail is written to.
      env = {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        PUBLIC_URL: proxy.url,
        SESSION_SECRET: crypto.randomBytes(32).toString("base64url"),
        TRUST_PROXY: "loopback",
        // A job the killed process held is handed on once its heartbeat (10 s) is found stale.
        JOB_MONITOR_SECONDS: "2",
      };
      shops.push(...(await Promise.all([startShop({ env }), startShop({ env })])));
      proxy.backends = shops.map((shop) => shop.url);

      database = new pg.Pool({ connectionString: databaseUrl, max: 2 });
      sizes = (
        await database.query<SizeRow>(
          `select p.id as product_id, s.id as size_id
           from products p join product_sizes s on s.product_id = p.id join suppliers sup on sup.id = s.supplier_id
          where p.online and not p.is_package and not p.is_exclusive and not p.is_giftcard and s.stock >= 3
            and not sup.is_marketplace and sup.code <> 'strikon-official-store'
          order by p.id, s.sort limit 200`,
        )
      ).rows;
    });

    afterAll(async () => {
      await Promise.all(shops.map((shop) => shop.stop()));
      await proxy?.close();
      await dispatcher.close();
      await database?.end();
      await scratch?.drop();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("keeps a shopper's session, bag and checkout while each call goes to the other process", async () => {
      const servedBy: string[] = [];
      const mette = shopper("dk", (exchange) => servedBy.push(String(exchange.headers?.[SERVED_BY_HEADER])));
      const line = takeSize();

      expect((await mette.get("/", "home page")).status).toBe(200);
      await addToBag(mette, line);
      const bag = (await mette.get("/cart/data/")).json<{ lines: { product_id: number }[] }>();
      expect(bag.lines.map((l) => l.product_id)).toEqual([line.product]);
      const bagPage = await mette.get("/cart/");
      expect(bagPage.status).toBe(200);

      const login = await mette.json("/api/auth/login/", DEMO_MEMBER);
      expect(login.status).toBe(200);
      const session = (await mette.get("/api/auth/session/")).json<{ user: { email: string } | null }>();
      expect(session.user?.email).toBe(DEMO_MEMBER.email);
      const memberBag = (await mette.get("/cart/data/")).json<{ lines: { product_id: number }[] }>();
      expect(memberBag.lines.map((l) => l.product_id)).toContain(line.product);

      const { reviewedTotal } = await prepareCheckout(mette, {
        market: "dk",
        email: DEMO_MEMBER.email,
        payment: "test-card",
      });
      const receipt = await placeOrder(mette, "test-card", reviewedTotal);
      const number = await receiptOrderNumber(mette, receipt);
      const orders = (await mette.get("/v1.1/orders/")).json<{ active_orders: { order_number: string }[] }>();
      expect(orders.active_orders.map((o) => o.order_number)).toContain(number);

      // Every call went to the other process than the one before it.
      expect(servedBy.length).toBeGreaterThan(15);
      expect(new Set(servedBy)).toEqual(new Set(shops.map((shop) => shop.url)));
      expect(servedBy.every((backend, i) => i === 0 || backend !== servedBy[i - 1])).toBe(true);
    });

    it("mails each order of a burst of 50, split over both processes, exactly once", async () => {
      const placedBy: string[] = [];
      const burst = await Promise.all(
        Array.from({ length: 50 }, async (_, i) => {
          const [market, payment]: ["dk" | "pl", Payment] = i % 2 ? ["pl", "cod"] : ["dk", "test-card"];
          const email = `burst-${i}@example.com`;
          const buyer = shopper(market, (exchange) => {
            if (exchange.step === PLACING_STEP[payment])
              placedBy.push(String(exchange.headers?.[SERVED_BY_HEADER]));
          });
          await addToBag(buyer, takeSize());
          const { reviewedTotal } = await prepareCheckout(buyer, { market, email, payment });
          return { buyer, email, payment, reviewedTotal };
        }),
      );
      // Every order is placed at once.
      const receipts = await Promise.all(
        burst.map(({ buyer, payment, reviewedTotal }) => placeOrder(buyer, payment, reviewedTotal)),
      );
      const numbers = await Promise.all(
        receipts.map((receipt, i) => receiptOrderNumber(burst[i]!.buyer, receipt)),
      );

      expect(new Set(numbers).size).toBe(50);
      expect(new Set(placedBy)).toEqual(new Set(shops.map((shop) => shop.url)));
      const orders = await ordersOf(burst.map((b) => b.email));
      expect(orders.map((o) => `ST${o.id}`).sort()).toEqual([...numbers].sort());

      const mailed = () => confirmationsPerOrder(mailDir);
      await until(() => numbers.every((number) => mailed().has(number)), 20_000);
      await new Promise((resolve) => setTimeout(resolve, 500)); // a second copy would come now
      const counts = mailed();
      // Orders mailed other than once, with the number of mails each got: none.
      expect(numbers.filter((n) => counts.get(n) !== 1).map((n) => [n, counts.get(n) ?? 0])).toEqual([]);
    });

    const killed = { emails: [] as string[], retried: 0 };

    it("loses no order when a process is killed mid-burst, and a shopper's retry places none twice", async () => {
      const shoppers = await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const [market, payment]: ["dk" | "pl", Payment] = i % 2 ? ["pl", "cod"] : ["dk", "test-card"];
          const email = `crash-${i}@example.com`;
          const buyer = shopper(market);
          await addToBag(buyer, takeSize());
          const { reviewedTotal } = await prepareCheckout(buyer, { market, email, payment });
          return { buyer, email, payment, reviewedTotal };
        }),
      );
      killed.emails = shoppers.map((s) => s.email);
      const emailOf = new Map(shoppers.map((s) => [s.buyer.forwardedFor, s.email]));

      // The second process is killed at the worst moment: it has committed an order whose call it has
      // not answered yet (so its confirmation may not be written either), while other calls are under way.
      const victim = shops[1] as ShopProcess;
      let burstOver = false;
      const killing = (async () => {
        while (!burstOver) {
          const placing = proxy
            .inFlight(victim.url)
            .filter((call) => /^\/checkout\/(step_review_submit|adyen_payment_result)\//.test(call.path))
            .map((call) => emailOf.get(call.client));
          if (placing.length) {
            const committed = await database.query("select 1 from orders where email = any($1)", [placing]);
            if (committed.rowCount) {
              await victim.kill();
              return true;
            }
          }
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
        return false;
      })();

      /**
       * A call the dying process never answered (no answer, or the proxy's 502) is tried once more, as
       * a shopper would press the button again; the proxy sends it to the process that is left.
       */
      const retried = async <T>(call: () => Promise<T>): Promise<{ value: T; retried: boolean }> => {
        try {
          return { value: await call(), retried: false };
        } catch (error) {
          if (error instanceof UnexpectedAnswer && error.status !== 502) throw error;
          killed.retried++;
          return { value: await call(), retried: true };
        }
      };
      const reviewed = (buyer: Shopper, payment: Payment, total: number) => async () => {
        const answer = await submitReview(buyer, payment, total);
        if (answer.status === 502) throw new UnexpectedAnswer("review", answer);
        return answer;
      };

      const burst = Promise.all(
        shoppers.map(async ({ buyer, payment, reviewedTotal }) => {
          const review = await retried(reviewed(buyer, payment, reviewedTotal));
          if (payment === "cod") {
            // A retry of an order the first try placed finds the bag ordered: 409, and no second order.
            expect(review.retried ? [200, 409] : [200]).toContain(review.value.status);
            return;
          }
          expect(review.value.status).toBe(200);
          const { value: url } = await retried(() => payByTestCard(buyer));
          const { value: receipt } = await retried(() => followPaymentResult(buyer, url));
          expect(receipt).toMatch(/^\/checkout\/receipt\//);
        }),
      );
      await burst.finally(() => {
        burstOver = true;
      });

      expect(await killing).toBe(true);
      expect(await victim.exited).toBeNull(); // ended by the signal
      const orders = await ordersOf(killed.emails);
      const perShopper = new Map(killed.emails.map((email) => [email, 0]));
      for (const order of orders) perShopper.set(order.email, (perShopper.get(order.email) ?? 0) + 1);
      expect([...perShopper]).toEqual(killed.emails.map((email) => [email, 1]));
    });

    it("after a restart, mails every order the killed process committed exactly once and releases payments held too long", async () => {
      // A shopper whose card was authorised leaves before the order is placed; the shop is then down
      // for two hours (the authorisation's age moves back by as much).
      const leaver = shopper("dk");
      await addToBag(leaver, takeSize());
      const { reviewedTotal } = await prepareCheckout(leaver, {
        market: "dk",
        email: "left-after-paying@example.com",
        payment: "test-card",
      });
      expect((await submitReview(leaver, "test-card", reviewedTotal)).status).toBe(200);
      await payByTestCard(leaver);
      await database.query(
        "update payment_attempts set created_at = created_at - interval '2 hours' where status = 'authorised'",
      );
      expect(await heldTooLong()).toBeGreaterThan(0);

      const restarted = await startShop({ env });
      shops[1] = restarted;
      proxy.backends = shops.map((shop) => shop.url);
      const numbers = (await ordersOf(killed.emails)).map((order) => `ST${order.id}`);
      await until(() => numbers.every((number) => confirmationsPerOrder(mailDir).has(number)), 20_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const counts = confirmationsPerOrder(mailDir);
      const states = (
        await database.query(
          "select state, count(*)::int, min(retry_count) as retries from pgboss.job where name = 'orders.confirmation' group by state",
        )
      ).rows;
      expect(
        numbers.filter((n) => counts.get(n) !== 1).map((n) => [n, counts.get(n) ?? 0]),
        JSON.stringify(states),
      ).toEqual([]);
      // The restarted process releases, on start, what was held longer than AUTHORISATION_HOLD_MINUTES.
      await until(async () => (await heldTooLong()) === 0, 20_000);
      expect(await heldTooLong()).toBe(0);
    });

    it("a lone process killed with SIGKILL during a burst of checkouts: restarted, it mails every committed order exactly once", async () => {
      // One process is left: the other stops the way a deploy stops it (SIGTERM, in-flight calls finish).
      const [lone, retiring] = shops as [ShopProcess, ShopProcess];
      proxy.backends = [lone.url];
      await retiring.stop();
      const buyers = await Promise.all(
        Array.from({ length: 30 }, async (_, i) => {
          const [market, payment]: ["dk" | "pl", Payment] = i % 2 ? ["pl", "cod"] : ["dk", "test-card"];
          const email = `lone-${i}@example.com`;
          const buyer = shopper(market);
          await addToBag(buyer, takeSize());
          const { reviewedTotal } = await prepareCheckout(buyer, { market, email, payment });
          return { buyer, payment, reviewedTotal, email };
        }),
      );
      const emails = buyers.map((b) => b.email);
      // Every shopper pays at once; the process dies once some orders are committed, others mid-way.
      const burst = Promise.allSettled(
        buyers.map(({ buyer, payment, reviewedTotal }) => placeOrder(buyer, payment, reviewedTotal)),
      );
      await until(async () => (await ordersOf(emails)).length >= 5, 20_000);
      await lone.kill();
      const outcomes = await burst;
      expect(outcomes.some((outcome) => outcome.status === "rejected")).toBe(true);
      const committed = (await ordersOf(emails)).map((order) => `ST${order.id}`);
      expect(committed.length).toBeGreaterThanOrEqual(5);
      // Down for two hours: card authorisations of checkouts that never became orders grow old.
      await database.query(
        "update payment_attempts set created_at = created_at - interval '2 hours' where status = 'authorised'",
      );

      const restarted = await startShop({ env });
      shops.splice(0, shops.length, restarted);
      proxy.backends = [restarted.url];
      await until(() => committed.every((number) => confirmationsPerOrder(mailDir).has(number)), 30_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const counts = confirmationsPerOrder(mailDir);
      expect(committed.filter((n) => counts.get(n) !== 1).map((n) => [n, counts.get(n) ?? 0])).toEqual([]);
      await until(async () => (await heldTooLong()) === 0, 20_000);
      expect(await heldTooLong()).toBe(0);
    });
  },
);
