import { renderToString } from "react-dom/server";
import { RawIntlProvider, useIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import type { Filter } from "#modules/search/listing.contract.ts";
import { messagesFor } from "#web/i18n/messages.server.ts";
import { sharedIntl } from "#web/i18n/shared-intl.ts";
import { FilterValueItems } from "#web/routes/listing/listing-view.tsx";
import { keptMarkup, keptParts } from "./kept-markup.server.tsx";

const danish = sharedIntl("da-DK", messagesFor("da"));
const german = sharedIntl("de-DE", messagesFor("de"));

const brands: Filter = {
  key: "brand",
  name: "filter.brand",
  values: [
    { name: "fenwick", label: 'Fenwick "Élite" <Blå> & Rød', count: 12, selected: true, has_logo: true },
    { name: "strikon", label: "Strikon", count: 3, selected: false, has_logo: false },
  ],
};
const colours: Filter = {
  key: "color",
  name: "filter.color",
  values: [{ name: "black", label: "black", count: 7, selected: false }],
};

/** The values as React renders them in place. */
const inPlace = (intl: typeof danish, filter: Filter, search: string) =>
  renderToString(
    <RawIntlProvider value={intl}>
      <FilterValueItems filter={filter} values={filter.values} currency="DKK" search={search} />
    </RawIntlProvider>,
  );

const items = (filter: Filter, search: string) => (
  <FilterValueItems filter={filter} values={filter.values} currency="DKK" search={search} />
);

let renders = 0;
function Counted() {
  renders++;
  return <span>{useIntl().formatMessage({ id: "listing.filters" })}</span>;
}

describe("a part of a page kept as markup", () => {
  it("is drawn in place when first asked for, then kept and written exactly as React draws it", () => {
    const search = "?sort=price-asc&brand=fenwick&q=%22bl%C3%A5%22";
    const key = `test-values\u0000${search}`;
    expect(keptMarkup(key, danish, items(brands, search))).toBeNull();
    const kept = keptMarkup(key, danish, items(brands, search));
    expect(kept).toBe(inPlace(danish, brands, search));
    expect(kept).toContain("Fenwick &quot;Élite&quot; &lt;Blå&gt; &amp; Rød");
    expect(kept).toContain('aria-checked="true"');
  });

  it("renders a kept part once: later asks get the kept text, not a new render", () => {
    renders = 0;
    const key = "test-counted";
    keptMarkup(key, danish, <Counted />);
    const first = keptMarkup(key, danish, <Counted />);
    const before = keptParts();
    for (let ask = 0; ask < 5; ask++) expect(keptMarkup(key, danish, <Counted />)).toBe(first);
    expect(renders).toBe(1);
    expect(keptParts()).toBe(before);
  });

  it("keeps a part per language: German values are German", () => {
    const key = "test-colours";
    keptMarkup(key, danish, items(colours, ""));
    keptMarkup(key, german, items(colours, ""));
    const da = keptMarkup(key, danish, items(colours, ""));
    const de = keptMarkup(key, german, items(colours, ""));
    expect(da).toBe(inPlace(danish, colours, ""));
    expect(de).toBe(inPlace(german, colours, ""));
    expect(da).not.toBe(de);
  });
});
