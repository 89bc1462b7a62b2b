// The member's address book: the addresses a member has used, kept so the next checkout can offer
// them. Accounts owns the table; the checkout reads the book and adds to it through these functions.
import { asc, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import type { StoredAddress } from "#modules/markets/address-forms.ts";
import { addresses } from "./addresses.schema.ts";

/** One address of the book, in the address form's field names. */
export interface AddressBookEntry {
  id: number;
  defaultDelivery: boolean;
  defaultBilling: boolean;
  address: StoredAddress;
}

/** Two addresses are the same when every field a shopper types is the same. */
const sameAddress = (a: StoredAddress, b: StoredAddress) =>
  (
    [
      "name",
      "company",
      "address",
      "addr_number",
      "address2",
      "post_nummer",
      "town",
      "state",
      "country",
    ] as const
  ).every((key) => (a[key] ?? "") === (b[key] ?? ""));

/** A saved address of the member's address book as the checkout keeps addresses. */
const storedFromBook = (row: typeof addresses.$inferSelect): StoredAddress => ({
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
  const saved = await db.select().from(addresses).where(eq(addresses.userId, userId));
  if (saved.some((row) => sameAddress(storedFromBook(row), address))) return;
  await db.insert(addresses).values({
    userId,
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
    defaultDelivery: saved.length === 0 && kind === "delivery",
    defaultBilling: saved.length === 0 && kind === "billing",
  });
}

/** The member's addresses, oldest first. */
export async function listAddressBook(db: Db, userId: number): Promise<AddressBookEntry[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.id));
  return rows.map((row) => ({
    id: row.id,
    defaultDelivery: row.defaultDelivery,
    defaultBilling: row.defaultBilling,
    address: storedFromBook(row),
  }));
}
