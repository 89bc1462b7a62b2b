import { z } from "zod";
import { MARKETS, type UiLocale } from "./markets.data.ts";

/**
 * Address forms per country, as field definitions the server sends and both the browser form and the
 * API check with the same rules (`addressProblem`). Labels and error messages are translation ids;
 * an error message may use {example}, {min} and {max}, filled from the field itself.
 */
export interface FormField {
  name: AddressFieldName;
  label: string;
  type: "charField" | "choiceField" | "emailField" | "phoneField";
  required: boolean;
  pattern: string | null;
  min_length: number | null;
  max_length: number | null;
  error_messages: {
    required: string;
    pattern?: string;
    min_length?: string;
    max_length?: string;
    invalid_choice?: string;
  };
  placeholder: string;
  auto_complete: string;
  choices: { value: string; label: string }[] | null;
  initial: string;
  expandable: boolean;
  help_message: string | null;
}

/** A stored address: the address form's values (country as its three-letter code). */
export type StoredAddress = Partial<Record<AddressFieldName, string>>;

/** Every field an address form may have, in the order the forms show them. */
export const ADDRESS_FIELD_NAMES = [
  "country",
  "name",
  "company",
  "address",
  "addr_number",
  "address2",
  "post_nummer",
  "town",
  "state",
  "phone",
  "email",
] as const;
export type AddressFieldName = (typeof ADDRESS_FIELD_NAMES)[number];

interface CountryRules {
  /** The post code as people write it; a single space where one is customary may be left out. */
  postCode: string;
  example: string;
  /** The house number has its own field (Germany, the Netherlands, …). */
  houseNumber: boolean;
  /** A province or state must be chosen. */
  states?: [string, string][];
}

const ITALIAN_PROVINCES: [string, string][] = Object.entries({
  AG: "Agrigento",
  AL: "Alessandria",
  AN: "Ancona",
  AO: "Aosta",
  AR: "Arezzo",
  AP: "Ascoli Piceno",
  AT: "Asti",
  AV: "Avellino",
  BA: "Bari",
  BT: "Barletta-Andria-Trani",
  BL: "Belluno",
  BN: "Benevento",
  BG: "Bergamo",
  BI: "Biella",
  BO: "Bologna",
  BZ: "Bolzano",
  BS: "Brescia",
  BR: "Brindisi",
  CA: "Cagliari",
  CL: "Caltanissetta",
  CB: "Campobasso",
  CE: "Caserta",
  CT: "Catania",
  CZ: "Catanzaro",
  CH: "Chieti",
  CO: "Como",
  CS: "Cosenza",
  CR: "Cremona",
  KR: "Crotone",
  CN: "Cuneo",
  EN: "Enna",
  FM: "Fermo",
  FE: "Ferrara",
  FI: "Firenze",
  FG: "Foggia",
  FC: "Forlì-Cesena",
  FR: "Frosinone",
  GE: "Genova",
  GO: "Gorizia",
  GR: "Grosseto",
  IM: "Imperia",
  IS: "Isernia",
  AQ: "L'Aquila",
  SP: "La Spezia",
  LT: "Latina",
  LE: "Lecce",
  LC: "Lecco",
  LI: "Livorno",
  LO: "Lodi",
  LU: "Lucca",
  MC: "Macerata",
  MN: "Mantova",
  MS: "Massa-Carrara",
  MT: "Matera",
  ME: "Messina",
  MI: "Milano",
  MO: "Modena",
  MB: "Monza e Brianza",
  NA: "Napoli",
  NO: "Novara",
  NU: "Nuoro",
  OR: "Oristano",
  PD: "Padova",
  PA: "Palermo",
  PR: "Parma",
  PV: "Pavia",
  PG: "Perugia",
  PU: "Pesaro e Urbino",
  PE: "Pescara",
  PC: "Piacenza",
  PI: "Pisa",
  PT: "Pistoia",
  PN: "Pordenone",
  PZ: "Potenza",
  PO: "Prato",
  RG: "Ragusa",
  RA: "Ravenna",
  RC: "Reggio Calabria",
  RE: "Reggio Emilia",
  RI: "Rieti",
  RN: "Rimini",
  RM: "Roma",
  RO: "Rovigo",
  SA: "Salerno",
  SS: "Sassari",
  SV: "Savona",
  SI: "Siena",
  SR: "Siracusa",
  SO: "Sondrio",
  SU: "Sud Sardegna",
  TA: "Taranto",
  TE: "Teramo",
  TR: "Terni",
  TO: "Torino",
  TP: "Trapani",
  TN: "Trento",
  TV: "Treviso",
  TS: "Trieste",
  UD: "Udine",
  VA: "Varese",
  VE: "Venezia",
  VB: "Verbano-Cusio-Ossola",
  VC: "Vercelli",
  VR: "Verona",
  VV: "Vibo Valentia",
  VI: "Vicenza",
  VT: "Viterbo",
});

