import { z } from "zod";
import { ADDRESS_FIELD_NAMES, type AddressFieldName } from "#modules/markets/address-forms.ts";

/**
 * The member's address book (`/v1.1/addresses/…`). The address itself is checked against its
 * country's form by the service (address-forms.ts, the checkout's rules); the contract here only
 * says which fields there are and of what type.
 */

/** Far beyond any address; the country's own limits (80 characters and less) are checked after. */
const MAX_TEXT = 300;

/** The text fields of an address, as the address form names them: all but the checkout's e-mail. */
export const ADDRESS_BOOK_FIELDS = ADDRESS_FIELD_NAMES.filter(
  (field): field is Exclude<AddressFieldName, "email"> => field !== "email",
);
export type AddressBookField = (typeof ADDRESS_BOOK_FIELDS)[number];

const text = z
  .string({ error: "addresses.error.text" })
  .max(MAX_TEXT, { error: "address.error.maxLength" })
  .nullish();
const flag = z.boolean({ error: "addresses.error.flag" }).optional();

/**
 * `POST /v1.1/addresses/` and `POST /v1.1/addresses/{id}/`: the address's fields and the default
 * flags. A field the address's country has no use for (a house number in Denmark) is dropped. A flag
 * left out changes nothing; on a change, a body of only flags changes only the flags.
 */
export const addressBookInput = z.object({
  ...(Object.fromEntries(ADDRESS_BOOK_FIELDS.map((field) => [field, text])) as Record<
    AddressBookField,
    typeof text
  >),
  default_delivery: flag,
  default_billing: flag,
});
export type AddressBookInput = z.output<typeof addressBookInput>;

/** `GET /v1.1/addresses/form/`: the country's form (two- or three-letter code); the market's without one. */
export const addressBookFormQuery = z.object({
  country_code: z.string().trim().max(3, { error: "address.error.country" }).optional(),
});

/** The Address entity (member area spec §3); the country as its three-letter code, as the forms take it. */
export const addressBookEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  address2: z.string(),
  addr_number: z.string(),
  town: z.string(),
  post_nummer: z.string(),
  country: z.string(),
  /** In the shopper's language. */
  country_name: z.string(),
  state: z.string(),
  state_name: z.string(),
  phone: z.string(),
  company: z.string(),
  default_delivery: z.boolean(),
  default_billing: z.boolean(),
});
export type AddressBookEntryOutput = z.output<typeof addressBookEntrySchema>;

/** `GET /v1.1/addresses/`: the member's addresses, oldest first. */
export const addressBookOutput = z.object({ addresses: z.array(addressBookEntrySchema) });

/** A change: the address as kept, and the whole book after it (defaults may have moved). */
export const addressSavedOutput = z.object({
  address: addressBookEntrySchema,
  addresses: z.array(addressBookEntrySchema),
});

/** `DELETE /v1.1/addresses/{id}/`: the book without it. */
export const addressDeletedOutput = z.object({
  success: z.literal(true),
  addresses: z.array(addressBookEntrySchema),
});
