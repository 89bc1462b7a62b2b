import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#db/client.ts";
import { fieldErrorsFromIssues, HttpError } from "#kernel/errors.ts";
import { listAddressBook, rememberAddress } from "#modules/accounts/address-book.service.ts";
import { dropPoints } from "#modules/delivery/delivery.schema.ts";
import {
  type AddressValues,
  addressFormFields,
  addressSchema,
  countryNames,
  type FormField,
  type StoredAddress,
  stateName,
} from "#modules/markets/address-forms.ts";
import { MARKETS, shopCodeFromAlpha3, type UiLocale } from "#modules/markets/markets.service.ts";
import type {
  addressFieldsSchema,
  customerAddressesSchema,
  savedAddressSchema,
  setAddressResultSchema,
} from "./checkout.contract.ts";
import { checkoutSessions } from "./checkout.schema.ts";
import { dropPointOutput } from "./checkout-delivery.service.ts";
import { fail, OWN_PACKAGE, requireCartId, type Shopper, sessionOf } from "./checkout-state.ts";

export type AddressFields = z.input<typeof addressFieldsSchema>;

/** The address form of a country (three-letter code), or a 400 for a country the shop does not serve. */
export function addressForm(
  type: "billing" | "shipping",
  alpha3: string,
  locale: UiLocale,
  withEmail: boolean,
): FormField[] {
  const fields = addressFormFields(alpha3.toLowerCase(), {
    type,
    withEmail,
    countryLabel: countryNames(locale),
  });
  if (!fields)
    return fail(400, "validation_failed", "address.error.country", {
      country_code: ["address.error.country"],
    });
  return fields;
}

/** An address in the spec's address-fields shape (null when there is none yet). */
export function addressOutput(stored: StoredAddress, locale: UiLocale, email?: string): AddressFields;
export function addressOutput(
  stored: StoredAddress | null | undefined,
  locale: UiLocale,
  email?: string,
): AddressFields | null;
export function addressOutput(
  stored: StoredAddress | null | undefined,
  locale: UiLocale,
  email = "",
): AddressFields | null {
  if (!stored) return null;
  const alpha3 = stored.country ?? "";
  const market = MARKETS.find((m) => m.alpha3 === alpha3);
  const name = stored.name ?? "";
  const [first = "", ...rest] = name.split(" ");
  const street = [stored.address, stored.addr_number].filter(Boolean).join(" ");
  return {
    name,
    first_name: first,
    last_name: rest.join(" "),
    company: stored.company ?? "",
    address: stored.address ?? "",
    address2: stored.address2 ?? "",
    addr_number: stored.addr_number ?? "",
    extension: "",
    post_nummer: stored.post_nummer ?? "",
    town: stored.town ?? "",
    state: stored.state ?? "",
    state_name: stateName(alpha3, stored.state),
    country: alpha3,
    country_alpha2: market?.countryCode ?? "",
    country_name: market ? countryNames(locale)(market.countryCode) : "",
    phone: stored.phone ?? "",
    email: stored.email ?? email,
    full_address_line: [street, stored.address2, `${stored.post_nummer ?? ""} ${stored.town ?? ""}`.trim()]
      .filter(Boolean)
      .join(", "),
  };
}

/**
 * Saves the delivery or billing address after checking it against its country's form. A delivery
 * address must be in the shop's country (409 country_mismatch names the shop that delivers there).
 * A member's new address also goes into their address book. Answers the address as kept.
 */
export async function setAddress(
  db: Db,
  shopper: Shopper,
  kind: "delivery" | "billing",
  body: Record<string, unknown>,
): Promise<z.input<typeof setAddressResultSchema>> {
  const cartId = await requireCartId(db, shopper.owner);
  const country = typeof body.country === "string" ? body.country.trim().toLowerCase() : "";
  const fields = addressFormFields(country, {
    type: kind === "delivery" ? "shipping" : "billing",
    withEmail: kind === "delivery" && shopper.user === null,
    countryLabel: countryNames(shopper.locale),
  });
  if (!fields)
    return fail(400, "validation_failed", "address.error.country", {
      country: [country ? "address.error.country" : "address.error.required"],
    });
  const parsed = addressSchema(fields).safeParse(body);
  if (!parsed.success)
    return fail(
      400,
      "validation_failed",
      "address.error.invalid",
      fieldErrorsFromIssues(parsed.error.issues),
    );
  const values = parsed.data as AddressValues;
  if (kind === "delivery" && country !== shopper.market.alpha3)
    throw new HttpError(409, "country_mismatch", shopCodeFromAlpha3(country) ?? "", {
      country: ["address.error.countryMismatch"],
    });
  const { email, ...address } = values;
  const session = await sessionOf(db, cartId);
  await db
    .update(checkoutSessions)
    .set(
      kind === "delivery"
        ? {
            deliveryAddress: address,
            email: shopper.user?.email ?? email ?? session.email,
            // The drop-point search starts from the delivery post code.
            postNumber: address.post_nummer ?? "",
            smsNumber: session.smsNumber || (address.phone ?? ""),
            updatedAt: new Date(),
          }
        : { billingAddress: address, updatedAt: new Date() },
    )
    .where(eq(checkoutSessions.cartId, cartId));
  if (shopper.user) await rememberAddress(db, shopper.user.id, address, kind);
  return {
    success: true,
    address: addressOutput(address, shopper.locale, shopper.user?.email ?? email ?? session.email ?? ""),
  };
}

/** The saved delivery or billing address of this checkout (billing falls back to delivery). */
export async function getAddress(
  db: Db,
  shopper: Shopper,
  kind: "delivery" | "billing",
): Promise<z.input<typeof savedAddressSchema>> {
  const cartId = await requireCartId(db, shopper.owner);
  const session = await sessionOf(db, cartId);
  const stored =
    kind === "delivery" ? session.deliveryAddress : (session.billingAddress ?? session.deliveryAddress);
  return { address: addressOutput(stored, shopper.locale, session.email ?? "") };
}

/** The member's address book, the checkout's addresses, e-mail and chosen drop point. */
export async function customerAddresses(
  db: Db,
  shopper: Shopper,
): Promise<z.input<typeof customerAddressesSchema>> {
  const cartId = await requireCartId(db, shopper.owner);
  const session = await sessionOf(db, cartId);
  const saved = shopper.user ? await listAddressBook(db, shopper.user.id) : [];
  const ownChoice = session.delivery[OWN_PACKAGE];
  const [point] = ownChoice?.dropPointId
    ? await db.select().from(dropPoints).where(eq(dropPoints.id, ownChoice.dropPointId))
    : [];
  return {
    addresses: saved.map((entry) => ({
      id: entry.id,
      default_delivery: entry.defaultDelivery,
      default_billing: entry.defaultBilling,
      ...addressOutput(entry.address, shopper.locale),
    })),
    address: addressOutput(session.deliveryAddress, shopper.locale, session.email ?? ""),
    billing_address: addressOutput(session.billingAddress, shopper.locale, session.email ?? ""),
    email: shopper.user?.email ?? session.email ?? "",
    droppoint: point ? dropPointOutput(point, point.id) : null,
  };
}
