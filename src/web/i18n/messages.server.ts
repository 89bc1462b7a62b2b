import type { UiLocale } from "#modules/markets/markets.service.ts";
import { UI_LOCALES } from "#modules/markets/markets.service.ts";

export type Messages = Record<string, string>;

/**
 * Catalogues live in messages/<locale>/<area>.json so each feature keeps its own strings; every
 * locale must hold every id (i18n/catalogues.test.ts compares them).
 */
const files = import.meta.glob<Messages>("./messages/*/*.json", { eager: true, import: "default" });

export const CATALOGUES = Object.fromEntries(
  UI_LOCALES.map((locale) => {
    const merged: Messages = {};
    for (const [file, messages] of Object.entries(files)) {
      if (file.split("/")[2] === locale) Object.assign(merged, messages);
    }
    return [locale, merged];
  }),
) as Record<UiLocale, Messages>;

export function messagesFor(locale: UiLocale): Messages {
  return CATALOGUES[locale] ?? CATALOGUES.en;
}
