import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { catalogueRevision } from "#modules/catalog/catalogue-cache.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { cookiesFrom, createTestApp, csrfHeaders, type TestApp } from "#server/testing.ts";
import { runReviewsCommand } from "../../cli/reviews-command.ts";
import {
  OPERATOR_TOKEN,
  operator,
  placeTestOrder,
  type SizeAtHand,
  sizesAtHand,
} from "../orders/lifecycle.test-helpers.ts";
import { REVIEW_TEXT_MAX } from "./reviews.contract.ts";
import { REVIEWS_PER_MINUTE_PER_MEMBER } from "./reviews.routes.ts";
import { authorOf, plainReviewText, productPageReviews } from "./reviews.service.ts";

/**
 * Product reviews (decision 0044): anyone reads them, a member who received the product in a
 * delivered package writes one per product, the operator hides one with the token or the command.
 */
let t: TestApp;
let sizes: SizeAtHand[];
let member: { cookies: Record<string, string>; id: number };
let ip = 1;

/** The product page's kept first page of reviews, at the current revision. */
const keptOnPage = async (productId: number) =>
  productPageReviews(t.database.db, productId, await catalogueRevision(t.database.db));

const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");
const get = (url: string, cookies: Record<string, string> = {}) =>
  t.app.inject({
    method: "GET",
    url,
    headers: Object.keys(cookies).length ? { cookie: cookieHeader(cookies) } : {},
  });
/** Each call from its own address unless told, so the per-address limit stays out of the way. */
const post = (url: string, body: unknown, cookies: Record<string, string> = {}, from?: string) =>
  t.app.inject({
    method: "POST",
    url,
    payload: body as object,
    headers: csrfHeaders(t.config, cookies),
    remoteAddress: from ?? `10.9.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`,
  });
const review = (productId: number | string, body: unknown, cookies = member.cookies, from?: string) =>
  post(`/api/products/${productId}/reviews/`, body, cookies, from);

async function signedUpMember(email: string, name: string) {
  await post("/api/auth/signup/", { email, password: "long-enough-1", name });
  const login = await post("/api/auth/login/", { email, password: "long-enough-1" });
  expect(login.statusCode).toBe(200);
  const [user] = await rows<{ id: number }>(t.database.db, sql`select id from users where email = ${email}`);
  return { cookies: { sessionid: cookiesFrom(login).sessionid as string }, id: user?.id as number };
}

/** An order of the member with the sizes' products, its package delivered (or only shipped). */
async function received(userId: number, of: SizeAtHand[], status = "delivered") {
  const order = await placeTestOrder(t, { userId, own: of.map((size) => ({ size, quantity: 1 })) });
  await t.database.db.execute(
    sql`update order_shipments set status = ${status}, delivered_at = now() where order_id = ${order.id}`,
  );
  return order;
}

beforeAll(async () => {
  t = await createTestApp({ operatorApiToken: OPERATOR_TOKEN, publicUrl: "https://shop.example" });
  await seedDemoShop(t.database, { products: 60, seed: 3, dataDir: "" });
  sizes = await sizesAtHand(t, 6);
  member = await signedUpMember("reviewer@example.com", "Mette Sofie Jensen");
  await received(member.id, [sizes[0], sizes[1], sizes[2]] as SizeAtHand[]);
  await received(member.id, [sizes[3]] as SizeAtHand[], "shipped");
});
afterAll(async () => t?.close());
// Each test starts with no calls counted against the member (the limit has a test of its own).
beforeEach(async () => {
  await t.database.db.execute(sql`delete from rate_limit_hits`);
});