const SPANISH_PROVINCES: [string, string][] = Object.entries({
  C: "A Coruña",
  VI: "Álava",
  AB: "Albacete",
  A: "Alicante",
  AL: "Almería",
  O: "Asturias",
  AV: "Ávila",
  BA: "Badajoz",
  PM: "Baleares",
  B: "Barcelona",
  BU: "Burgos",
  CC: "Cáceres",
  CA: "Cádiz",
  S: "Cantabria",
  CS: "Castellón",
  CE: "Ceuta",
  CR: "Ciudad Real",
  CO: "Córdoba",
  CU: "Cuenca",
  GI: "Girona",
  GR: "Granada",
  GU: "Guadalajara",
  SS: "Gipuzkoa",
  H: "Huelva",
  HU: "Huesca",
  J: "Jaén",
  LO: "La Rioja",
  GC: "Las Palmas",
  LE: "León",
  L: "Lleida",
  LU: "Lugo",
  M: "Madrid",
  MA: "Málaga",
  ML: "Melilla",
  MU: "Murcia",
  NA: "Navarra",
  OR: "Ourense",
  P: "Palencia",
  PO: "Pontevedra",
  SA: "Salamanca",
  TF: "Santa Cruz de Tenerife",
  SG: "Segovia",
  SE: "Sevilla",
  SO: "Soria",
  T: "Tarragona",
  TE: "Teruel",
  TO: "Toledo",
  V: "Valencia",
  VA: "Valladolid",
  BI: "Bizkaia",
  ZA: "Zamora",
  Z: "Zaragoza",
});

/** Post-code formats and customs of the shop's 17 countries, by three-letter code. */
export const COUNTRY_RULES: Record<string, CountryRules> = {
  dnk: { postCode: "^\\d{4}$", example: "2100", houseNumber: false },
  aut: { postCode: "^\\d{4}$", example: "1010", houseNumber: true },
  deu: { postCode: "^\\d{5}$", example: "10115", houseNumber: true },
  fin: { postCode: "^\\d{5}$", example: "00100", houseNumber: false },
  fra: { postCode: "^\\d{5}$", example: "75001", houseNumber: false },
  nld: { postCode: "^\\d{4} ?[A-Za-z]{2}$", example: "1012 AB", houseNumber: true },
  nor: { postCode: "^\\d{4}$", example: "0150", houseNumber: false },
  pol: { postCode: "^\\d{2}-\\d{3}$", example: "00-001", houseNumber: true },
  swe: { postCode: "^\\d{3} ?\\d{2}$", example: "111 20", houseNumber: false },
  ita: { postCode: "^\\d{5}$", example: "00118", houseNumber: false, states: ITALIAN_PROVINCES },
  grc: { postCode: "^\\d{3} ?\\d{2}$", example: "105 52", houseNumber: false },
  hrv: { postCode: "^\\d{5}$", example: "10000", houseNumber: false },
  svn: { postCode: "^(SI-)?\\d{4}$", example: "1000", houseNumber: false },
  esp: { postCode: "^\\d{5}$", example: "28001", houseNumber: false, states: SPANISH_PROVINCES },
  hun: { postCode: "^\\d{4}$", example: "1051", houseNumber: false },
  cze: { postCode: "^\\d{3} ?\\d{2}$", example: "110 00", houseNumber: true },
  svk: { postCode: "^\\d{3} ?\\d{2}$", example: "811 01", houseNumber: true },
};

