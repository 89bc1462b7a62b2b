import { describe, expect, it } from "vitest";
import { KLARNA_SCRIPT_URL, klarnaConfigFrom, klarnaLocale, orderBody, taxRateOf } from "./klarna-api.ts";

describe("Klarna configuration", () => {
  it("is off without credentials, so the built-in pay later stays", () => {
    expect(klarnaConfigFrom({})).toBeNull();
    expect(klarnaConfigFrom({ KLARNA_USERNAME: "PK1" })).toBeNull();
  });

  it("picks the environment's base URL, and an override wins", () => {
    const creds = { KLARNA_USERNAME: "PK1", KLARNA_PASSWORD: "s" };
    expect(klarnaConfigFrom(creds)?.apiUrl).toBe("https://api.playground.klarna.com");
    expect(klarnaConfigFrom({ ...creds, KLARNA_ENVIRONMENT: "live" })?.apiUrl).toBe("https://api.klarna.com");
    expect(klarnaConfigFrom({ ...creds, KLARNA_API_URL: "https://api-na.klarna.com/" })?.apiUrl).toBe(
      "https://api-na.klarna.com",
    );
    expect(() => klarnaConfigFrom({ ...creds, KLARNA_ENVIRONMENT: "prod" })).toThrow(/playground or live/);
  });

  it("loads the widget library from Klarna's CDN unless KLARNA_SCRIPT_URL names another HTTPS address", () => {
    const creds = { KLARNA_USERNAME: "PK1", KLARNA_PASSWORD: "s" };
    expect(klarnaConfigFrom(creds)?.scriptUrl).toBe(KLARNA_SCRIPT_URL);
    expect(KLARNA_SCRIPT_URL).toBe("https://x.klarnacdn.net/kp/lib/v1/api.js");
    expect(klarnaConfigFrom({ ...creds, KLARNA_SCRIPT_URL: "  " })?.scriptUrl).toBe(KLARNA_SCRIPT_URL);
    expect(
      klarnaConfigFrom({ ...creds, KLARNA_SCRIPT_URL: "https://cdn.example.com/klarna/api.js" })?.scriptUrl,
    ).toBe("https://cdn.example.com/klarna/api.js");
    // Plain HTTP only on this machine (a local fake in the browser tests).
    expect(
      klarnaConfigFrom({ ...creds, KLARNA_SCRIPT_URL: "http://127.0.0.1:4567/kp/lib/v1/api.js" })?.scriptUrl,
    ).toBe("http://127.0.0.1:4567/kp/lib/v1/api.js");
    for (const bad of [
      "http://x.klarnacdn.net/kp/lib/v1/api.js",
      "//x.klarnacdn.net/kp/lib/v1/api.js",
      "/kp/lib/v1/api.js",
      "javascript:alert(1)",
      "https://user:pw@cdn.example.com/api.js",
      "not a url",
    ])
      expect(() => klarnaConfigFrom({ ...creds, KLARNA_SCRIPT_URL: bad }), bad).toThrow(/KLARNA_SCRIPT_URL/);
  });
});

describe("Klarna order body", () => {
  it("sends minor units whose lines add up, and Norwegian as no-NO", () => {
    const body = orderBody({
      reference: "PS-1",
      country: "no",
      currency: "nok",
      locale: "nb-NO",
      amount: 124_900,
      taxAmount: 24_980,
      description: "Pitchside PS-1",
    });
    expect(body).toMatchObject({ purchase_country: "NO", purchase_currency: "NOK", locale: "no-NO" });
    expect(body.order_lines.reduce((sum, line) => sum + line.total_amount, 0)).toBe(body.order_amount);
    expect(body.order_lines[0]?.tax_rate).toBe(2500);
    expect(klarnaLocale("da-DK")).toBe("da-DK");
    expect(taxRateOf(0, 0)).toBe(0);
  });
});