describe("reading reviews", () => {
  it("answers a product's shown reviews with its stars, 10 a page, cacheable for a visitor", async () => {
    const [seeded] = await rows<{ product_id: number; n: number }>(
      t.database.db,
      sql`select product_id, count(*)::int as n from product_reviews group by product_id order by n desc limit 1`,
    );
    expect(seeded?.n).toBeGreaterThan(1);
    const answer = await get(`/api/products/${seeded?.product_id}/reviews/`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("public, max-age=60");
    const body = answer.json();
    expect(body.summary.count).toBe(seeded?.n);
    expect(body.items).toHaveLength(seeded?.n as number);
    expect(body.summary.distribution.reduce((a: number, b: number) => a + b, 0)).toBe(seeded?.n);
    expect(body.items.every((item: { verified: boolean }) => item.verified)).toBe(true);
    const dates = body.items.map((item: { created_at: string }) => item.created_at);
    expect(dates).toEqual([...dates].sort().reverse());

    const highest = (await get(`/api/products/${seeded?.product_id}/reviews/?sort=highest`)).json();
    const stars = highest.items.map((item: { rating: number }) => item.rating);
    expect(stars).toEqual([...stars].sort((a, b) => b - a));
    const lowest = (await get(`/api/products/${seeded?.product_id}/reviews/?sort=lowest&page=1`)).json();
    expect(lowest.items.map((item: { rating: number }) => item.rating)).toEqual([...stars].reverse());
    const beyond = (await get(`/api/products/${seeded?.product_id}/reviews/?page=99`)).json();
    expect(beyond.items).toEqual([]);
    expect(beyond.meta).toEqual({ page: 99, pages: 1, total: seeded?.n });
  });

  it("is private for a member's session", async () => {
    const answer = await get(`/api/products/${sizes[0]?.productId}/reviews/`, member.cookies);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
  });

  it("refuses a bad sort or page with a field error, and an unknown, huge or wrong id", async () => {
    const id = sizes[0]?.productId;
    for (const query of [
      "sort=best",
      "sort=",
      "page=0",
      "page=-1",
      "page=x",
      "page=1.5",
      "page=99999999999",
    ]) {
      const answer = await get(`/api/products/${id}/reviews/?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(Object.keys(answer.json().fields ?? {}), query).toHaveLength(1);
    }
    for (const bad of ["0", "-1", "abc", "2147483648", "99999999999999999999", "%F0%9F%91%9F"])
      expect((await get(`/api/products/${bad}/reviews/`)).statusCode, bad).toBe(400);
    const unknown = await get("/api/products/2147483647/reviews/");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe("product_not_found");
  });
});

describe("writing a review", () => {
  it("sends a visitor to log in, and refuses a call without the CSRF token", async () => {
    const visitor = await review(
      sizes[0]?.productId as number,
      { rating: 5, text: "Really good boots." },
      {},
    );
    expect(visitor.statusCode).toBe(401);
    const noToken = await t.app.inject({
      method: "POST",
      url: `/api/products/${sizes[0]?.productId}/reviews/`,
      payload: { rating: 5, text: "Really good boots." },
      headers: { cookie: cookieHeader(member.cookies), origin: "http://localhost:80" },
    });
    expect(noToken.statusCode).toBe(403);
    expect(await reviewCount(member.id)).toBe(0);
  });

  it("refuses ratings and texts out of bounds with field errors, before anything is written", async () => {
    const id = sizes[0]?.productId as number;
    const cases: [unknown, string][] = [
      [{ rating: 0, text: "Fits well and grips well." }, "rating"],
      [{ rating: 6, text: "Fits well and grips well." }, "rating"],
      [{ rating: "x", text: "Fits well and grips well." }, "rating"],
      [{ rating: "5", text: "Fits well and grips well." }, "rating"],
      [{ rating: 4.5, text: "Fits well and grips well." }, "rating"],
      [{ rating: null, text: "Fits well and grips well." }, "rating"],
      [{ text: "Fits well and grips well." }, "rating"],
      [{ rating: 4, text: "Too short" }, "text"],
      [{ rating: 4, text: "          " }, "text"],
      [{ rating: 4, text: "x".repeat(REVIEW_TEXT_MAX + 1) }, "text"],
      [{ rating: 4, text: 42 }, "text"],
      [{ rating: 4 }, "text"],
      [{ rating: 4, text: "<b></b><i></i><script>alert(1)</script>" }, "text"],
      [{ rating: 4, text: "Fits well\u0000 and grips well." }, "text"],
      [{ rating: 4, text: "Fits well \ud83d and grips well." }, "text"],
    ];
    for (const [body, field] of cases) {
      const answer = await review(id, body);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(answer.json().fields ?? {}), JSON.stringify(body).slice(0, 80)).toEqual([field]);
    }
    for (const bad of ["0", "abc", "2147483648", "99999999999999999999"])
      expect((await review(bad, { rating: 4, text: "Fits well and grips well." })).statusCode, bad).toBe(400);
    expect((await review(2_147_483_647, { rating: 4, text: "Fits well and grips well." })).statusCode).toBe(
      404,
    );
    expect(await reviewCount(member.id)).toBe(0);
  });

  it("refuses a product the member has not received (not ordered, or only shipped) with 403", async () => {
    for (const size of [sizes[4], sizes[3]] as SizeAtHand[]) {
      const answer = await review(size.productId, { rating: 4, text: "Looks great in the pictures." });
      expect(answer.statusCode).toBe(403);
      expect(answer.json().error).toBe("not_received");
    }
  });

  it("takes a received product's review once, as plain text, and answers the new stars", async () => {
    const id = sizes[0]?.productId as number;
    const before = (await get(`/api/products/${id}/reviews/`)).json().summary;
    // The product page's first page is kept while nothing changes…
    const kept = await keptOnPage(id);
    expect(await keptOnPage(id)).toBe(kept);
    const text =
      "  Zapatillas 👟 geniales — <b>grip</b> <script>alert(1)</script>on 3G & AG, size < 44 ok.\u0007  ";
    const answer = await review(id, { rating: 2, text });
    expect(answer.statusCode).toBe(201);
    const body = answer.json();
    expect(body.review).toMatchObject({
      rating: 2,
      text: "Zapatillas 👟 geniales — grip on 3G & AG, size < 44 ok.",
      author: "Mette J.",
      locale: "da",
      verified: true,
    });
    expect(body.summary.count).toBe(before.count + 1);
    const listed = (await get(`/api/products/${id}/reviews/`)).json();
    expect(listed.items[0]).toEqual(body.review);
    expect(listed.summary).toEqual(body.summary);
    // …and shows the review written at once.
    const onPage = await keptOnPage(id);
    expect(onPage.items[0]).toEqual(body.review);
    expect(onPage.summary).toEqual(body.summary);

    const again = await review(id, { rating: 5, text: "Changed my mind, they are great." });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("already_reviewed");
    expect(await reviewCount(member.id)).toBe(1);
  });

  it("writes one review when two arrive at once", async () => {
    const id = sizes[1]?.productId as number;
    const answers = await Promise.all(
      [4, 5].map((rating) => review(id, { rating, text: "Solid gloves, good grip in the rain." })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await reviewCount(member.id)).toBe(2);
  });

  it("stops a member who sends too many in a minute", async () => {
    const flooder = await signedUpMember("flood@example.com", "Flo");
    const codes: number[] = [];
    for (let i = 0; i <= REVIEWS_PER_MINUTE_PER_MEMBER; i++)
      codes.push(
        (
          await review(
            sizes[5]?.productId as number,
            { rating: 3, text: "Spam spam spam spam" },
            flooder.cookies,
          )
        ).statusCode,
      );
    expect(codes.slice(0, REVIEWS_PER_MINUTE_PER_MEMBER).every((code) => code === 403)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});

describe("hiding a review", () => {
  it("needs the operator token, hides once, and the list and stars leave it out", async () => {
    const id = sizes[2]?.productId as number;
    // Its only review: the page knows it has none (read nothing for it, decision 0099), shows it as
    // soon as it is written and none once it is hidden.
    await t.database.db.execute(sql`delete from product_reviews where product_id = ${id}`);
    expect((await keptOnPage(id)).summary.count).toBe(0);
    const written = (await review(id, { rating: 1, text: "Rude words the operator takes down." })).json();
    expect(written.summary.count).toBe(1);
    expect((await keptOnPage(id)).items.map((item) => item.id)).toContain(written.review.id);
    const path = `/api/operator/reviews/${written.review.id}/hide/`;
    expect((await operator(t, null)(path, {})).statusCode).toBe(401);
    expect((await operator(t, "wrong")(path, {})).statusCode).toBe(401);
    const hidden = await operator(t)(path, {});
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ id: written.review.id, product_id: id });
    const again = await operator(t)(path);
    expect(again.json().hidden_at).toBe(hidden.json().hidden_at);
    const listed = (await get(`/api/products/${id}/reviews/`)).json();
    expect(listed.items.map((item: { id: number }) => item.id)).not.toContain(written.review.id);
    expect(listed.summary.count).toBe(written.summary.count - 1);
    // The product page's kept first page leaves it out too.
    const onPage = await keptOnPage(id);
    expect(onPage.items.map((item) => item.id)).not.toContain(written.review.id);
    expect(onPage.summary).toEqual({ average: null, count: 0, distribution: [0, 0, 0, 0, 0] });
    // Hidden is still written: the member cannot write another.
    expect((await review(id, { rating: 5, text: "Trying again after being hidden." })).statusCode).toBe(409);
  });

  it("refuses unknown, huge and wrong ids, and a body with fields", async () => {
    expect((await operator(t)("/api/operator/reviews/2147483647/hide/", {})).statusCode).toBe(404);
    for (const bad of ["0", "x", "2147483648", "99999999999999999999"])
      expect((await operator(t)(`/api/operator/reviews/${bad}/hide/`, {})).statusCode, bad).toBe(400);
  });

  it("is also the pitchside command's: reviews hide <id>", async () => {
    const [seeded] = await rows<{ id: number }>(
      t.database.db,
      sql`select id from product_reviews where hidden_at is null and user_id is null order by id limit 1`,
    );
    const done = await runReviewsCommand(t.database.db, ["hide", String(seeded?.id)]);
    expect(done.exitCode).toBe(0);
    expect(done.output).toContain(`Review ${seeded?.id}`);
    expect((await runReviewsCommand(t.database.db, ["hide", "2147483647"])).exitCode).toBe(1);
    for (const args of [[], ["hide"], ["hide", "x"], ["hide", "0"], ["hide", "99999999999"], ["show", "1"]])
      expect((await runReviewsCommand(t.database.db, args)).exitCode, args.join(" ")).toBe(2);
  });
});

describe("review text and author", () => {
  it("keeps plain text, drops markup and control characters", () => {
    expect(plainReviewText("a &amp; b <i>c</i>\n\n\n\nd")).toBe("a & b c\n\nd");
    expect(plainReviewText("<img src=x onerror=alert(1)>ok")).toBe("ok");
    expect(plainReviewText("right\u202Eto left")).toBe("rightto left");
  });
  it("shows a first name and the last name's initial", () => {
    expect(authorOf("Mette Sofie Jensen")).toBe("Mette J.");
    expect(authorOf("Łukasz")).toBe("Łukasz");
    expect(authorOf("  ")).toBe("");
    expect(authorOf("Ørjan østby")).toBe("Ørjan Ø.");
  });
});

async function reviewCount(userId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from product_reviews where user_id = ${userId}`,
  );
  return row?.n ?? 0;
}
