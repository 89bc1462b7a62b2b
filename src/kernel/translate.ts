/** A text in several languages, keyed by UI locale ("da", "de-AT", "en", …). */
export type Translated = Record<string, string>;

/** The text in the shopper's locale, else its base language, else English, else any language there is. */
export function translate(text: Translated | null | undefined, locale: string): string {
  if (!text) return "";
  return text[locale] ?? text[locale.split("-")[0] ?? ""] ?? text.en ?? Object.values(text)[0] ?? "";
}
