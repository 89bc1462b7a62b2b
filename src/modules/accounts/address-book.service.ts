// The member's address book: the addresses a member keeps, for the next checkout to offer. Accounts
// owns the table; the member edits it through the address-book calls, and the checkout reads it and
// adds the addresses it is given through these functions. Every change runs in one transaction that
// first locks the member's row, so that two changes at once still leave one default of each kind.
import { and, asc, eq, ne } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { fieldErrorsFromIssues, HttpError } from "#kernel/errors.ts";
import {
  type AddressValues,
  addressFormFields,
  addressSchema,
  countryNames,
  type FormField,
  type StoredAddress,
  stateName,
} from "#modules/markets/address-forms.ts";
import { MARKETS, type Market, type UiLocale } from "#modules/markets/markets.service.ts";
import { users } from "./accounts.schema.ts";
import {
  ADDRESS_BOOK_FIELDS,
  type AddressBookEntryOutput,
  type AddressBookInput,
} from "./address-book.contract.ts";
import { addresses } from "./addresses.schema.ts";

/** More addresses than anyone keeps: beyond it the book refuses a new one (409 address_book_full). */
export const MAX_ADDRESSES = 50;

/** One address of the book, in the address form's field names. */
export interface AddressBookEntry {
  id: number;
  defaultDelivery: boolean;
  defaultBilling: boolean;
  address: StoredAddress;
}

type AddressRow = typeof addresses.$inferSelect;

/** The fields a shopper types, without the phone. */
const TYPED_FIELDS = ADDRESS_BOOK_FIELDS.filter((field) => field !== "phone");

/** Two addresses are the same place and person when every field but the phone is the same. */
const sameAddress = (a: StoredAddress, b: StoredAddress) =>
  TYPED_FIELDS.every((key) => (a[key] ?? "") === (b[key] ?? ""));

/** The same address, down to the phone number. */
const identical = (a: StoredAddress, b: StoredAddress) =>
  sameAddress(a, b) && (a.phone ?? "") === (b.phone ?? "");

/** A saved address of the member's address book as the checkout keeps addresses. */
const storedFromBook = (row: AddressRow): StoredAddress => ({
  name: row.name,
  company: row.company,
  address: row.address,
  addr_number: row.addrNumber,
  address2: row.address2,
  post_nummer: row.postNummer,
  town: row.town,
  state: row.state,
  country: row.country,
  phone: row.phone,
});

/** An address's columns; a field the address has not got is empty. */
const columnsOf = (address: StoredAddress) => ({
  name: address.name ?? "",
  company: address.company ?? "",
  address: address.address ?? "",
  address2: address.address2 ?? "",
  addrNumber: address.addr_number ?? "",
  postNummer: address.post_nummer ?? "",
  town: address.town ?? "",
  country: address.country ?? "",
  state: address.state ?? "",
  phone: address.phone ?? "",
});

/**
 * The member's changes to the book wait for each other: the member's row is locked for the
 * transaction (the defaults of two changes at once cannot both win).
 */
async function lockMember(tx: Tx, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

const bookRows = (db: Db | Tx, userId: number) =>
  db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id));

/**
 * Adds the address a member just used at checkout to their book, unless it is there already; the
 * first one becomes the default for its kind.
 */
export async function rememberAddress(
  db: Db,
  userId: number,
  address: StoredAddress,
  kind: "delivery" | "billing",
) {
  await db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const saved = await bookRows(tx, userId);
    if (saved.some((row) => sameAddress(storedFromBook(row), address))) return;
    if (saved.length >= MAX_ADDRESSES) return;
    await tx.insert(addresses).values({
      userId,
      ...columnsOf(address),
      defaultDelivery: saved.length === 0 && kind === "delivery",
      defaultBilling: saved.length === 0 && kind === "billing",
    });
  });
}