export const ADDRESS_COUNTRIES = MARKETS.map((market) => market.alpha3);

const regionNames = new Map<UiLocale, Intl.DisplayNames>();

/** Country names in a shopper's language, by two-letter code (one formatter per language, kept). */
export function countryNames(locale: UiLocale): (alpha2: string) => string {
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: "region" });
    regionNames.set(locale, names);
  }
  const formatter = names;
  return (alpha2: string) => formatter.of(alpha2) ?? alpha2;
}

/** The name of a province (Italy, Spain) by its code; "" where the country has none or the code is unknown. */
export function stateName(alpha3: string, code: string | undefined): string {
  return COUNTRY_RULES[alpha3]?.states?.find(([value]) => value === code)?.[1] ?? "";
}

/** A phone number as the forms accept it (also the delivery step's SMS number). */
export const PHONE_PATTERN = "^\\+?[0-9 ()/-]{6,20}$";
const EMAIL_PATTERN = "^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$";

const text = (
  name: AddressFieldName,
  options: Partial<FormField> & { auto_complete: string },
): FormField => ({
  name,
  label: `address.field.${name}`,
  type: "charField",
  required: true,
  pattern: null,
  min_length: null,
  max_length: 80,
  placeholder: "",
  choices: null,
  initial: "",
  expandable: false,
  help_message: null,
  ...options,
  error_messages: {
    required: "address.error.required",
    max_length: "address.error.maxLength",
    min_length: "address.error.minLength",
    ...options.error_messages,
  },
});

/**
 * The fields of an address form for a country (three-letter code). `type` is billing or shipping:
 * a guest's shipping form asks for the e-mail the order confirmation goes to.
 */
export function addressFormFields(
  alpha3: string,
  options: { type: "billing" | "shipping"; withEmail: boolean; countryLabel: (alpha2: string) => string },
): FormField[] | null {
  const rules = COUNTRY_RULES[alpha3];
  if (!rules) return null;
  const fields: FormField[] = [
    text("country", {
      type: "choiceField",
      auto_complete: `${options.type} country`,
      max_length: null,
      choices: MARKETS.map((market) => ({
        value: market.alpha3,
        label: options.countryLabel(market.countryCode),
      })),
      initial: alpha3,
      error_messages: { required: "address.error.required", invalid_choice: "address.error.choice" },
    }),
    text("name", { auto_complete: `${options.type} name`, min_length: 2 }),
    text("company", { required: false, auto_complete: `${options.type} organization`, expandable: true }),
    text("address", {
      auto_complete: `${options.type} address-line1`,
      // Where the number has its own field, the street's help says so ("Torstraße 12" is split anyway).
      help_message: rules.houseNumber ? "address.help.street" : null,
    }),
  ];
  if (rules.houseNumber)
    fields.push(
      text("addr_number", {
        auto_complete: "off",
        max_length: 10,
        pattern: "^\\d+[A-Za-z0-9 /-]*$",
        error_messages: { required: "address.error.required", pattern: "address.error.houseNumber" },
      }),
    );
  fields.push(
    text("address2", { required: false, auto_complete: `${options.type} address-line2`, expandable: true }),
    text("post_nummer", {
      auto_complete: `${options.type} postal-code`,
      max_length: 10,
      pattern: rules.postCode,
      placeholder: rules.example,
      error_messages: { required: "address.error.required", pattern: "address.error.postCode" },
    }),
    text("town", { auto_complete: `${options.type} address-level2`, max_length: 60 }),
  );
  if (rules.states)
    fields.push(
      text("state", {
        type: "choiceField",
        auto_complete: `${options.type} address-level1`,
        max_length: null,
        choices: rules.states.map(([value, label]) => ({ value, label })),
        error_messages: { required: "address.error.required", invalid_choice: "address.error.choice" },
      }),
    );
  fields.push(
    text("phone", {
      type: "phoneField",
      required: options.type === "shipping",
      auto_complete: `${options.type} tel`,
      max_length: 20,
      pattern: PHONE_PATTERN,
      placeholder: "+45 12 34 56 78",
      help_message: options.type === "shipping" ? "address.help.phone" : null,
      error_messages: { required: "address.error.required", pattern: "address.error.phone" },
    }),
  );
  if (options.withEmail)
    fields.push(
      text("email", {
        type: "emailField",
        auto_complete: "email",
        max_length: 255,
        pattern: EMAIL_PATTERN,
        error_messages: { required: "address.error.required", pattern: "address.error.email" },
      }),
    );
  return fields;
}

