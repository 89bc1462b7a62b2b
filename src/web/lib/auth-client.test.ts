import { describe, expect, it } from "vitest";
import { safeNext } from "./auth-client.ts";

/** `next` as the log-in page reads it: the query string decoded once, as URLSearchParams does. */
const nextOf = (query: string) => new URLSearchParams(query).get("next");

describe("safeNext: where the log-in page goes after a successful log-in", () => {
  it.each([
    "next=/%5Cevil.example/phish",
    "next=/%09/evil.example",
    "next=/%0A/evil.example",
    "next=/%0D%0A/evil.example",
    "next=%2F%2Fevil.example",
    "next=/%2F%2Fevil.example",
    "next=https://evil.example/",
    "next=javascript:alert(1)",
    "next=%20/evil.example",
    "next=/..//evil.example",
  ])("stays on the shop for ?%s", (query) => {
    expect(safeNext(nextOf(query))).toBe("/account/home/");
  });

  it("follows the shop's own paths", () => {
    expect(safeNext(nextOf("next=%2Fp%2Fstrike-fg%2F%3Fsize%3D42%23reviews"))).toBe(
      "/p/strike-fg/?size=42#reviews",
    );
    expect(safeNext(nextOf("next=/account/home/"))).toBe("/account/home/");
    expect(safeNext(null, "/cart/")).toBe("/cart/");
  });
});
