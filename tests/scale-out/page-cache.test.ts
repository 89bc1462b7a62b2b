// The page cache (decision 0051) on two apps sharing one database, as two processes behind a load
// balancer are: anonymous visitors get whole pages from the cache byte for byte, with the policy
// naming the nonce in them, compressed as the browser asks; a catalogue change (price, stock, a new product) is on the cached pages of both by the next
// request; members and visitors holding a session never get, nor leave, a cached page. Runs on
// PGlite, and on PostgreSQL with TEST_DATABASE_URL (two pools on one throw-away database).
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Shopper } from "../support/shopper.ts";

const root = path.resolve(import.meta.dirname, "..", "..");
/** The category page's route, as React Router names it in a page data call's `_routes`. */
const LISTING_ROUTE = "routes/listing/category-page";
const DEMO_MEMBER = { email: "demo@pitchside.example", password: "pitchside-demo" };

let child: ChildProcess;
let urls: string[] = [];
let nextId = 1;
const waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();

/** A statement on the shared database, as a catalogue editor or the stock feed would change it. */
function query<T>(sql: string): Promise<T[]> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
    child.send({ id, sql });
  });
}

/** How many values the pair's pages' texts keep now. */
function pageTextsKept(): Promise<number> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve: (rows) => resolve((rows[0] as { kept: number }).kept), reject });
    child.send({ id, pageTextsKept: true });
  });
}

interface Page {
  status: number;
  encoding: string | null;
  vary: string | null;
  cache: string | null;
  cacheControl: string | null;
  etag: string | null;
  nonce: string;
  setCookie: string[];
  csp: string | null;
  html: string;
}

/** A page as an anonymous visitor without any cookie (a first visit, a crawler) asks for it. */
async function visit(base: string, url: string, headers: Record<string, string> = {}): Promise<Page> {
  const response = await fetch(`${base}${url}`, { headers: { accept: "text/html", ...headers } });
  const csp = response.headers.get("content-security-policy");
  return {
    status: response.status,
    encoding: response.headers.get("content-encoding"),
    vary: response.headers.get("vary"),
    cache: response.headers.get("x-page-cache"),
    cacheControl: response.headers.get("cache-control"),
    etag: response.headers.get("etag"),
    nonce: /'nonce-([^']+)'/.exec(csp ?? "")?.[1] ?? "",
    setCookie: response.headers.getSetCookie(),
    csp,
    html: await response.text(),
  };
}

/** Asks both apps for the page until each serves it from its cache. */
async function cachedInBoth(url: string): Promise<Page[]> {
  const pages: Page[] = [];
  for (const base of urls) {
    await visit(base, url);
    const page = await visit(base, url);
    expect(page.cache, `${url} on ${base}`).toBe("hit");
    pages.push(page);
  }
  return pages;
}

interface ProductRow {
  id: number;
  slug: string;
  name: string;
  category: string;
}
let product: ProductRow;
let listing: string;

