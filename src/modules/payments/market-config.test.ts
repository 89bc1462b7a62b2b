import { describe, expect, it } from "vitest";
import { MARKETS } from "#modules/markets/markets.data.ts";
import { adyenMarketsFrom } from "./adyen/adyen.config.ts";
import { klarnaMarketsFrom } from "./klarna/klarna-api.ts";

const CODES = MARKETS.map((market) => market.code);
const HMAC_A = "A".repeat(64);
const HMAC_B = "B".repeat(64);
const adyen = {
  ADYEN_API_KEY: "key-a",
  ADYEN_MERCHANT_ACCOUNT: "PitchsideDK",
  ADYEN_CLIENT_KEY: "test_CLIENTA",
  ADYEN_HMAC_KEY: HMAC_A,
};
const klarna = { KLARNA_USERNAME: "PK_A", KLARNA_PASSWORD: "secret-a" };

describe("payment providers by market (decision 0059)", () => {
  it("gives every market the shop-wide settings when there is no list, one object shared by all", () => {
    const markets = adyenMarketsFrom(adyen, CODES);
    expect(markets.size).toBe(17);
    expect(markets.get("dk")).toBe(markets.get("gr"));
    expect(markets.get("se")).toMatchObject({ merchantAccount: "PitchsideDK", environment: "test" });
    expect(markets.shopWide).toBe(markets.get("dk"));
    expect(adyenMarketsFrom({}, CODES).size).toBe(0);
    expect(klarnaMarketsFrom({}, CODES).size).toBe(0);
  });

  it("reads a market's own value from the variable suffixed with its upper-case code, the rest shop-wide", () => {
    const markets = adyenMarketsFrom(
      {
        ...adyen,
        ADYEN_MERCHANT_ACCOUNT_SE: "PitchsideSE",
        ADYEN_HMAC_KEY_SE: HMAC_B,
      },
      CODES,
    );
    expect(markets.get("se")).toMatchObject({
      merchantAccount: "PitchsideSE",
      hmacKey: HMAC_B,
      apiKey: "key-a",
    });
    expect(markets.get("dk")).toMatchObject({ merchantAccount: "PitchsideDK", hmacKey: HMAC_A });
    const pay = klarnaMarketsFrom(
      {
        ...klarna,
        KLARNA_USERNAME_NO: "PK_NO",
        KLARNA_PASSWORD_NO: "secret-no",
        KLARNA_API_URL_NO: "https://api-na.klarna.com/",
      },
      CODES,
    );
    expect(pay.get("no")).toMatchObject({
      username: "PK_NO",
      password: "secret-no",
      apiUrl: "https://api-na.klarna.com",
    });
    expect(pay.get("se")).toMatchObject({ username: "PK_A", apiUrl: "https://api.playground.klarna.com" });
  });

  it("switches a provider on for the listed markets only; a market with only its own settings has it alone", () => {
    const listed = adyenMarketsFrom({ ...adyen, ADYEN_MARKETS: "dk, SE" }, CODES);
    expect([...listed.keys()].sort()).toEqual(["dk", "se"]);
    const pay = klarnaMarketsFrom({ ...klarna, KLARNA_MARKETS: "se,no,fi,de,at,nl" }, CODES);
    expect([...pay.keys()].sort()).toEqual(["at", "de", "fi", "nl", "no", "se"]);
    const alone = klarnaMarketsFrom({ KLARNA_USERNAME_FI: "PK_FI", KLARNA_PASSWORD_FI: "secret-fi" }, CODES);
    expect([...alone.keys()]).toEqual(["fi"]);
    expect(alone.shopWide).toBeNull();
  });

  it("refuses to start on a mistake, naming the variable", () => {
    expect(() => adyenMarketsFrom({ ...adyen, ADYEN_MARKETS: "dk,xx" }, CODES)).toThrow(
      /ADYEN_MARKETS: "xx" is not a market/,
    );
    expect(() => adyenMarketsFrom({ ...adyen, ADYEN_MERCHANT_ACCOUNT_GB: "X" }, CODES)).toThrow(
      /ADYEN_MERCHANT_ACCOUNT_GB: "GB" is not a market/,
    );
    expect(() => adyenMarketsFrom({ ...adyen, ADYEN_MERCHANT_ACCOUNT_se: "X" }, CODES)).toThrow(
      /ADYEN_MERCHANT_ACCOUNT_se: "se" is not a market.*upper-case/,
    );
    expect(() => klarnaMarketsFrom({ ...klarna, KLARNA_USERNAME_NO: "PK_NO" }, CODES)).toThrow(
      /KLARNA_USERNAME_NO is set without KLARNA_PASSWORD_NO/,
    );
    expect(() => adyenMarketsFrom({ ...adyen, ADYEN_API_KEY_SE: "key-b" }, CODES)).toThrow(
      /ADYEN_API_KEY_SE is set without ADYEN_CLIENT_KEY_SE/,
    );
    expect(() => adyenMarketsFrom({ ADYEN_MERCHANT_ACCOUNT_SE: "PitchsideSE" }, CODES)).toThrow(
      /ADYEN_MERCHANT_ACCOUNT_SE is set, but ADYEN_API_KEY_SE \(or ADYEN_API_KEY\), ADYEN_CLIENT_KEY_SE \(or ADYEN_CLIENT_KEY\) is not set/,
    );
    expect(() => klarnaMarketsFrom({ KLARNA_MARKETS: "se" }, CODES)).toThrow(
      /KLARNA_MARKETS names se, but KLARNA_USERNAME_SE/,
    );
    expect(() =>
      adyenMarketsFrom({ ...adyen, ADYEN_MARKETS: "dk", ADYEN_MERCHANT_ACCOUNT_SE: "X" }, CODES),
    ).toThrow(/ADYEN_MERCHANT_ACCOUNT_SE is set, but ADYEN_MARKETS does not name se/);
    expect(() => adyenMarketsFrom({ ...adyen, ADYEN_ENVIRONMENT_SE: "prod" }, CODES)).toThrow(
      /ADYEN_ENVIRONMENT_SE must be test or live/,
    );
    expect(() => adyenMarketsFrom({ ...adyen, ADYEN_ENVIRONMENT_DE: "live" }, CODES)).toThrow(
      /ADYEN_LIVE_URL_PREFIX is required with ADYEN_ENVIRONMENT_DE=live/,
    );
    expect(() => adyenMarketsFrom({ ...adyen, ADYEN_HMAC_KEY_SE: "nothex" }, CODES)).toThrow(
      /ADYEN_HMAC_KEY_SE must be/,
    );
    expect(() => klarnaMarketsFrom({ ...klarna, KLARNA_ENVIRONMENT_NO: "prod" }, CODES)).toThrow(
      /KLARNA_ENVIRONMENT_NO must be playground or live/,
    );
    expect(() => klarnaMarketsFrom({ ...klarna, KLARNA_SCRIPT_URL_NO: "ftp://x" }, CODES)).toThrow(
      /KLARNA_SCRIPT_URL_NO must be/,
    );
  });
});
