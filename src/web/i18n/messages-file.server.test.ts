import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { UI_LOCALES } from "#modules/markets/markets.service.ts";
import { CATALOGUES } from "./messages.server.ts";
import { messagesFileAt, messagesFileFor } from "./messages-file.server.ts";

describe("the interface texts' files", () => {
  it("hold a language's whole catalogue under an address that names its content", () => {
    const da = messagesFileFor("da");
    // Every text, parsed: formatted from the file it reads as the catalogue's own text does.
    const parsed = JSON.parse(da.body);
    expect(Object.keys(parsed).sort()).toEqual(Object.keys(CATALOGUES.da).sort());
    const values = { count: 3, average: "4,5", category: "Fodboldstøvler" };
    for (const id of ["reviews.summary", "shell.nav.all", "toast.count", "reviews.thanks"])
      expect(new IntlMessageFormat(parsed[id], "da").format(values)).toBe(
        new IntlMessageFormat(CATALOGUES.da[id] as string, "da").format(values),
      );
    expect(da.url).toBe(`/i18n/da.${da.hash}.json`);
    // Each language has its own address; asking again gives the same one.
    const urls = new Set(UI_LOCALES.map((locale) => messagesFileFor(locale).url));
    expect(urls.size).toBe(UI_LOCALES.length);
    expect(messagesFileFor("da")).toBe(da);
  });

  it("are found by their address; an earlier build's address gets today's texts, marked as not current", () => {
    const de = messagesFileFor("de-AT");
    expect(messagesFileAt(`de-AT.${de.hash}.json`)).toEqual({ file: de, current: true });
    expect(messagesFileAt("de-AT.0ld-hash.json")).toEqual({ file: de, current: false });
    for (const name of ["xx.abc.json", "da.json", "../da.abc.json", `da.${"a".repeat(65)}.json`, "da.abc.js"])
      expect(messagesFileAt(name)).toBeNull();
  });
});
