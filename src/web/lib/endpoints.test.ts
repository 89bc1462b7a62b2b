import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import type { z } from "zod";
import type { addResultOutput, cartOutput } from "#modules/cart/cart.contract.ts";
import type { dropPointsSchema } from "#modules/checkout/checkout.contract.ts";
import { ApiRequestError, call, callAt, endpointUrl, handsOutToken } from "./api.ts";
import type { ResponseOf } from "./endpoints.ts";

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => Response.json({ success: true }));
  vi.stubGlobal("fetch", fetchMock);
  vi.stubGlobal("document", { cookie: "theme=dark; csrftoken=token%2B1" });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The one request the call sent: its address and init. */
function sent() {
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init = {}] = fetchMock.mock.calls[0] ?? [];
  return { url, init, headers: init.headers as Record<string, string> };
}

describe("call(): the address", () => {
  it("fills the path's params, each encoded", async () => {
    await call("GET /api/promotions/get/:sku/", { params: { sku: "BOOT/42 ½" } });
    expect(sent().url).toBe("/api/promotions/get/BOOT%2F42%20%C2%BD/");
    expect(endpointUrl("POST /cart/items/update_cart_item/:id/", { params: { id: 7 } })).toBe(
      "/cart/items/update_cart_item/7/",
    );
  });

  it("appends the query in the order given, encoded, leaving out fields without a value", async () => {
    await call("GET /deliverymethod/find_droppoint/", {
      query: { provider: "post&nord", post_code: "SW1A 1AA", country_code: "GBR" },
    });
    expect(sent().url).toBe(
      "/deliverymethod/find_droppoint/?provider=post%26nord&post_code=SW1A%201AA&country_code=GBR",
    );
    expect(
      endpointUrl("GET /checkout/payment_form/", { query: { type: "shipping", country_code: undefined } }),
    ).toBe("/checkout/payment_form/?type=shipping");
    expect(endpointUrl("GET /checkout/payment_form/")).toBe("/checkout/payment_form/");
    expect(
      endpointUrl("GET /api/content/category/images/", { query: { fields: "*", slug: "boots", page: "1" } }),
    ).toBe("/api/content/category/images/?fields=*&slug=boots&page=1");
  });

  it("sends an address the server gave as it is", async () => {
    const next = "https://shop.test/api/category/guides/?slug=football-boots&page=2";
    await callAt("GET /api/category/guides/", next);
    expect(sent().url).toBe(next);
    expect(sent().init.method).toBe("GET");
  });
});

