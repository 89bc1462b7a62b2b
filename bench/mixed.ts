// The mixed load: virtual shoppers, each visit a new browser (its own cookies, CSRF token and client
// address), doing what shoppers do in proportion (MIX): a first page rendered in full (home, category
// or product page), then client-side navigations that fetch only the route's data, as the storefront
// does: a category and its filters (the listing call), a search, a product page with its stock,
// adding to the bag and reading it, logging in, and the checkout to a placed order (card in Denmark,
// cash on delivery in Poland). No think time: a shopper's next call goes as soon as the last returns.
// Timing is measured per step type; an answer the flow does not expect is an error, with its reason.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Agent } from "undici";
import { type Exchange, Shopper } from "../tests/support/shopper.ts";
import {
  addToBag,
  type Payment,
  PLACING_STEP,
  placeOrder,
  prepareCheckout,
  receiptOrderNumber,
} from "../tests/support/shopping.ts";
import { pageDataOnly } from "./speed-helpers.ts";

const CATEGORIES = [
  "football-boots",
  "firm-ground",
  "artificial-grass",
  "soft-ground",
  "multi-ground",
  "indoor-court",
  "turf",
  "football-shirts",
  "club-shirts",
  "national-team-shirts",
  "team-kits",
  "goalkeeper-gloves",
  "sneakers",
  "indoor-shoes",
  "balls",
  "training-wear",
  "socks",
  "shin-guards",
];
const SEARCHES = [
  "boots",
  "ball",
  "gloves",
  "shirt",
  "socks",
  "sneakers",
  "shin guards",
  "keeper",
  "junior",
  "bots",
];
/** The orders shoppers choose most (the default order needs no choice). */
const SORTS = ["price-asc", "price-desc", "discount-desc"];
const COLOURS = ["black", "white", "blue", "red", "green", "yellow", "navy", "grey"];

/** How often a visit does each thing (the rest of the visit browses only). */
export const MIX = {
  /** Visits whose first page is a product page (from a search engine), or a category page (an advert). */
  landOnProduct: 0.2,
  landOnCategory: 0.3,
  /** Visits that log in (right after the first page) with a member account of their own. */
  logIn: 0.15,
  /** Visits that also search (and half of them pick from the search results). */
  search: 0.4,
  /** Visits that filter, sort or page the category once. */
  refine: 0.5,
  /** Visits that add the product they looked at to the bag (and read the bag). */
  addToBag: 0.65,
  /** Guests with a bag who go on to pay (members with a bag always do, so their bags start empty). */
  checkout: 0.45,
  /** Visits from Denmark (card); the rest from Poland (cash on delivery). */
  denmark: 0.6,
} as const;

export interface MixedOptions {
  base: string;
  shoppers: number;
  warmupSeconds: number;
  seconds: number;
  /** Member accounts the logging-in visits use in turn, all with `password`. */
  members: string[];
  password: string;
  /** CPU time the shop's process has used so far (ms), sampled when the measured window opens and closes. */
  serverCpuMs?: () => number;
}

export interface StepRow {
  name: string;
  count: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  status5xx: number;
}

export interface MixedResult {
  /** When the warm-up began: orders of the whole run were placed after it. */
  runStartedAt: Date;
  /** When the last visit ended. */
  runEndedAt: Date;
  startedAt: Date;
  endedAt: Date;
  seconds: number;
  steps: StepRow[];
  total: StepRow;
  visits: number;
  /** Orders whose placing call started in the measured window. */
  ordersPlaced: number;
  /** Orders placed over the whole run, warm-up and the visits finishing after the window included. */
  ordersPlacedWholeRun: number;
  logins: number;
  /** The shop's CPU time per measured request (ms): comparable between runs on a busy machine. */
  serverCpuMsPerRequest: number | null;
  /** How late the load generator's own event loop ran (p99, ms): large values mean it, not the shop, lagged. */
  generatorLagP99: number;
  /** Share of the window the shoppers spent waiting for answers (1 = always waiting). */
  waitingShare: number;
  /** Answers the flow did not expect, by reason (step, status, the shop's error code). */
  failures: Record<string, number>;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

function percentile(sorted: number[], q: number): number {
  if (!sorted.length) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number);
}

/** One change a shopper makes to a category's listing: the next page, a colour, or another order. */
function refinement(): URLSearchParams {
  const kind = Math.random();
  if (kind < 0.35) return new URLSearchParams({ page: "2" });
  if (kind < 0.7) return new URLSearchParams({ color: pick(COLOURS) });
  return new URLSearchParams({ sort: pick(SORTS) });
}

const NAV_CATEGORY = "category page (navigation)";

interface Listing {
  products: Card[];
  meta?: { pages?: { total: number } };
}

interface Card {
  product_id: number;
  relative_url: string;
  is_exclusive: boolean;
  sizes: { in_stock: boolean }[];
}

