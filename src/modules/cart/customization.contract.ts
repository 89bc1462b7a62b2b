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
