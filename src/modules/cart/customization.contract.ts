import { z } from "zod";

export const CUSTOMIZATION_NAME_MAX = 10;
export const CUSTOMIZATION_NUMBER_MAX = 2;
/** Letters (accented too), digits, spaces and . , ' ! ? - & / : ( ) @ # % * */
export const CUSTOMIZATION_NAME_PATTERN = /^[\p{L}\p{M}\d.,'!?\-\s&/:()@#%*]*$/u;

/**
 * One contract for the customization form: the panel validates with it as the shopper types, and
 * `POST /customizations/update/{line_id}/` validates the same fields on the server. Messages are
 * translation ids. Every field may be empty: an empty form removes the customization.
 */
export const customizationInput = z.object({
  name: z
    .string()
    .trim()
    .max(CUSTOMIZATION_NAME_MAX, { error: "customization.error.nameLength" })
    .regex(CUSTOMIZATION_NAME_PATTERN, { error: "customization.error.nameCharacters" })
    .default(""),
  number: z
    .string()
    .trim()
    .max(CUSTOMIZATION_NUMBER_MAX, { error: "customization.error.numberLength" })
    .regex(/^\d*$/, { error: "customization.error.numberDigits" })
    .default(""),
  marker: z.string().trim().max(40).default(""),
  player_flag: z.string().trim().max(8).default(""),
  print_type: z.string().trim().max(40).default(""),
});

export type CustomizationInput = z.output<typeof customizationInput>;

/** One print option of a product as `GET /customizations/get/{product_id}/` lists it. */
export const customizationOptionOutput = z.object({
  id: z.number().int(),
  /** The field it prints: name, number, marker, player_flag or print_type. */
  name: z.string(),
  /** How the panel asks for it: a list of choices, an on/off toggle, or typed text. */
  type: z.enum(["choice", "toggle", "text"]),
  title: z.string(),
  description: z.string(),
  /** In the market's currency, as a decimal amount. */
  price: z.number(),
  currency: z.string(),
  max_length: z.number().int().nullable(),
  selections: z.array(z.object({ value: z.string(), name: z.string() })),
});

/** `GET /customizations/get/{product_id}/`: the options and the longest print delay among them. */
export const customizationOptionsOutput = z.object({
  data: z.array(customizationOptionOutput),
  customization_delays: z.object({ max_days: z.number().int() }),
});
export type CustomizationOptionsOutput = z.output<typeof customizationOptionsOutput>;