/** The first problem of one value against its field definition, as a translation id; null when fine. */
export function addressProblem(field: FormField, raw: string | undefined | null): string | null {
  const value = (raw ?? "").trim();
  if (value === "") return field.required ? field.error_messages.required : null;
  if (field.choices) {
    return field.choices.some((choice) => choice.value === value)
      ? null
      : (field.error_messages.invalid_choice ?? field.error_messages.required);
  }
  if (field.min_length !== null && value.length < field.min_length)
    return field.error_messages.min_length ?? field.error_messages.required;
  if (field.max_length !== null && value.length > field.max_length)
    return field.error_messages.max_length ?? field.error_messages.required;
  if (field.pattern && !new RegExp(field.pattern, "u").test(value))
    return field.error_messages.pattern ?? field.error_messages.required;
  return null;
}

/** A house number at the end of a street line: "12", "12a", "12 A", "12-14", "5/7". */
const TRAILING_HOUSE_NUMBER =
  /^(.*\p{L}.*?)[\s,]+(\d+[A-Za-z]?(?:\s?[A-Za-z](?![\p{L}]))?(?:[-/]\d+[A-Za-z]?)?)$/u;

/**
 * Where the house number has its own field (Germany, Austria, the Netherlands …) but was typed in
 * the street's ("Torstraße 12" and no number), the number is moved to its field; a number typed in
 * both is kept once. Forms without a number field are left as they are.
 */
export function splitHouseNumber(values: unknown, fields: FormField[]): unknown {
  if (!fields.some((field) => field.name === "addr_number")) return values;
  if (typeof values !== "object" || values === null) return values;
  const input = values as Record<string, unknown>;
  const street = typeof input.address === "string" ? input.address.trim() : "";
  const number = typeof input.addr_number === "string" ? input.addr_number.trim() : "";
  const found = TRAILING_HOUSE_NUMBER.exec(street);
  if (!found) return values;
  const [, name = "", trailing = ""] = found;
  if (number === "") return { ...input, address: name.trim(), addr_number: trailing };
  if (trailing.replace(/\s/g, "").toLowerCase() === number.replace(/\s/g, "").toLowerCase())
    return { ...input, address: name.trim() };
  return values;
}

/**
 * The Zod schema of a form built from its definitions: the browser form's resolver and the server's
 * check are this same schema (so the checkout and the address book keep the same rules). Values
 * come out trimmed, a house number typed in the street line moved to its own field
 * (`splitHouseNumber`); fields the form does not have are dropped.
 */
export function addressSchema(fields: FormField[]) {
  return z.preprocess(
    (values: Record<string, string | undefined>) => splitHouseNumber(values, fields),
    addressObject(fields),
  );
}

function addressObject(fields: FormField[]) {
  return z.object(
    Object.fromEntries(
      fields.map((field) => [
        field.name,
        z
          .string({ error: field.error_messages.required })
          .optional()
          .transform((value) => (value ?? "").trim())
          .superRefine((value, context) => {
            const problem = addressProblem(field, value);
            if (problem) context.addIssue({ code: "custom", message: problem });
          }),
      ]),
    ),
  );
}

export type AddressValues = Partial<Record<AddressFieldName, string>>;
