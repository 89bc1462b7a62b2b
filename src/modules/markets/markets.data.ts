/**
 * The shop's markets: the 17 countries of the spec, with currency, VAT, language and free-delivery
 * limit (minor units). Rates are the standard VAT rates in force in 2026.
 */
/**
 * The shop's UI locales: the eleven of the spec, plus Italian and Spanish added by an operator the
 * way the README describes (one catalogue folder + content texts). Other markets read English.
 */
export const UI_LOCALES = [
  "da",
  "sv",
  "nb",
  "fi",
  "de",
  "de-AT",
  "en",
  "en-GB",
  "nl",
  "fr",
  "pl",
  "it",
  "es",
] as const;
export type UiLocale = (typeof UI_LOCALES)[number];

export interface Market {
  /** Two-letter shop code, as in the spec's country list. */
  code: string;
  /** Three-letter code used by the address forms (dnk, aut, …). */
  alpha3: string;
  /** ISO 3166 alpha-2, upper case (DK, AT, …). */
  countryCode: string;
  currency: string;
  /** Standard VAT rate in percent. */
  vatRate: number;
  /** The UI locale used unless the shopper picks another. */
  locale: UiLocale;
  /** BCP 47 tag for Intl formatting of money and dates. */
  intlLocale: string;
  /** Orders at or above this total (minor units) ship free with the default method. */
  freeDeliveryLimit: number;
}

export const MARKETS: readonly Market[] = [
  {
    code: "dk",
    alpha3: "dnk",
    countryCode: "DK",
    currency: "DKK",
    vatRate: 25,
    locale: "da",
    intlLocale: "da-DK",
    freeDeliveryLimit: 49_900,
  },
  {
    code: "at",
    alpha3: "aut",
    countryCode: "AT",
    currency: "EUR",
    vatRate: 20,
    locale: "de-AT",
    intlLocale: "de-AT",
    freeDeliveryLimit: 5_900,
  },
  {
    code: "de",
    alpha3: "deu",
    countryCode: "DE",
    currency: "EUR",
    vatRate: 19,
    locale: "de",
    intlLocale: "de-DE",
    freeDeliveryLimit: 5_900,
  },
  {
    code: "fi",
    alpha3: "fin",
    countryCode: "FI",
    currency: "EUR",
    vatRate: 25.5,
    locale: "fi",
    intlLocale: "fi-FI",
    freeDeliveryLimit: 5_900,
  },
  {
    code: "fr",
    alpha3: "fra",
    countryCode: "FR",
    currency: "EUR",
    vatRate: 20,
    locale: "fr",
    intlLocale: "fr-FR",
    freeDeliveryLimit: 5_900,
  },
  {
    code: "nl",
    alpha3: "nld",
    countryCode: "NL",
    currency: "EUR",
    vatRate: 21,
    locale: "nl",
    intlLocale: "nl-NL",
    freeDeliveryLimit: 5_900,
  },
  {
    code: "no",
    alpha3: "nor",
    countryCode: "NO",
    currency: "NOK",
    vatRate: 25,
    locale: "nb",
    intlLocale: "nb-NO",
    freeDeliveryLimit: 69_900,
  },
  {
    code: "pl",
    alpha3: "pol",
    countryCode: "PL",
    currency: "PLN",
    vatRate: 23,
    locale: "pl",
    intlLocale: "pl-PL",
    freeDeliveryLimit: 24_900,
  },
  {
    code: "se",
    alpha3: "swe",
    countryCode: "SE",
    currency: "SEK",
    vatRate: 25,
    locale: "sv",
    intlLocale: "sv-SE",
    freeDeliveryLimit: 69_900,
  },
  {
    code: "it",
    alpha3: "ita",
    countryCode: "IT",
    currency: "EUR",
    vatRate: 22,
    locale: "it",
    intlLocale: "it-IT",
    freeDeliveryLimit: 5_900,
  },
  {
    code: "gr",
    alpha3: "grc",
    countryCode: "GR",
    currency: "EUR",
    vatRate: 24,
    locale: "en",
    intlLocale: "el-GR",
    freeDeliveryLimit: 5_900,
  },
  {
    code: "hr",
    alpha3: "hrv",
    countryCode: "HR",
    currency: "EUR",
    vatRate: 25,
    locale: "en",
    intlLocale: "hr-HR",
    freeDeliveryLimit: 5_900,
  },
  {
    code: "si",
    alpha3: "svn",
    countryCode: "SI",
    currency: "EUR",
    vatRate: 22,
    locale: "en",
    intlLocale: "sl-SI",
    freeDeliveryLimit: 5_900,
  },
  {
    code: "es",
    alpha3: "esp",
    countryCode: "ES",
    currency: "EUR",
    vatRate: 21,
    locale: "es",
    intlLocale: "es-ES",
    freeDeliveryLimit: 5_900,
  },
  {
    code: "hu",
    alpha3: "hun",
    countryCode: "HU",
    currency: "HUF",
    vatRate: 27,
    locale: "en",
    intlLocale: "hu-HU",
    freeDeliveryLimit: 2_290_000,
  },
  {
    code: "cz",
    alpha3: "cze",
    countryCode: "CZ",
    currency: "CZK",
    vatRate: 21,
    locale: "en",
    intlLocale: "cs-CZ",
    freeDeliveryLimit: 149_900,
  },
  {
    code: "sk",
    alpha3: "svk",
    countryCode: "SK",
    currency: "EUR",
    vatRate: 23,
    locale: "en",
    intlLocale: "sk-SK",
    freeDeliveryLimit: 5_900,
  },
];

/** BCP 47 tags for each UI locale (message catalogues and html lang). */
export const LOCALE_TAGS: Record<UiLocale, string> = {
  da: "da-DK",
  sv: "sv-SE",
  nb: "nb-NO",
  fi: "fi-FI",
  de: "de-DE",
  "de-AT": "de-AT",
  en: "en",
  "en-GB": "en-GB",
  nl: "nl-NL",
  fr: "fr-FR",
  pl: "pl-PL",
  it: "it-IT",
  es: "es-ES",
};

/**
 * The shop's legal entity, printed as the seller on invoices. DEMO VALUES: an invented company,
 * address and registration number; an operator replaces them with the real ones.
 */
export const SELLER = {
  legalName: "Pitchside ApS",
  street: "Stadionvej 1",
  postCode: "2100",
  city: "København Ø",
  /** ISO 3166 alpha-2 of the seat (its name is printed in the invoice's language). */
  countryCode: "DK",
  /** Company registration (CVR), DEMO. */
  registration: "CVR 12345678",
  email: "kundeservice@pitchside.example",
  /** The seller's books are kept in this time zone: an invoice's dates are its calendar days. */
  timeZone: "Europe/Copenhagen",
} as const;

/**
 * The seller's VAT number in each market (registered for VAT where it sells; Norway's is its VOEC
 * number). DEMO VALUES in each country's format, not real registrations.
 */
export const SELLER_VAT_NUMBERS: Readonly<Record<string, string>> = {
  dk: "DK12345678",
  at: "ATU12345678",
  de: "DE123456789",
  fi: "FI12345678",
  fr: "FR12123456789",
  nl: "NL123456789B01",
  no: "VOEC 2012345",
  pl: "PL1234567890",
  se: "SE123456789001",
  it: "IT12345678901",
  gr: "EL123456789",
  hr: "HR12345678901",
  si: "SI12345678",
  es: "ESB12345678",
  hu: "HU12345678",
  cz: "CZ12345678",
  sk: "SK1234567890",
};
