import { type APIRequestContext, type APIResponse, expect, test } from "@playwright/test";
import { buyableSize } from "./catalogue.ts";
import { csrfToken } from "./csrf.ts";

const PRIVATE = "private, no-store";
/** The shop's origin, as playwright.config.ts's baseURL names it. */
const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 3210}`;
const cacheControl = (response: APIResponse) => response.headers()["cache-control"] ?? "";

/**
 * A state-changing call as the shop's own scripts make it: JSON, or a form, with the token from the
 * csrftoken cookie as it is now and the shop's Origin (a browser sends both).
 */
async function post(
  request: APIRequestContext,
  url: string,
  body: { data: Record<string, unknown> } | { form: Record<string, string> },
) {
  const csrf = await csrfToken(request);
  return request.post(url, {
    ...body,
    headers: { "x-csrftoken": csrf, "x-requested-with": "XMLHttpRequest", origin: ORIGIN },
  });
}

test.describe("pages no cache may keep", () => {
  test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.140" } });

  test("a visitor's pages turn private with a bag; before that they stay cacheable", async ({ page }) => {
    const request = page.request;
    // A page rendered for a first visit (an address not in the page cache) is rendered for the cache:
    // it hands out no cookie and any cache may keep it, as the cached page after it (decision 0076).
    const first = await request.get(`/?first-visit=${Date.now()}`);
    expect(first.status()).toBe(200);
    expect(first.headers()["x-page-cache"]).toBe("miss");
    expect(first.headers()["set-cookie"]).toBeUndefined();
    expect(cacheControl(first)).toMatch(/^public, max-age=0, s-maxage=\d+/);
    expect(first.headers()["permissions-policy"]).toContain("camera=()");

    const again = await request.get("/");
    expect(again.status()).toBe(200);
    expect(cacheControl(again)).not.toContain("no-store");

    const { product, size } = await buyableSize(request, (s) => s.stock_info > 0);
    const added = await post(request, "/cart/items/add_to_cart/", {
      form: { product: String(product), size: String(size) },
    });
    expect(added.status()).toBe(200);
    for (const url of ["/", "/football-boots/", "/cart/"]) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      expect(cacheControl(response), url).toBe(PRIVATE);
    }
  });

  test("a member's pages are private", async ({ page }) => {
    const request = page.request;
    // The CSRF cookie as the page's header hands it out (a page from the page cache sets none).
    await request.get("/api/shell/");
    const email = `private-${Date.now()}@example.com`;
    const signup = await post(request, "/api/auth/signup/", {
      data: { email, password: "safe-and-long-1", name: "Pia Private" },
    });
    expect(signup.status()).toBe(201);
    // A sign-up logs nobody in; the log-in takes the token the sign-up's answer handed out.
    const login = await post(request, "/api/auth/login/", { data: { email, password: "safe-and-long-1" } });
    expect(login.status()).toBe(200);
    for (const url of ["/", "/account/home/"]) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      expect(cacheControl(response), url).toBe(PRIVATE);
    }
  });
});

test("the API docs are not served in production without API_DOCS=true", async ({ request }) => {
  expect((await request.get("/api/docs/")).status()).toBe(404);
  expect((await request.get("/api/docs/openapi.json")).status()).toBe(404);
});