beforeAll(async () => {
  child = spawn(process.execPath, [path.join(root, "tests", "support", "page-cache-pair.ts")], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: { ...process.env, NODE_ENV: "test" },
  });
  urls = await new Promise<string[]>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the page-cache pair exited (${code})`)));
    child.on(
      "message",
      (message: { ready?: boolean; urls?: string[]; id?: number; rows?: unknown[]; error?: string }) => {
        if (message.ready) return resolve(message.urls ?? []);
        const waiter = waiting.get(message.id ?? 0);
        waiting.delete(message.id ?? 0);
        if (message.error) waiter?.reject(new Error(message.error));
        else waiter?.resolve(message.rows ?? []);
      },
    );
  });
  // The newest product of a category with a price and a size in stock: the first card of its
  // category listed newest first.
  [product] = (await query<ProductRow>(`
    select p.id, p.slug, p.name, c.slug as category
      from products p join categories c on c.id = p.category_id
     where p.online and exists (select 1 from product_sizes s where s.product_id = p.id and s.stock > 0)
     order by p.online_at desc, p.id desc limit 1`)) as [ProductRow];
  listing = `/${product.category}/?sort=latest-online`;
  // The pair may build the storefront first (a fresh clone has no build before the journeys).
}, 360_000);

afterAll(async () => {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.send({ stop: true });
  await exited;
});

describe("pages for anonymous visitors", () => {
  it("are served from the cache byte for byte, with the policy that names the nonce in their scripts", async () => {
    const [base = ""] = urls;
    const url = `/p/${product.slug}/`;
    const first = await visit(base, url);
    expect(first.status).toBe(200);
    expect(first.cache).toBe("miss");
    expect(first.nonce).toMatch(/^[\w-]{16,}$/);
    // A first visitor (no cookies, as a CDN asks too) and one who has a CSRF token from the header's
    // call get the same answer, which hands out nothing (decision 0076).
    const bare = await visit(base, url);
    const token = (await fetch(`${base}/api/shell/`)).headers
      .getSetCookie()
      .find((line) => line.startsWith("csrftoken="))
      ?.split(/[=;]/)[1];
    expect(token).toBeTruthy();
    const returning = { cookie: `csrftoken=${token}` };
    const hits = [bare, await visit(base, url, returning), await visit(base, url, returning)];
    for (const hit of hits) {
      expect(hit.status).toBe(200);
      expect(hit.cache).toBe("hit");
      // The page as rendered, under the policy it was rendered with: its inline scripts run.
      expect(hit.html).toBe(first.html);
      expect(hit.csp).toBe(first.csp);
      expect(hit.html).toContain(`nonce="${hit.nonce}"`);
      expect(hit.html).toContain(product.name);
    }
    for (const hit of hits) {
      // A CDN may keep it as the shop does: it hands out no cookie, nor a session.
      expect(hit.cacheControl).toMatch(/^public, max-age=0, s-maxage=\d+/);
      expect(hit.setCookie).toEqual([]);
      expect(hit.etag).toMatch(/^W\/"/);
    }
  });

  it("are compressed as the browser asks, once, and the same page in every encoding", async () => {
    const [base = ""] = urls;
    const url = `/${product.category}/?encodings=1`;
    const plain = await visit(base, url, { "accept-encoding": "identity" });
    expect(plain.cache).toBe("miss");
    for (const [asked, expected] of [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
      ["br;q=0.5, gzip;q=1", "gzip"],
      ["identity", null],
      // Kept compressed only as browsers ask; anything else is compressed per answer as before.
      ["deflate", "deflate"],
    ] as const) {
      for (const _ of [1, 2]) {
        const hit = await visit(base, url, { "accept-encoding": asked });
        expect(hit.cache).toBe("hit");
        expect(hit.encoding).toBe(expected);
        expect(hit.vary).toContain("Accept-Encoding");
        expect(hit.html).toBe(plain.html);
        expect(hit.etag).toBe(plain.etag);
      }
    }
  });

  it("carry nothing personal: a page rendered for the cache, or kept, is public and holds no token", async () => {
    const [base = ""] = urls;
    // The token a visitor gets from the header's call, which no cache may keep.
    const shell = await fetch(`${base}/api/shell/`);
    expect(shell.headers.get("cache-control")).toBe("private, no-store");
    const token = shell.headers
      .getSetCookie()
      .find((line) => line.startsWith("csrftoken="))
      ?.split(/[=;]/)[1];
    expect(token).toBeTruthy();
    expect(((await shell.json()) as { csrf_token: string }).csrf_token).toBe(token);
    // That visitor's first ask of a page renders it for the cache: their token is not in it, and
    // a first visitor without cookies is then served the very same page.
    const url = `/?first-visit=${Date.now()}`;
    const rendered = await visit(base, url, { cookie: `csrftoken=${token}` });
    const kept = await visit(base, url);
    expect([rendered.cache, kept.cache]).toEqual(["miss", "hit"]);
    for (const page of [rendered, kept]) {
      expect(page.setCookie).toEqual([]);
      expect(page.cacheControl).toMatch(/^public, max-age=0, s-maxage=\d+/);
      expect(page.html).not.toContain(token);
    }
    expect(kept.html).toBe(rendered.html);
  });

  it("hand no token to a page data call, nor to a cached page: the header's call does", async () => {
    const [base = ""] = urls;
    // A navigation in the page: the listing's own loader runs, the root's does not.
    const data = await fetch(`${base}/football-boots/_.data?_routes=${encodeURIComponent(LISTING_ROUTE)}`);
    expect(data.status).toBe(200);
    expect(await data.text()).toContain("football-boots");
    expect(data.headers.getSetCookie()).toEqual([]);
    const page = await visit(base, "/football-boots/");
    expect(page.setCookie).toEqual([]);
  });

  it("answer 304 to a browser that has the page, with the policy of the page it has", async () => {
    const [base = ""] = urls;
    const url = `/${product.category}/`;
    await visit(base, url);
    const hit = await visit(base, url);
    expect(hit.cache).toBe("hit");
    const again = await visit(base, url, { "if-none-match": hit.etag ?? "" });
    expect(again.status).toBe(304);
    expect(again.html).toBe("");
    expect(again.etag).toBe(hit.etag);
    expect(again.csp).toBe(hit.csp);
    const other = await visit(base, url, { "if-none-match": 'W/"something-else"' });
    expect(other.status).toBe(200);
    expect(other.cache).toBe("hit");
  });

  it("are rendered once for a burst of visitors arriving together: the rest wait and get the cached page", async () => {
    const [base = ""] = urls;
    const url = `/${product.category}/?burst=1`;
    const burst = await Promise.all(Array.from({ length: 8 }, () => visit(base, url)));
    expect(burst.map((page) => page.status)).toEqual(Array(8).fill(200));
    expect(burst.filter((page) => page.cache === "miss")).toHaveLength(1);
    expect(burst.filter((page) => page.cache === "hit")).toHaveLength(7);
    for (const page of burst) expect(page.html).toContain(`nonce="${page.nonce}"`);
  });

  it("are kept per market: another market's visitor gets its own page", async () => {
    const [base = ""] = urls;
    const url = `/p/${product.slug}/?market-check=1`;
    await visit(base, url);
    expect((await visit(base, url)).cache).toBe("hit");
    const german = await visit(base, url, { cookie: "market=de" });
    expect(german.cache).toBe("miss");
    expect(german.html).toContain('lang="de');
  });
});

describe("a document's texts beside its data", () => {
  it("are let go when each answer is done: pages, cached or not, a HEAD, a missing page, a data call", async () => {
    const [base] = urls as [string];
    const member = new Shopper(base);
    await member.json("/api/auth/login/", DEMO_MEMBER, "log in");
    const asked = [
      visit(base, listing),
      visit(base, `${listing}?sort=price-asc`),
      visit(base, `/p/${product.slug}/`),
      visit(base, "/"),
      visit(base, "/no-such-page/"),
      fetch(`${base}${listing}`, { method: "HEAD" }),
      fetch(`${base}${listing}_.data?_routes=${LISTING_ROUTE}`),
      member.get(listing),
    ];
    const pages = (await Promise.all(asked)).filter((page): page is Page => "html" in page);
    // Rendered pages wrote their texts beside their data…
    expect(pages.filter((page) => page.html.includes('data-page-text=""')).length).toBeGreaterThan(2);
    // …and once every answer is done, no value is kept for any of them.
    await expect.poll(pageTextsKept, { timeout: 2_000 }).toBe(0);
  });
});

describe("a catalogue change", () => {
  it("is on the cached product page and listing of both processes by their next request", async () => {
    const productPage = `/p/${product.slug}/`;
    for (const page of [...(await cachedInBoth(productPage)), ...(await cachedInBoth(listing))])
      expect(page.html).toContain(product.name);

    // Price: 777,00 kr. on the listing and the product page.
    await query(
      `update product_prices set price = 77700 where product_id = ${product.id} and currency = 'DKK'`,
    );
    for (const base of urls) {
      const page = await visit(base, productPage);
      expect(page.cache).toBe("miss");
      expect(page.html).toContain('"price":"777.00"');
      expect((await visit(base, listing)).html).toContain("777,00");
      expect((await visit(base, productPage)).cache).toBe("hit");
    }

    // Stock: every size sold out.
    await cachedInBoth(productPage);
    await query(`update product_sizes set stock = 0, store_stock = 0 where product_id = ${product.id}`);
    for (const base of urls) {
      const page = await visit(base, productPage);
      expect(page.cache).toBe("miss");
      expect(page.html).toContain("https://schema.org/OutOfStock");
      expect(page.html).not.toContain("https://schema.org/InStock");
    }

    // A new product, newest of its category: first on the listing.
    await cachedInBoth(listing);
    const columns = (
      await query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_name = 'products' and column_name not in ('id', 'style', 'name', 'slug', 'relative_url', 'online_at') order by ordinal_position`,
      )
    ).map((row) => `"${row.column_name}"`);
    const [created] = await query<{ id: number }>(`
      insert into products (style, name, slug, relative_url, online_at, ${columns.join(", ")})
      select 'PAGECACHE-1', 'Pagecache Novelty Boot', 'pagecache-novelty-boot', '/p/pagecache-novelty-boot/', now() + interval '1 minute', ${columns.join(", ")}
        from products where id = ${product.id} returning id`);
    const newId = (created as { id: number }).id;
    await query(
      `insert into product_prices (product_id, currency, price, rrp) select ${newId}, currency, price, rrp from product_prices where product_id = ${product.id}`,
    );
    const sizeColumns = (
      await query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_name = 'product_sizes' and column_name not in ('id', 'product_id', 'sku', 'stock') order by ordinal_position`,
      )
    ).map((row) => `"${row.column_name}"`);
    await query(`
      insert into product_sizes (product_id, sku, stock, ${sizeColumns.join(", ")})
      select ${newId}, 'PAGECACHE-' || id, 5, ${sizeColumns.join(", ")} from product_sizes where product_id = ${product.id}`);
    for (const base of urls) {
      const page = await visit(base, listing);
      expect(page.cache).toBe("miss");
      expect(page.html).toContain("Pagecache Novelty Boot");
      expect((await visit(base, listing)).cache).toBe("hit");
    }
  });
});

describe("a content change", () => {
  it("is on the cached CMS page of both processes by their next request", async () => {
    const [faq] = await cachedInBoth("/faq/");
    expect(faq?.html).not.toContain("Pagecache Questions");
    await query(
      `update cms_pages set title = (select jsonb_object_agg(key, 'Pagecache Questions') from jsonb_each(title)) where slug = 'faq'`,
    );
    for (const base of urls) {
      const page = await visit(base, "/faq/");
      expect(page.cache).toBe("miss");
      expect(page.html).toContain("Pagecache Questions");
    }
  });
});

describe("pages with a session's data", () => {
  it("are never served from the cache nor stored: a member's page is private and names the member", async () => {
    const [base = ""] = urls;
    const url = `/p/${product.slug}/?member-check=1`;
    const member = new Shopper(base);
    const login = await member.json("/api/auth/login/", DEMO_MEMBER, "log in");
    expect(login.status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const page = await member.get(url);
      expect(page.status).toBe(200);
      expect(page.headers["x-page-cache"]).toBe("bypass");
      expect(page.headers["cache-control"]).toBe("private, no-store");
      expect(page.text).toContain(DEMO_MEMBER.email);
    }
    // The member's page was not stored: the first anonymous visitor's is rendered afresh, without them.
    const anonymous = await visit(base, url);
    expect(anonymous.cache).toBe("miss");
    expect(anonymous.html).not.toContain(DEMO_MEMBER.email);
    const shell = await member.get("/api/shell/");
    expect(shell.headers["cache-control"]).toBe("private, no-store");
    expect(shell.json()).toMatchObject({ user: { email: DEMO_MEMBER.email } });
  });

  it("are not cached for a visitor with a bag; the shell call tells their bag count", async () => {
    const [base = ""] = urls;
    const [size] = await query<{ id: number; product_id: number }>(
      `select s.id, s.product_id from product_sizes s join products p on p.id = s.product_id where p.online and s.stock > 2 order by s.id limit 1`,
    );
    const visitor = new Shopper(base);
    const empty = await visitor.get("/api/shell/");
    expect(empty.status).toBe(200);
    expect(empty.headers["cache-control"]).toBe("private, no-store");
    expect(empty.json()).toMatchObject({ user: null, bag_count: 0, favourites_count: 0 });
    expect(empty.json<{ csrf_token: string }>().csrf_token).toBe(visitor.csrfToken);
    const added = await visitor.form("/cart/items/add_to_cart/", {
      product: size?.product_id ?? 0,
      size: size?.id ?? 0,
      amount: 1,
    });
    expect(added.status).toBe(200);
    const url = "/?bag-check=1";
    for (let i = 0; i < 2; i++) {
      const page = await visitor.get(url);
      expect(page.headers["x-page-cache"]).toBe("bypass");
      expect(page.headers["cache-control"]).toBe("private, no-store");
    }
    expect((await visit(base, url)).cache).toBe("miss");
    expect((await visitor.get("/api/shell/")).json()).toMatchObject({ user: null, bag_count: 1 });
  });
});
