import { z } from "zod";
import { ADDRESS_FIELD_NAMES } from "./address-forms.ts";

// A country's address form as the calls send it (`GET /checkout/payment_form/`,
// `GET /v1.1/addresses/form/`): one entry per field, built by address-forms.ts.

/** One field of a country's address form. */
export const formFieldSchema = z.object({
  name: z.enum(ADDRESS_FIELD_NAMES),
  label: z.string(),
  type: z.enum(["charField", "choiceField", "emailField", "phoneField"]),
  required: z.boolean(),
  pattern: z.string().nullable(),
  min_length: z.number().int().nullable(),
  max_length: z.number().int().nullable(),
  placeholder: z.string(),
  choices: z.array(z.object({ value: z.string(), label: z.string() })).nullable(),
  initial: z.string(),
  expandable: z.boolean(),
  help_message: z.string().nullable(),
  auto_complete: z.string(),
  error_messages: z.object({
    required: z.string(),
    max_length: z.string().optional(),
    min_length: z.string().optional(),
    pattern: z.string().optional(),
    invalid_choice: z.string().optional(),
  }),
});

/** The fields of the form, in the order they are shown. */
export const addressFormOutput = z.array(formFieldSchema);