/** The member's addresses, oldest first. */
export async function listAddressBook(db: Db, userId: number): Promise<AddressBookEntry[]> {
  const rows = await bookRows(db, userId);
  return rows.map((row) => ({
    id: row.id,
    defaultDelivery: row.defaultDelivery,
    defaultBilling: row.defaultBilling,
    address: storedFromBook(row),
  }));
}

// ---------------------------------------------------------------------------------------------
// The address-book calls.

/** An address as the calls answer it: the spec's Address entity, names in the shopper's language. */
function entryOutput(row: AddressRow, locale: UiLocale): AddressBookEntryOutput {
  const market = MARKETS.find((m) => m.alpha3 === row.country);
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    address2: row.address2,
    addr_number: row.addrNumber,
    town: row.town,
    post_nummer: row.postNummer,
    country: row.country,
    country_name: market ? countryNames(locale)(market.countryCode) : "",
    state: row.state,
    state_name: stateName(row.country, row.state),
    phone: row.phone,
    company: row.company,
    default_delivery: row.defaultDelivery,
    default_billing: row.defaultBilling,
  };
}

/** The member's addresses as the calls answer them, oldest first. */
export async function addressBook(db: Db | Tx, userId: number, locale: UiLocale) {
  return (await bookRows(db, userId)).map((row) => entryOutput(row, locale));
}

/** The three-letter code of a shop country given by its two- or three-letter code; null for any other. */
function shopCountry(code: string): string | null {
  const wanted = code.trim().toLowerCase();
  const market = MARKETS.find(
    (m) => m.alpha3 === wanted || m.countryCode.toLowerCase() === wanted || m.code === wanted,
  );
  return market?.alpha3 ?? null;
}

/**
 * The address book's form: the checkout's delivery form for a member (delivery rules, so a phone
 * is asked for; no e-mail, the member's own is used), for a country given by its two- or
 * three-letter code, the market's without one; an unknown country is a 400 on `country_code`.
 */
export function addressBookForm(code: string | undefined, market: Market, locale: UiLocale): FormField[] {
  const alpha3 = code ? shopCountry(code) : market.alpha3;
  const fields = alpha3 ? formOf(alpha3, locale) : null;
  if (!fields)
    throw new HttpError(400, "validation_failed", "address.error.country", {
      country_code: ["address.error.country"],
    });
  return fields;
}

const formOf = (alpha3: string, locale: UiLocale) =>
  addressFormFields(alpha3, { type: "shipping", withEmail: false, countryLabel: countryNames(locale) });

/**
 * An address checked against its country's form, as the checkout checks a delivery address: field
 * errors by name (400), values trimmed, fields the country has not got dropped.
 */
function checkedAddress(input: AddressBookInput, locale: UiLocale): StoredAddress {
  const country = input.country?.trim().toLowerCase() ?? "";
  const fields = country ? formOf(country, locale) : null;
  if (!fields)
    throw new HttpError(400, "validation_failed", "address.error.invalid", {
      country: [country ? "address.error.country" : "address.error.required"],
    });
  const values = {
    ...Object.fromEntries(ADDRESS_BOOK_FIELDS.map((field) => [field, input[field] ?? ""])),
    country,
  };
  const parsed = addressSchema(fields).safeParse(values);
  if (!parsed.success)
    throw new HttpError(
      400,
      "validation_failed",
      "address.error.invalid",
      fieldErrorsFromIssues(parsed.error.issues),
    );
  return parsed.data as AddressValues;
}

const notFound = () => new HttpError(404, "not_found", "addresses.error.notFound");

/**
 * Makes an address the member's default delivery and/or billing address: the previous default of
 * that kind stops being one. In the caller's transaction, after `lockMember`.
 */
