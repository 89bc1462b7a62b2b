import { describe, expect, it } from "vitest";
import { sameOriginPath } from "./redirect-target.ts";

/** Where a browser on the shop would really go for a target: resolved as location.assign does. */
const browserGoesTo = (target: string) => new URL(target, "https://shop.example/account/login/");

describe("sameOriginPath: a redirect target from a query, as the browser will follow it", () => {
  it.each([
    ["backslash for slash (/%5Cevil)", "/\\evil.example/phish"],
    ["backslash only", "\\\\evil.example"],
    ["slash then backslash", "/\\/evil.example"],
    ["tab inside //", "/\t/evil.example"],
    ["newline inside //", "/\n/evil.example"],
    ["carriage return and line feed", "/\r\n/evil.example"],
    ["protocol-relative", "//evil.example"],
    ["three slashes", "///evil.example"],
    ["encoded slashes", "/%2F%2Fevil.example"],
    ["encoded slashes, lower case", "/%2f%2fevil.example"],
    ["encoded backslash", "/%5Cevil.example"],
    ["dot segments collapsing to //", "/..//evil.example"],
    ["encoded dot segments collapsing to //", "/%2e%2e//evil.example"],
    ["javascript: scheme", "javascript:alert(document.cookie)"],
    ["javascript: scheme after a space", " javascript:alert(1)"],
    ["data: scheme", "data:text/html,<script>alert(1)</script>"],
    ["absolute URL", "https://evil.example/"],
    ["absolute URL with the shop's look", "https://shop.example.evil.example/"],
    ["scheme without slashes", "https:evil.example"],
    ["leading space", " /account/home/"],
    ["leading tab", "\t//evil.example"],
    ["trailing newline", "/account/home/\n"],
    ["NUL", "/account/\u0000home/"],
    ["DEL", "/account/\u007fhome/"],
    ["non-breaking space", "/\u00a0/evil.example"],
    ["line separator", "/\u2028/evil.example"],
    ["zero-width space", "/\u200b/evil.example"],
    ["right-to-left override", "/account/\u202ehome/"],
    ["a relative path", "account/home/"],
    ["a query alone", "?next=//evil.example"],
    ["a fragment alone", "#top"],
    ["empty", ""],
    ["too long", `/${"a".repeat(2048)}`],
  ])("refuses %s", (_case, target) => {
    expect(sameOriginPath(target)).toBeNull();
  });

  it("refuses what is not a string", () => {
    expect(sameOriginPath(null)).toBeNull();
    expect(sameOriginPath(undefined)).toBeNull();
  });

  it.each([
    ["/account/home/", "/account/home/"],
    ["/p/x/?size=1#a", "/p/x/?size=1#a"],
    ["/", "/"],
    ["/search/?q=red%20boots&sort=price-asc", "/search/?q=red%20boots&sort=price-asc"],
    ["/football-boots/?brand=a%2Fb", "/football-boots/?brand=a%2Fb"],
    ["/p/x/?next=//evil.example", "/p/x/?next=//evil.example"],
    ["/account/orders/../home/", "/account/home/"],
    ["/p/fodboldstøvler/", "/p/fodboldst%C3%B8vler/"],
  ])("follows the shop's own path %j", (target, expected) => {
    expect(sameOriginPath(target)).toBe(expected);
  });

  it("answers only paths a browser keeps on the shop", () => {
    const targets = ["/account/home/", "/p/x/?size=1#a", "/a/./b/../c/?d=e", "/%7Euser/"];
    for (const target of targets) {
      const path = sameOriginPath(target);
      expect(path).not.toBeNull();
      expect(browserGoesTo(path as string).origin).toBe("https://shop.example");
    }
  });
});