describe("call(): method, body and headers", () => {
  it("reads with GET, no body and no CSRF header", async () => {
    await call("GET /cart/data/");
    const { init, headers } = sent();
    expect(init).toMatchObject({ method: "GET", body: undefined, credentials: "same-origin" });
    expect(headers).toEqual({ accept: "application/json" });
  });

  it("posts a form as strings, marked as the browser's own call, with the CSRF token", async () => {
    await call("POST /cart/items/update_cart_item/:id/", { params: { id: 3 }, form: { amount: "2" } });
    const { init, headers } = sent();
    expect(init.method).toBe("POST");
    expect(init.body).toBe("amount=2");
    expect(headers).toEqual({
      accept: "application/json",
      "content-type": "application/x-www-form-urlencoded",
      "x-requested-with": "XMLHttpRequest",
      "x-csrftoken": "token+1",
    });
  });

  it("asks for a CSRF token first when the page handed out none (a page from the page cache)", async () => {
    vi.stubGlobal("document", { cookie: "theme=dark" });
    fetchMock.mockImplementationOnce(async () => Response.json({ csrf_token: "fresh.token" }));
    await call("POST /cart/items/add_to_cart/", { form: { product: "1", size: "2", amount: "1" } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/csrf/");
    const [url, init = {}] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe("/cart/items/add_to_cart/");
    expect((init.headers as Record<string, string>)["x-csrftoken"]).toBe("fresh.token");
  });

  it("waits for the header's call that brings the token, rather than asking for another (decision 0076)", async () => {
    const jar = { cookie: "theme=dark" };
    vi.stubGlobal("document", jar);
    let answerShell: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(
      () =>
        new Promise<Response>((resolve) => {
          answerShell = resolve;
        }),
    );
    const shell = handsOutToken(call("GET /api/shell/"));
    const adding = call("POST /cart/items/add_to_cart/", { form: { product: "1", size: "2", amount: "1" } });
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The add waits: nothing else has been asked while the header's answer is on its way.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    jar.cookie = "theme=dark; csrftoken=from.shell";
    answerShell(Response.json({ user: null, bag_count: 0, favourites_count: 0, csrf_token: "from.shell" }));
    await shell;
    await adding;
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [url, init = {}] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe("/cart/items/add_to_cart/");
    expect((init.headers as Record<string, string>)["x-csrftoken"]).toBe("from.shell");
  });

  it("posts JSON", async () => {
    await call("POST /api/vouchers/add/", { json: { voucher_code: "PITCH-10OFF-2026" } });
    const { init, headers } = sent();
    expect(init.body).toBe('{"voucher_code":"PITCH-10OFF-2026"}');
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["x-csrftoken"]).toBe("token+1");
  });

  it("deletes with a JSON content type and no body, as the storefront always has", async () => {
    await call("DELETE /api/vouchers/remove/:code/", { params: { code: "PITCH-10OFF-2026" } });
    const { url, init, headers } = sent();
    expect(url).toBe("/api/vouchers/remove/PITCH-10OFF-2026/");
    expect(init).toMatchObject({ method: "DELETE", body: undefined });
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["x-csrftoken"]).toBe("token+1");
  });

  it("passes the signal on and throws the server's error with its fields", async () => {
    fetchMock.mockImplementation(async () =>
      Response.json(
        {
          error: "validation_error",
          message: "Bad input",
          fields: { voucher_code: ["voucher.error.required"] },
        },
        { status: 400 },
      ),
    );
    const controller = new AbortController();
    const failure = await call("POST /api/vouchers/add/", {
      json: { voucher_code: "" },
      signal: controller.signal,
    }).catch((error: unknown) => error);
    expect(sent().init.signal).toBe(controller.signal);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect((failure as ApiRequestError).body).toMatchObject({
      status: 400,
      fields: { voucher_code: ["voucher.error.required"] },
    });
  });
});

describe("the endpoint table's types", () => {
  it("answers with the type of the call's response contract", () => {
    expectTypeOf(call("GET /cart/data/")).resolves.toEqualTypeOf<z.output<typeof cartOutput>>();
    expectTypeOf<ResponseOf<"POST /cart/items/add_to_cart/">>().toEqualTypeOf<
      z.output<typeof addResultOutput>
    >();
    expectTypeOf(callAt("GET /deliverymethod/find_droppoint/", "/x")).resolves.toEqualTypeOf<
      z.output<typeof dropPointsSchema>
    >();
  });

  it("requires or refuses params, query and body as the call takes them", () => {
    // Checked by the compiler (tsc), not at run time: the calls are never made.
    const typeChecks = () => {
      // @ts-expect-error the path has :id
      void call("GET /api/availability/:id/");
      // @ts-expect-error a read takes no body
      void call("GET /cart/data/", { json: {} });
      // @ts-expect-error the query is required (ids)
      void call("GET /api/products/cards/", {});
      // @ts-expect-error the path has no params
      void call("GET /cart/data/", { params: { id: 1 } });
      // @ts-expect-error a form sends strings; this field is read as a number
      void call("POST /api/favorites/add/", { form: { product_id: "1" } });
      // @ts-expect-error no such call
      void call("GET /api/nowhere/");
    };
    expect(typeChecks).toBeTypeOf("function");
  });
});
