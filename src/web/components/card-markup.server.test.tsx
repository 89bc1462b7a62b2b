import { renderToString } from "react-dom/server";
import { RawIntlProvider } from "react-intl";
import { StaticRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { messagesFor } from "#web/i18n/messages.server.ts";
import { sharedIntl } from "#web/i18n/shared-intl.ts";
import { cardMarkup, cardRenders } from "./card-markup.server.tsx";
import { ServerFavourites } from "./favourites-context.tsx";
import { type CardView, ProductCard } from "./product-card.tsx";

const card: CardView = {
  product_id: 4711,
  name: "Fenwick Comet Élite FG \"Junior\" <Blå> & 'Rød'",
  style: "FW-4711",
  brand: "Fenwick",
  image: "/media/products/4711/0.svg",
  relative_url: "/p/fenwick-comet-elite-fg-junior/",
  delivery: null,
  is_exclusive: false,
  labels: ["limited"],
  sizes: [{ name_short: "38" }, { name_short: "38⅔" }],
  prices: {
    min_price: 1049.5,
    recommended_retail_price: 1499,
    currency: "DKK",
    discount_percentage: 30,
    lowest_price_30_days: 1099,
  },
};

/** The card as React renders it in place on a page at `location`. */
function inPlace(
  view: CardView,
  {
    context = "listing",
    location,
    loggedIn,
    searchId = null,
    locale = "da-DK",
  }: {
    context?: "listing" | "carousel";
    location: string;
    loggedIn: boolean;
    searchId?: number | null;
    locale?: string;
  },
) {
  return renderToString(
    <RawIntlProvider value={sharedIntl(locale, messagesFor(locale === "da-DK" ? "da" : "de"))}>
      <ServerFavourites loggedIn={loggedIn}>
        <StaticRouter location={location}>
          <ProductCard card={view} context={context} searchId={searchId} />
        </StaticRouter>
      </ServerFavourites>
    </RawIntlProvider>,
  );
}

const danish = sharedIntl("da-DK", messagesFor("da"));

describe("a listing card's kept markup", () => {
  it("is exactly what React renders in place, for a visitor on any listing address", () => {
    for (const next of [
      "/football-boots/",
      "/football-boots/?color=black&sort=price-asc&brand=O'Neill",
      "/search/?q=støvler%20%E2%9A%BD&page=2",
    ]) {
      const kept = cardMarkup(card, {
        intl: danish,
        context: "listing",
        searchId: null,
        loggedIn: false,
        next,
      });
      expect(kept).toBe(inPlace(card, { location: next, loggedIn: false }));
      expect(kept).toContain("/account/login/?next=");
    }
  });

  it("is exactly what React renders for a member, and for a search's card", () => {
    const member = cardMarkup(card, {
      intl: danish,
      context: "listing",
      searchId: 991,
      loggedIn: true,
      next: "/search/?q=fg",
    });
    expect(member).toBe(inPlace(card, { location: "/search/?q=fg", loggedIn: true, searchId: 991 }));
    expect(member).toContain("sid=991");
    expect(member).not.toContain("/account/login/");
  });

  it("renders a card once per language and log-in state, and again when its data changes", () => {
    const options = {
      intl: danish,
      context: "listing" as const,
      searchId: null,
      loggedIn: false,
      next: "/football-boots/",
    };
    const other = { ...card, product_id: 4712, relative_url: "/p/another/" };
    cardMarkup(other, options);
    const before = cardRenders();
    cardMarkup(other, { ...options, next: "/football-boots/?sort=price-asc" });
    expect(cardRenders()).toBe(before);

    const cheaper = { ...other, prices: { ...other.prices, min_price: 999 } };
    const changed = cardMarkup(cheaper, options);
    expect(cardRenders()).toBe(before + 1);
    expect(changed).toContain("999,00");

    const german = cardMarkup(other, { ...options, intl: sharedIntl("de-DE", messagesFor("de")) });
    expect(cardRenders()).toBe(before + 2);
    expect(german).toBe(inPlace(other, { location: "/football-boots/", loggedIn: false, locale: "de-DE" }));
  });

  it("serves every search from one kept card: the search's id is put in, not kept", () => {
    const found = { ...card, product_id: 4714, relative_url: "/p/found/" };
    const options = { intl: danish, context: "listing" as const, loggedIn: false, next: "/search/?q=fg" };
    const first = cardMarkup(found, { ...options, searchId: 17 });
    const before = cardRenders();
    const second = cardMarkup(found, { ...options, searchId: 123456, next: "/search/?q=støvler" });
    expect(cardRenders()).toBe(before);
    expect(first).toBe(inPlace(found, { location: "/search/?q=fg", loggedIn: false, searchId: 17 }));
    expect(second).toBe(
      inPlace(found, { location: "/search/?q=støvler", loggedIn: false, searchId: 123456 }),
    );
    expect(second).toContain("/p/found/?sid=123456");
  });

  it("renders a card anew when the language's texts change (development)", () => {
    const other = { ...card, product_id: 4715 };
    const options = { context: "listing" as const, searchId: null, loggedIn: true, next: "/" };
    const texts = messagesFor("da");
    const changed = sharedIntl("da-DK", { ...texts, "card.sizes": "Str. {sizes}" });
    try {
      expect(cardMarkup(other, { ...options, intl: changed })).toContain("Str. 38, 38⅔");
    } finally {
      sharedIntl("da-DK", texts);
    }
    expect(cardMarkup(other, { ...options, intl: danish })).not.toContain("Str. 38, 38⅔");
  });

  it("keeps a carousel's card apart from a listing's: it names fewer sizes", () => {
    const sized = {
      ...card,
      product_id: 4713,
      sizes: [{ name_short: "38" }, { name_short: "39" }, { name_short: "40" }],
    };
    const options = { intl: danish, searchId: null, loggedIn: false, next: "/" };
    const listing = cardMarkup(sized, { ...options, context: "listing" });
    const carousel = cardMarkup(sized, { ...options, context: "carousel" });
    expect(listing).toBe(inPlace(sized, { location: "/", loggedIn: false }));
    expect(carousel).toBe(inPlace(sized, { context: "carousel", location: "/", loggedIn: false }));
    expect(listing).toContain("38, 39, 40");
    expect(carousel).not.toContain("38, 39, 40");
  });

  it("escapes the card's own text as React does (no markup from a product's name)", () => {
    const kept = cardMarkup(card, {
      intl: danish,
      context: "listing",
      searchId: null,
      loggedIn: true,
      next: "/",
    });
    expect(kept).not.toContain("<Blå>");
    expect(kept).toContain("&lt;Blå&gt;");
  });
});
