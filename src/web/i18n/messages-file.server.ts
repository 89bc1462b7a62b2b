import { createHash } from "node:crypto";
import { parse } from "@formatjs/icu-messageformat-parser";
import type { UiLocale } from "#modules/markets/markets.service.ts";
import { UI_LOCALES } from "#modules/markets/markets.service.ts";
import { CATALOGUES } from "./messages.server.ts";

/**
 * The interface texts of a locale as a static file: its JSON body, serialised once per process, and
 * an address carrying a hash of that body. A page links the address (the browser preloads it and
 * keeps it for a year) instead of carrying the ~1,100 texts in its own HTML on every request; a
 * change of any text gives a new address (decision 0050).
 *
 * The texts go out already parsed (ICU message syntax trees), so the browser's build carries no
 * message parser (the build points the parser at its no-parser entry, vite.config.ts): 7–8 KB less
 * JavaScript on every page and no parsing on the shopper's phone, for ~2 KB more in this file.
 */
export interface MessagesFile {
  locale: UiLocale;
  hash: string;
  url: string;
  body: string;
}

const files = new Map<string, MessagesFile>();

export function messagesFileFor(locale: UiLocale): MessagesFile {
  let file = files.get(locale);
  if (!file) {
    const texts = CATALOGUES[locale] ?? CATALOGUES.en;
    const body = JSON.stringify(
      Object.fromEntries(Object.entries(texts).map(([id, text]) => [id, parse(text)])),
    );
    const hash = createHash("sha256").update(body).digest("base64url").slice(0, 12);
    file = { locale, hash, url: `/i18n/${locale}.${hash}.json`, body };
    files.set(locale, file);
  }
  return file;
}

/**
 * The file an address names (`<locale>.<hash>.json`): `current` is false when the hash is not this
 * build's (a page of an earlier build asking after a deploy gets today's texts, not cached for long).
 */
export function messagesFileAt(name: string): { file: MessagesFile; current: boolean } | null {
  const match = /^([A-Za-z-]{2,5})\.([A-Za-z0-9_-]{1,64})\.json$/.exec(name);
  if (!match) return null;
  const locale = UI_LOCALES.find((code) => code === match[1]);
  if (!locale) return null;
  const file = messagesFileFor(locale);
  return { file, current: file.hash === match[2] };
}
