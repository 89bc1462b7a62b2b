import { describe, expect, it } from "vitest";
import { hostnameOf, resolveMarket } from "./markets.service.ts";
import { PublicAddressError, publicAddresses } from "./public-addresses.ts";

const hosts = { "pitchside.de": "de", "www.pitchside.de": "de", "Pitchside.FR": "fr" };

describe("public addresses", () => {
  it("give each market with a host that host on PUBLIC_URL's scheme and port, every other PUBLIC_URL", () => {
    const addresses = publicAddresses("https://shop.example/", hosts);
    expect(addresses.publicUrl).toBe("https://shop.example");
    expect(addresses.forMarket("de")).toBe("https://pitchside.de");
    expect(addresses.forMarket("FR")).toBe("https://pitchside.fr");
    expect(addresses.forMarket("dk")).toBe("https://shop.example");
    const local = publicAddresses("http://localhost:3000", hosts);
    expect(local.forMarket("de")).toBe("http://pitchside.de:3000");
    expect(local.hosts).toEqual([
      { host: "pitchside.de", market: "de", url: "http://pitchside.de:3000" },
      { host: "www.pitchside.de", market: "de", url: "http://www.pitchside.de:3000" },
      { host: "pitchside.fr", market: "fr", url: "http://pitchside.fr:3000" },
    ]);
    expect(publicAddresses("https://shop.example:443", {}).forMarket("de")).toBe("https://shop.example");
  });

  it("answer a request with the configured host it came to, else its market's, never the Host itself", () => {
    const addresses = publicAddresses("https://shop.example", hosts);
    expect(addresses.forRequest("www.pitchside.de", "de")).toBe("https://www.pitchside.de");
    expect(addresses.forRequest("SHOP.example:8443", "de")).toBe("https://shop.example");
    expect(addresses.forRequest("attacker.example", "fr")).toBe("https://pitchside.fr");
    expect(addresses.forRequest("attacker.example", "dk")).toBe("https://shop.example");
    expect(addresses.forRequest(undefined, "dk")).toBe("https://shop.example");
  });

  it("know PUBLIC_URL's host and every market host, in any case, on any port, and no other", () => {
    const addresses = publicAddresses("http://127.0.0.1:3210", hosts);
    for (const host of ["127.0.0.1:3210", "127.0.0.1", "pitchside.de", "PITCHSIDE.fr:443", "pitchside.de."])
      expect(addresses.isKnownHost(host), host).toBe(true);
    for (const host of [
      undefined,
      "",
      "attacker.example",
      "pitchside.de.attacker.example",
      "constructor",
      ":80",
    ])
      expect(addresses.isKnownHost(host), String(host)).toBe(false);
    expect(publicAddresses("http://[::1]:3000", {}).isKnownHost("[::1]:3000")).toBe(true);
  });

  it("refuse a PUBLIC_URL or MARKET_HOSTS value that links cannot be built on", () => {
    for (const url of [
      "shop.example",
      "ftp://shop.example",
      "https://shop.example/shop",
      "https://a@shop.example",
    ])
      expect(() => publicAddresses(url, {}), url).toThrow(PublicAddressError);
    const maps: Record<string, string>[] = [
      { "pitchside.de": "xx" },
      { "pitchside.de:8080": "de" },
      { "https://pitchside.de": "de" },
    ];
    for (const map of maps)
      expect(() => publicAddresses("https://shop.example", map), JSON.stringify(map)).toThrow(
        PublicAddressError,
      );
  });
});

describe("a Host header's host name", () => {
  it("is lower case, without port or trailing dot, an IPv6 address in brackets", () => {
    expect(hostnameOf("Pitchside.DE:8080")).toBe("pitchside.de");
    expect(hostnameOf("pitchside.de.")).toBe("pitchside.de");
    expect(hostnameOf("[::1]:3000")).toBe("[::1]");
    expect(hostnameOf(undefined)).toBe("");
  });

  it("chooses a market only through the host map's own entries", () => {
    const resolve = (host: string) =>
      resolveMarket({
        host,
        marketCookie: undefined,
        languageCookie: undefined,
        hostMarkets: { "pitchside.de": "de" },
        defaultMarket: "dk",
      }).market.code;
    expect(resolve("pitchside.de:443")).toBe("de");
    expect(resolve("constructor")).toBe("dk");
    expect(resolve("__proto__")).toBe("dk");
  });
});