async function takeDefaults(
  tx: Tx,
  userId: number,
  addressId: number,
  flags: { delivery: boolean; billing: boolean },
) {
  if (flags.delivery)
    await tx
      .update(addresses)
      .set({ defaultDelivery: false })
      .where(
        and(eq(addresses.userId, userId), eq(addresses.defaultDelivery, true), ne(addresses.id, addressId)),
      );
  if (flags.billing)
    await tx
      .update(addresses)
      .set({ defaultBilling: false })
      .where(
        and(eq(addresses.userId, userId), eq(addresses.defaultBilling, true), ne(addresses.id, addressId)),
      );
}

/** What a change answers: the address as kept and the whole book after it. */
async function saved(tx: Tx, userId: number, addressId: number, locale: UiLocale) {
  const book = await addressBook(tx, userId, locale);
  const address = book.find((entry) => entry.id === addressId);
  if (!address) throw notFound();
  return { address, addresses: book };
}

/**
 * Adds an address to the member's book. The spec's storefront sends a new address twice, once as
 * the default delivery and once as the default billing address: an address the book already holds
 * exactly is not added again, it takes the defaults asked for (`created: false`). A flag that is
 * false or left out makes no default.
 */
export async function createAddress(db: Db, userId: number, input: AddressBookInput, locale: UiLocale) {
  const address = checkedAddress(input, locale);
  const flags = { delivery: input.default_delivery === true, billing: input.default_billing === true };
  return db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const book = await bookRows(tx, userId);
    const same = book.find((row) => identical(storedFromBook(row), address));
    let id: number;
    if (same) {
      id = same.id;
      if (flags.delivery || flags.billing)
        await tx
          .update(addresses)
          .set({
            ...(flags.delivery ? { defaultDelivery: true } : {}),
            ...(flags.billing ? { defaultBilling: true } : {}),
          })
          .where(eq(addresses.id, id));
    } else {
      if (book.length >= MAX_ADDRESSES) throw new HttpError(409, "address_book_full", "addresses.error.full");
      const [row] = await tx
        .insert(addresses)
        .values({
          userId,
          ...columnsOf(address),
          defaultDelivery: flags.delivery,
          defaultBilling: flags.billing,
        })
        .returning({ id: addresses.id });
      id = (row as { id: number }).id;
    }
    await takeDefaults(tx, userId, id, flags);
    return { created: !same, ...(await saved(tx, userId, id, locale)) };
  });
}

/**
 * Changes one of the member's addresses (another member's, or none, is a 404). The address is
 * replaced by the one sent, checked as a new one; a body with only default flags changes only those.
 * A flag set true makes this address the default of its kind, false stops it being one, and a flag
 * left out leaves it as it is.
 */
export async function updateAddress(
  db: Db,
  userId: number,
  addressId: number,
  input: AddressBookInput,
  locale: UiLocale,
) {
  const onlyFlags = ADDRESS_BOOK_FIELDS.every((field) => input[field] === undefined);
  const address = onlyFlags ? null : checkedAddress(input, locale);
  return db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const [row] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
    if (!row) throw notFound();
    const change = {
      ...(address ? columnsOf(address) : {}),
      ...(input.default_delivery !== undefined ? { defaultDelivery: input.default_delivery } : {}),
      ...(input.default_billing !== undefined ? { defaultBilling: input.default_billing } : {}),
    };
    if (Object.keys(change).length > 0)
      await tx.update(addresses).set(change).where(eq(addresses.id, addressId));
    await takeDefaults(tx, userId, addressId, {
      delivery: input.default_delivery === true,
      billing: input.default_billing === true,
    });
    return saved(tx, userId, addressId, locale);
  });
}

/**
 * Deletes one of the member's addresses (another member's, or none, is a 404). A default that is
 * deleted leaves the member without a default of that kind until they choose one: no other address
 * becomes the default unasked.
 */
export async function deleteAddress(db: Db, userId: number, addressId: number, locale: UiLocale) {
  return db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const deleted = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning({ id: addresses.id });
    if (deleted.length === 0) throw notFound();
    return { success: true as const, addresses: await addressBook(tx, userId, locale) };
  });
}
