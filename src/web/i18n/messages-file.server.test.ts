import { describe, expect, it } from "vitest";
import { UI_LOCALES } from "#modules/markets/markets.service.ts";
import { CATALOGUES } from "./messages.server.ts";
import { messagesFileAt, messagesFileFor } from "./messages-file.server.ts";

describe("the interface texts' files", () => {
  it("hold a language's whole catalogue under an address that names its content", () => {
    const da = messagesFileFor("da");
    expect(JSON.parse(da.body)).toEqual(CATALOGUES.da);
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
