import { describe, expect, it } from "vitest";
import { readShellAgain } from "./visitor-shell.ts";

const at = (path: string) => new URL(path, "https://pitchside.test");

describe("the shell's data on a navigation", () => {
  it("is not read again when the shopper goes to another page or changes a filter", () => {
    for (const [from, to] of [
      ["/football-boots/", "/p/strikon-blaze-elite-fg-silver/"],
      ["/p/strikon-blaze-elite-fg-silver/", "/p/strikon-blaze-elite-fg-black/"],
      ["/football-boots/", "/football-boots/?sort=price-asc"],
      ["/search/?q=boots", "/search/?q=gloves"],
    ] as const)
      expect(
        readShellAgain({
          currentUrl: at(from),
          nextUrl: at(to),
          formMethod: undefined,
          defaultShouldRevalidate: true,
        }),
      ).toBe(false);
  });

  it("is not read again for the header's search form (a GET form is a navigation)", () => {
    expect(
      readShellAgain({
        currentUrl: at("/"),
        nextUrl: at("/search/?q=keeper"),
        formMethod: "GET",
        defaultShouldRevalidate: true,
      }),
    ).toBe(false);
  });

  it("is read again when a component asks (the same address: after an add to bag, a favourite, a consent choice)", () => {
    expect(
      readShellAgain({
        currentUrl: at("/p/strikon-blaze-elite-fg-silver/"),
        nextUrl: at("/p/strikon-blaze-elite-fg-silver/"),
        formMethod: undefined,
        defaultShouldRevalidate: true,
      }),
    ).toBe(true);
  });

  it("is read again after a form that changed something, unless React Router says not to (an error answer)", () => {
    const sent = { currentUrl: at("/cart/"), nextUrl: at("/cart/?step=2"), formMethod: "POST" as const };
    expect(readShellAgain({ ...sent, defaultShouldRevalidate: true })).toBe(true);
    expect(readShellAgain({ ...sent, defaultShouldRevalidate: false })).toBe(false);
  });
});
