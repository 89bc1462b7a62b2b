import { expect, test } from "@playwright/test";
import { buyableSize } from "./catalogue.ts";
import { csrfToken } from "./csrf.ts";

/** The shop's origin, as playwright.config.ts's baseURL names it. */
const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 3210}`;

test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.148" } });

// Decision 0048: a session is made when it first holds something, not by looking at pages.
test("a visitor who only looks at pages gets no session; the first thing in the bag makes one", async ({
  page,
}) => {
  const cookieNames = async () => (await page.context().cookies()).map((cookie) => cookie.name);
  for (const url of ["/", "/football-boots/", "/"]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(200);
  }
  // The page's header call hands out the CSRF token (for no session), which the first change is
  // made with; the pages themselves, from the page cache or rendered for it, hand out nothing.
  await expect.poll(cookieNames).toContain("csrftoken");
  expect(await cookieNames()).not.toContain("sessionid");

  const { product, size } = await buyableSize(page.request, (s) => s.stock_info > 0);
  const csrf = await csrfToken(page);
  const added = await page.request.post("/cart/items/add_to_cart/", {
    form: { product: String(product), size: String(size) },
    headers: { "x-csrftoken": csrf, "x-requested-with": "XMLHttpRequest", origin: ORIGIN },
  });
  expect(added.status()).toBe(200);
  expect((await added.json()).success).toBe(true);
  expect(await cookieNames()).toContain("sessionid");

  // The bag is there on the next page, and a page visit keeps the same session.
  const session = (await page.context().cookies()).find((cookie) => cookie.name === "sessionid")?.value;
  await page.goto("/cart/");
  expect((await (await page.request.get("/cart/data/")).json()).lines).toHaveLength(1);
  expect((await page.context().cookies()).find((cookie) => cookie.name === "sessionid")?.value).toBe(session);
});
