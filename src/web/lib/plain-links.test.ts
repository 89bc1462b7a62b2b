import { describe, expect, it } from "vitest";
import { KEEP_SCROLL, PLAIN_LINK, plainLink, plainLinkDestination } from "./plain-links.ts";

const click = {
  button: 0,
  metaKey: false,
  altKey: false,
  ctrlKey: false,
  shiftKey: false,
  defaultPrevented: false,
};

function anchor(attributes: Record<string, string>) {
  return {
    getAttribute: (name: string) => attributes[name] ?? null,
    hasAttribute: (name: string) => name in attributes,
  };
}

describe("plain links", () => {
  it("carry the address and the marker, nothing more (every route is known from the first page)", () => {
    expect(plainLink("/p/strikon-blaze-elite-fg-silver/?sid=12")).toEqual({
      href: "/p/strikon-blaze-elite-fg-silver/?sid=12",
      [PLAIN_LINK]: "",
    });
    expect(plainLink("?brand=strikon", { keepScroll: true })).toMatchObject({ [KEEP_SCROLL]: "" });
  });

  it("go in the page on a plain left click: a product, or a filter that keeps the scroll position", () => {
    expect(plainLinkDestination(click, anchor(plainLink("/p/strikon-blaze-elite-fg-silver/")))).toEqual({
      to: "/p/strikon-blaze-elite-fg-silver/",
      preventScrollReset: false,
      replace: false,
    });
    expect(
      plainLinkDestination(
        click,
        anchor(plainLink("?brand=strikon|nordvik&color=black", { keepScroll: true })),
      ),
    ).toEqual({ to: "?brand=strikon|nordvik&color=black", preventScrollReset: true, replace: false });
  });

  it("replace the history entry when they lead to the address already shown, as <Link> does", () => {
    const here = { pathname: "/football-boots/", search: "?sort=price-asc", hash: "" };
    const to = (href: string, current = here) =>
      plainLinkDestination(click, anchor(plainLink(href)), current)?.replace;
    expect(to("/football-boots/?sort=price-asc")).toBe(true);
    expect(to("?sort=price-asc")).toBe(true);
    expect(to("/football-boots/")).toBe(false);
    expect(to("?sort=price-desc")).toBe(false);
    expect(to("/", { pathname: "/", search: "", hash: "" })).toBe(true);
    expect(to("/", { pathname: "/", search: "", hash: "#main" })).toBe(false);
  });

  it("are left to the browser for a new tab or window, another button, or a click already handled", () => {
    const link = anchor(plainLink("/p/strikon-blaze-elite-fg-silver/"));
    for (const modified of [
      { ...click, metaKey: true },
      { ...click, ctrlKey: true },
      { ...click, shiftKey: true },
      { ...click, altKey: true },
      { ...click, button: 1 },
      { ...click, defaultPrevented: true },
    ])
      expect(plainLinkDestination(modified, link)).toBeNull();
  });

  it("are left to the browser when not marked, aimed elsewhere, a download, or off the shop's own paths", () => {
    expect(plainLinkDestination(click, null)).toBeNull();
    expect(plainLinkDestination(click, anchor({ href: "/football-boots/" }))).toBeNull();
    for (const attributes of [
      { ...plainLink("/p/x/"), target: "_blank" },
      { ...plainLink("/media/size-guide.pdf"), download: "" },
      plainLink("https://elsewhere.example/p/x/"),
      plainLink("//elsewhere.example/p/x/"),
      plainLink("javascript:alert(1)"),
      plainLink(""),
    ])
      expect(plainLinkDestination(click, anchor(attributes))).toBeNull();
    expect(plainLinkDestination(click, anchor({ ...plainLink("/p/x/"), target: "_self" }))).not.toBeNull();
  });
});