/** A product's slug, from its page's address (`/p/<slug>/`, the route's parameter). */
const slugOf = (card: Card) => card.relative_url.replace(/^\/p\//, "").replace(/\/$/, "");

/** Runs the load and answers what was measured in the measured window (after the warm-up). */
export async function runMixedLoad(options: MixedOptions): Promise<MixedResult> {
  const dispatcher = new Agent({ connections: options.shoppers * 2, keepAliveTimeout: 30_000 });
  const exchanges: Exchange[] = [];
  const failures: Record<string, number> = {};
  let placed = 0;
  let placedWholeRun = 0;
  const placing = new Set<string>(Object.values(PLACING_STEP));
  let visits = 0;
  let logins = 0;
  let nextAddress = 1;
  let nextMember = 0;
  /** Products earlier visits saw in listings: the pages later visits land on. */
  const seenProducts: Card[] = [];

  const runStartedAt = new Date();
  const warmupEnds = runStartedAt.getTime() + options.warmupSeconds * 1000;
  const ends = warmupEnds + options.seconds * 1000;
  const measured = (startedAt: number) => startedAt >= warmupEnds && startedAt < ends;

  const record = (exchange: Exchange) => {
    const startedAt = Date.now() - exchange.ms;
    const placedOrder = placing.has(exchange.step) && (exchange.status === 200 || exchange.status === 303);
    if (placedOrder) placedWholeRun++;
    if (!measured(startedAt)) return;
    if (placedOrder) placed++;
    exchanges.push({
      step: exchange.step,
      method: exchange.method,
      path: "",
      status: exchange.status,
      ms: exchange.ms,
    });
  };
  const fail = (reason: string) => {
    failures[reason] = (failures[reason] ?? 0) + 1;
  };
  const ok = async (answer: Promise<{ status: number; text: string }>, step: string) => {
    const { status, text } = await answer;
    if (status !== 200) throw new Error(`${step}: ${status} ${text.slice(0, 120)}`);
    return text;
  };

  const visit = async () => {
    const started = Date.now();
    const market = Math.random() < MIX.denmark ? "dk" : "pl";
    const payment: Payment = market === "dk" ? "test-card" : "cod";
    // A documentation range (198.18.0.0/15) address per visit: every visitor is someone else.
    const address = nextAddress++;
    const shopper = new Shopper(options.base, {
      dispatcher,
      market,
      forwardedFor: `198.18.${(address >> 8) & 255}.${address & 255}`,
      onExchange: record,
    });
    // The first page is rendered in full (home, a category from an advert, or a product from a search
    // engine); every page after it is a client-side navigation that fetches the route's data only.
    const landing = Math.random();
    const landsOnProduct = landing < MIX.landOnProduct && seenProducts.length > 0;
    const landsOnCategory = !landsOnProduct && landing < MIX.landOnProduct + MIX.landOnCategory;
    const slug = pick(CATEGORIES);
    let card: Card | undefined;
    if (landsOnProduct) {
      card = pick(seenProducts);
      await ok(shopper.get(card.relative_url, "product page"), "product page");
    } else if (landsOnCategory) await ok(shopper.get(`/${slug}/`, "category page"), "category page");
    else await ok(shopper.get("/", "home page"), "home page");

    let member: string | null = null;
    if (Math.random() < MIX.logIn && options.members.length) {
      member = options.members[nextMember++ % options.members.length] as string;
      await ok(
        shopper.json("/api/auth/login/", { email: member, password: options.password }, "log in"),
        "log in",
      );
      if (measured(started)) logins++;
    }

    if (!card) {
      if (!landsOnCategory)
        await ok(
          shopper.get(`/${slug}/_.data?${pageDataOnly("listing/category-page")}`, NAV_CATEGORY),
          NAV_CATEGORY,
        );
      // Filtering, sorting or paging is another navigation of the category page, with a query.
      let query = new URLSearchParams();
      if (Math.random() < MIX.refine) {
        query = refinement();
        await ok(
          shopper.get(`/${slug}/_.data?${query}&${pageDataOnly("listing/category-page")}`, NAV_CATEGORY),
          NAV_CATEGORY,
        );
      }
      // The cards to choose from: the spec's listing call for the same query (as the shop's apps call it;
      // answered from the same catalogue cache as the page it mirrors).
      let listing = JSON.parse(
        await ok(
          shopper.get(
            `/api/category/get/?${new URLSearchParams([["slug", slug], ...query])}`,
            "category API",
          ),
          "category API",
        ),
      ) as Listing;
      if (Math.random() < MIX.search) {
        const q = encodeURIComponent(pick(SEARCHES));
        await ok(
          shopper.get(
            `/search/_.data?q=${q}&${pageDataOnly("listing/search-page")}`,
            "search page (navigation)",
          ),
          "search page (navigation)",
        );
        if (Math.random() < 0.5) {
          const found = JSON.parse(
            await ok(shopper.get(`/api/search/?q=${q}`, "search API"), "search API"),
          ) as Listing;
          if (found.products.length) listing = found;
        }
      }
      const cards = listing.products.filter((c) => !c.is_exclusive && c.sizes.some((s) => s.in_stock));
      if (!cards.length) return;
      card = pick(cards);
      if (seenProducts.length < 5000) seenProducts.push(card);
      await ok(
        // The page's client loader asks the shop's call for its data (decision 0102).
        shopper.get(`/api/product-page/${slugOf(card)}/`, "product page (navigation)"),
        "product page (navigation)",
      );
    }
    const sizes = JSON.parse(
      await ok(shopper.get(`/api/availability/${card.product_id}/`, "availability API"), "availability API"),
    ) as { size_id: number; stock_info: number }[];
    const size = sizes.filter((s) => s.stock_info >= 3);
    if (!size.length || Math.random() >= MIX.addToBag) return;
    await addToBag(shopper, { product: card.product_id, size: pick(size).size_id });
    await ok(shopper.get("/cart/data/", "bag read"), "bag read");
    if (!member && Math.random() >= MIX.checkout) return;
    const email = member ?? `shopper-${address}@bench.example`;
    const { reviewedTotal } = await prepareCheckout(shopper, { market, email, payment });
    const receipt = await placeOrder(shopper, payment, reviewedTotal);
    await receiptOrderNumber(shopper, receipt);
  };

  const shopperLoop = async () => {
    while (Date.now() < ends) {
      const started = Date.now();
      try {
        await visit();
        if (measured(started)) visits++;
      } catch (error) {
        const message = String((error as Error).message ?? error)
          .replace(/,?"request_id":"[^"]*"/, "")
          .slice(0, 160);
        fail(message);
      }
    }
  };
  const lag = monitorEventLoopDelay({ resolution: 10 });
  const cpu: number[] = [];
  const sampleCpu = () => {
    if (options.serverCpuMs) cpu.push(options.serverCpuMs());
  };
  const timers = [
    setTimeout(() => {
      sampleCpu();
      lag.enable();
    }, warmupEnds - Date.now()),
    setTimeout(() => {
      sampleCpu();
      lag.disable();
    }, ends - Date.now()),
  ];
  // Shoppers arrive one after another over the warm-up, so the measured window sees visits in every phase.
  const arrival = (options.warmupSeconds * 1000) / options.shoppers;
  await Promise.all(
    Array.from({ length: options.shoppers }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * arrival));
      await shopperLoop();
    }),
  );
  for (const timer of timers) clearTimeout(timer);
  await dispatcher.close();

  const seconds = options.seconds;
  const row = (name: string, list: Exchange[]): StepRow => {
    const times = list.map((e) => e.ms).sort((a, b) => a - b);
    return {
      name,
      count: list.length,
      requestsPerSecond: Math.round((list.length / seconds) * 10) / 10,
      p50: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      p99: percentile(times, 0.99),
      errors: list.filter((e) => e.status === 0).length,
      non2xx: list.filter((e) => e.status < 200 || e.status >= 400).length,
      status5xx: list.filter((e) => e.status >= 500).length,
    };
  };
  const byStep = new Map<string, Exchange[]>();
  for (const exchange of exchanges) {
    const list = byStep.get(exchange.step) ?? [];
    byStep.set(exchange.step, list);
    list.push(exchange);
  }
  const order = [
    "home page",
    "category page",
    "product page",
    "log in",
    "category page (navigation)",
    "category API",
    "search page (navigation)",
    "search API",
    "product page (navigation)",
    "availability API",
    "csrf token",
    "add to bag",
    "bag read",
  ];
  const steps = [...byStep.keys()]
    .sort((a, b) => {
      const rank = (step: string) => (order.includes(step) ? order.indexOf(step) : order.length);
      return rank(a) - rank(b);
    })
    .map((step) => row(step, byStep.get(step) ?? []));
  return {
    runStartedAt,
    runEndedAt: new Date(),
    startedAt: new Date(warmupEnds),
    endedAt: new Date(ends),
    seconds,
    steps,
    total: row("all requests", exchanges),
    visits,
    ordersPlaced: placed,
    ordersPlacedWholeRun: placedWholeRun,
    serverCpuMsPerRequest:
      cpu.length === 2 && exchanges.length
        ? Math.round((((cpu[1] as number) - (cpu[0] as number)) / exchanges.length) * 10) / 10
        : null,
    generatorLagP99: Math.round(lag.percentile(99) / 1e6),
    waitingShare:
      Math.round((exchanges.reduce((sum, e) => sum + e.ms, 0) / (options.shoppers * seconds * 1000)) * 100) /
      100,
    logins,
    failures,
  };
}
