import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { concurrently, type Db, type Tx } from "#db/client.ts";
import { addresses } from "#modules/accounts/addresses.schema.ts";
import { OWN_SUPPLIER } from "#modules/cart/cart.contract.ts";
import {
  type CartOwner,
  findCartId,
  formatCart,
  loadCart,
  type PricedCart,
  priceLoadedCart,
} from "#modules/cart/cart.service.ts";
import { deliveryIsFree } from "#modules/cart/cart-totals.ts";
import { toAmount, translate } from "#modules/catalog/catalog.service.ts";
import {
  type AddressValues,
  addressFormFields,
  addressSchema,
  COUNTRY_RULES,
  type FormField,
  PHONE_PATTERN,
} from "#modules/markets/address-forms.ts";
import {
  intlTag,
  MARKETS,
  type Market,
  shopCodeFromAlpha3,
  type UiLocale,
} from "#modules/markets/markets.service.ts";
import { cardFormLocale, newPaymentReference } from "#modules/payments/payments.service.ts";
import { fieldErrorsFromIssues, HttpError } from "#server/plugins/errors.ts";
import type { SessionUser } from "#server/request-context.ts";
import {
  checkoutSessions,
  type DeliveryChoice,
  type deliveryMethods,
  dropPoints,
  paymentMethods,
  type StoredAddress,
} from "./checkout.schema.ts";
import { dropPointProvider } from "./drop-points.ts";
import { marketConfig } from "./market-config.ts";

/** Who is checking out, where, and in which language. */
export interface Shopper {
  owner: CartOwner;
  user: SessionUser | null;
  market: Market;
  locale: UiLocale;
}

/** The package of the shop's own warehouses; other packages are keyed by their supplier's id. */
export const OWN_PACKAGE = "own";

/** Comments longer than this are refused (a note to the warehouse, not a letter). */
export const MAX_COMMENT_LENGTH = 500;

type SessionRow = typeof checkoutSessions.$inferSelect;
type MethodRow = typeof deliveryMethods.$inferSelect;
type PaymentMethodRow = typeof paymentMethods.$inferSelect;

export interface CheckoutPackage {
  key: string;
  supplierId: number | null;
  supplierName: string;
  quantity: number;
  lineIds: number[];
  methods: MethodRow[];
}

/** The checkout as it stands: the bag priced with its chosen deliveries and payment fee. */
export interface CheckoutState {
  cartId: number;
  session: SessionRow;
  packages: CheckoutPackage[];
  /** Per package: the method in force (the stored one, or the only one there is) and its drop point. */
  choices: Map<string, { method: MethodRow; dropPointId: number | null } | null>;
  paymentMethod: PaymentMethodRow | null;
  priced: PricedCart;
  hasPuma: boolean;
}

const fail = (status: number, code: string, message: string, fields?: Record<string, string[]>): never => {
  throw new HttpError(status, code, message, fields);
};

/** The shopper's checkout row, made on first use (one query when it exists, as on every later step). */
export async function sessionOf(db: Db | Tx, cartId: number): Promise<SessionRow> {
  const [existing] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.cartId, cartId));
  if (existing) return existing;
  await db.insert(checkoutSessions).values({ cartId }).onConflictDoNothing();
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.cartId, cartId));
  return row as SessionRow;
}

/** The bag being checked out; a missing or empty bag is refused (409 cart_empty). */
export async function requireCartId(db: Db | Tx, owner: CartOwner): Promise<number> {
  const cartId = await findCartId(db, owner);
  if (cartId === null) return fail(409, "cart_empty", "checkout.error.emptyCart");
  return cartId;
}

/**
 * Everything the delivery, payment and review steps show, from one pricing of the bag. Inside the
 * order's transaction it is read again with the same function, so what is charged is what the
 * shopper was shown unless the catalogue changed in between.
 */
export async function checkoutState(db: Db | Tx, cartId: number, shopper: Shopper): Promise<CheckoutState> {
  const { market, locale } = shopper;
  const [session, config] = await concurrently(db, [
    () => sessionOf(db, cartId),
    () => marketConfig(db, market.code),
  ] as const);
  const { methods, payments, suppliers: supplierRows } = config;
  // A first pricing finds the packages; the deliveries chosen for them then price the bag for real.
  const loaded = await loadCart(db, cartId, market, shopper.owner.userId);
  const first = priceLoadedCart(loaded, market, locale, { userId: shopper.owner.userId });
  if (first.charged.length === 0) return fail(409, "cart_empty", "checkout.error.emptyCart");
  const supplierById = new Map(supplierRows.map((s) => [s.id, s]));
  const packages = new Map<string, CheckoutPackage>();
  for (const line of first.charged) {
    const supplier = line.row.supplier_id === null ? undefined : supplierById.get(line.row.supplier_id);
    const key = supplier?.isMarketplace ? String(supplier.id) : OWN_PACKAGE;
    const existing = packages.get(key) ?? {
      key,
      supplierId: supplier?.isMarketplace ? supplier.id : null,
      supplierName: supplier?.isMarketplace ? supplier.name : OWN_SUPPLIER,
      quantity: 0,
      lineIds: [],
      methods: methods.filter((m) =>
        supplier?.isMarketplace ? m.supplierId === supplier.id : m.supplierId === null,
      ),
    };
    existing.quantity += line.quantity;
    existing.lineIds.push(line.row.line_id);
    packages.set(key, existing);
  }
  const ordered = [...packages.values()].sort((a, b) =>
    a.key === OWN_PACKAGE ? -1 : b.key === OWN_PACKAGE ? 1 : (a.supplierId ?? 0) - (b.supplierId ?? 0),
  );
  const choices = new Map<string, { method: MethodRow; dropPointId: number | null } | null>();
  for (const pkg of ordered) {
    const stored = session.delivery[pkg.key];
    const method =
      pkg.methods.find((m) => m.id === stored?.methodId) ??
      (pkg.methods.length === 1 ? pkg.methods[0] : undefined);
    choices.set(
      pkg.key,
      method
        ? {
            method,
            dropPointId:
              method.dropPointProvider && stored?.methodId === method.id ? stored.dropPointId : null,
          }
        : null,
    );
  }
  const paymentMethod = payments.find((p) => p.id === session.paymentMethodId) ?? null;
  const priced = priceLoadedCart(loaded, market, locale, {
    userId: shopper.owner.userId,
    packages: ordered.map((pkg) => {
      const method = choices.get(pkg.key)?.method;
      return { price: method?.price ?? 0, freeDeliveryLimit: method?.freeDeliveryLimit ?? null };
    }),
    paymentFee: paymentMethod?.fee ?? 0,
  });
  return {
    cartId,
    session,
    packages: ordered,
    choices,
    paymentMethod,
    priced,
    hasPuma: ordered.some((pkg) => pkg.supplierName === "Puma"),
  };
}

/** The bag in the storefront's shape, priced with the chosen deliveries and payment fee. */
export async function checkoutCart(db: Db, shopper: Shopper) {
  const cartId = await requireCartId(db, shopper.owner);
  const state = await checkoutState(db, cartId, shopper);
  return formatCart(state.priced, shopper.market);
}

/**
 * The payment step's page: its deliveries (for the review), payment gateways, priced bag and order
 * comment, from one reading of the checkout. `complete` is false when a delivery is still missing.
 */
export async function paymentStep(db: Db, shopper: Shopper) {
  const cartId = await requireCartId(db, shopper.owner);
  const state = await checkoutState(db, cartId, shopper);
  const [delivery, gateways] = await Promise.all([
    deliveryOutput(db, state, shopper),
    gatewaysOutput(db, state, shopper),
  ]);
  return {
    complete: Object.keys(deliveryProblems(state)).length === 0,
    delivery,
    gateways,
    cart: formatCart(state.priced, shopper.market),
    comment: state.session.comment,
  };
}

// ---------------------------------------------------------------------------------------------
// Addresses

const regionNames = new Map<UiLocale, Intl.DisplayNames>();

/** Country names in the shopper's language (one formatter per language, kept). */
const countryLabel = (locale: UiLocale) => {
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: "region" });
    regionNames.set(locale, names);
  }
  const formatter = names;
  return (alpha2: string) => formatter.of(alpha2) ?? alpha2;
};

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
    countryLabel: countryLabel(locale),
  });
  if (!fields)
    return fail(400, "validation_failed", "address.error.country", {
      country_code: ["address.error.country"],
    });
  return fields;
}

/** An address in the spec's address-fields shape. */
export function addressOutput(stored: StoredAddress | null | undefined, locale: UiLocale, email = "") {
  if (!stored) return null;
  const alpha3 = stored.country ?? "";
  const market = MARKETS.find((m) => m.alpha3 === alpha3);
  const name = stored.name ?? "";
  const [first = "", ...rest] = name.split(" ");
  const state = COUNTRY_RULES[alpha3]?.states?.find(([code]) => code === stored.state)?.[1] ?? "";
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
    state_name: state,
    country: alpha3,
    country_alpha2: market?.countryCode ?? "",
    country_name: market ? countryLabel(locale)(market.countryCode) : "",
    phone: stored.phone ?? "",
    email: stored.email ?? email,
    full_address_line: [street, stored.address2, `${stored.post_nummer ?? ""} ${stored.town ?? ""}`.trim()]
      .filter(Boolean)
      .join(", "),
  };
}

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

/**
 * Saves the delivery or billing address after checking it against its country's form. A delivery
 * address must be in the shop's country (409 country_mismatch names the shop that delivers there).
 * A member's new address also goes into their address book.
 */
export async function setAddress(
  db: Db,
  shopper: Shopper,
  kind: "delivery" | "billing",
  body: Record<string, unknown>,
) {
  const cartId = await requireCartId(db, shopper.owner);
  const country = typeof body.country === "string" ? body.country.trim().toLowerCase() : "";
  const fields = addressFormFields(country, {
    type: kind === "delivery" ? "shipping" : "billing",
    withEmail: kind === "delivery" && shopper.user === null,
    countryLabel: countryLabel(shopper.locale),
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
  return addressOutput(address, shopper.locale, shopper.user?.email ?? email ?? session.email ?? "");
}

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

async function rememberAddress(db: Db, userId: number, address: StoredAddress, kind: "delivery" | "billing") {
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

/** The saved delivery or billing address of this checkout (billing falls back to delivery). */
export async function getAddress(db: Db, shopper: Shopper, kind: "delivery" | "billing") {
  const cartId = await requireCartId(db, shopper.owner);
  const session = await sessionOf(db, cartId);
  const stored =
    kind === "delivery" ? session.deliveryAddress : (session.billingAddress ?? session.deliveryAddress);
  return { address: addressOutput(stored, shopper.locale, session.email ?? "") };
}

/** The member's address book, the checkout's addresses, e-mail and chosen drop point. */
export async function customerAddresses(db: Db, shopper: Shopper) {
  const cartId = await requireCartId(db, shopper.owner);
  const session = await sessionOf(db, cartId);
  const saved = shopper.user
    ? await db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, shopper.user.id))
        .orderBy(asc(addresses.id))
    : [];
  const ownChoice = session.delivery[OWN_PACKAGE];
  const [point] = ownChoice?.dropPointId
    ? await db.select().from(dropPoints).where(eq(dropPoints.id, ownChoice.dropPointId))
    : [];
  return {
    addresses: saved.map((row) => ({
      id: row.id,
      default_delivery: row.defaultDelivery,
      default_billing: row.defaultBilling,
      ...addressOutput(storedFromBook(row), shopper.locale),
    })),
    address: addressOutput(session.deliveryAddress, shopper.locale, session.email ?? ""),
    billing_address: addressOutput(session.billingAddress, shopper.locale, session.email ?? ""),
    email: shopper.user?.email ?? session.email ?? "",
    droppoint: point ? dropPointOutput(point, point.id) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Delivery

export function dropPointOutput(point: typeof dropPoints.$inferSelect, selectedId: number | null) {
  return {
    id: point.id,
    name: point.name,
    streetname: point.street,
    streetname2: point.street2,
    zipcode: point.zipcode,
    city: point.city,
    latitude: point.latitude,
    longitude: point.longitude,
    hours: point.hours.map((h) => ({ weekday: h.weekday, time_from: h.opens, time_to: h.closes })),
    is_selected: point.id === selectedId,
  };
}

function methodOutput(method: MethodRow, state: CheckoutState, selected: boolean, locale: UiLocale) {
  const { currency, totals } = state.priced;
  const free = deliveryIsFree({
    limit: method.freeDeliveryLimit,
    goodsTotal: totals.cartTotalAmount,
    freeDeliveryVoucher: totals.freeDeliveryVoucher,
  });
  return {
    delivery_id: method.id,
    delivery_method: translate(method.name, locale),
    delivery_price: toAmount(method.price, currency),
    price: toAmount(free ? 0 : method.price, currency),
    currency,
    icon_url: method.icon,
    delivery_time: { min_days: method.minDays, max_days: method.maxDays },
    info_text: translate(method.infoText, locale),
    free_delivery_limit:
      method.freeDeliveryLimit === null ? null : toAmount(method.freeDeliveryLimit, currency),
    carrier: method.dropPointProvider,
    is_droppoint: method.dropPointProvider !== null,
    is_selected: selected,
  };
}

/** `GET /checkout/delivery_methods/`: one package per supplier, each with its own methods. */
export async function deliveryData(db: Db, shopper: Shopper) {
  const cartId = await requireCartId(db, shopper.owner);
  return deliveryOutput(db, await checkoutState(db, cartId, shopper), shopper);
}

/** The delivery data of a checkout already read. */
async function deliveryOutput(db: Db, state: CheckoutState, shopper: Shopper) {
  const selectedPoints = [...state.choices.values()]
    .map((choice) => choice?.dropPointId)
    .filter((id): id is number => typeof id === "number");
  const points = selectedPoints.length
    ? await db.select().from(dropPoints).where(inArray(dropPoints.id, selectedPoints))
    : [];
  const packages = state.packages.map((pkg, index) => {
    const choice = state.choices.get(pkg.key);
    const point = points.find((p) => p.id === choice?.dropPointId);
    return {
      key: pkg.key,
      index: index + 1,
      total: state.packages.length,
      supplier_name: pkg.supplierName,
      products_quantity: pkg.quantity,
      delivery_methods: pkg.methods.map((m) =>
        methodOutput(m, state, choice?.method.id === m.id, shopper.locale),
      ),
      selected_delivery_id: choice?.method.id ?? null,
      droppoint: point ? dropPointOutput(point, point.id) : null,
    };
  });
  const main = packages[0];
  return {
    post_number: state.session.postNumber,
    sms_number: state.session.smsNumber,
    country: shopper.market.alpha3,
    country_code: shopper.market.countryCode,
    currency: state.priced.currency,
    split: packages.length > 1,
    packages,
    delivery_methods: main?.delivery_methods ?? [],
    additional_suppliers: packages.slice(1).map((pkg) => ({
      supplier_id: Number(pkg.key),
      supplier_name: pkg.supplier_name,
      products_quantity: pkg.products_quantity,
      delivery_methods: pkg.delivery_methods,
    })),
    selected_delivery_method_suppliers: packages
      .filter((pkg) => pkg.selected_delivery_id !== null)
      .map((pkg) => ({
        supplier_name: pkg.supplier_name,
        delivery_id: pkg.selected_delivery_id,
        droppoint_id: pkg.droppoint?.id ?? null,
      })),
    products_quantity_main_supplier: main?.products_quantity ?? 0,
  };
}

/**
 * Chooses a package's method (and drop point). The method must be one of this market's for the
 * package's supplier; the drop point must be one of the method's carrier in the shop's country.
 */
export async function selectDelivery(
  db: Db,
  shopper: Shopper,
  input: { package: string; delivery_method: number; droppoint_id?: number | null },
) {
  const cartId = await requireCartId(db, shopper.owner);
  const state = await checkoutState(db, cartId, shopper);
  const pkg = state.packages.find((p) => p.key === input.package);
  if (!pkg)
    return fail(400, "validation_failed", "checkout.error.package", { package: ["checkout.error.package"] });
  const method = pkg.methods.find((m) => m.id === input.delivery_method);
  if (!method)
    return fail(400, "validation_failed", "checkout.error.deliveryMethod", {
      delivery_method: ["checkout.error.deliveryMethod"],
    });
  let dropPointId: number | null = null;
  if (method.dropPointProvider && input.droppoint_id) {
    const [point] = await db
      .select({ id: dropPoints.id })
      .from(dropPoints)
      .where(
        and(
          eq(dropPoints.id, input.droppoint_id),
          eq(dropPoints.provider, method.dropPointProvider),
          eq(dropPoints.countryCode, shopper.market.countryCode),
        ),
      );
    if (!point)
      return fail(400, "validation_failed", "checkout.error.dropPoint", {
        droppoint_id: ["checkout.error.dropPoint"],
      });
    dropPointId = point.id;
  }
  const choice: DeliveryChoice = { methodId: method.id, dropPointId };
  await db
    .update(checkoutSessions)
    .set({
      delivery: sql`${checkoutSessions.delivery} || ${JSON.stringify({ [pkg.key]: choice })}::jsonb`,
      updatedAt: new Date(),
    })
    .where(eq(checkoutSessions.cartId, cartId));
  return { success: true as const };
}

/** What is still missing before the order can be paid, as field errors; empty when complete. */
export function deliveryProblems(state: CheckoutState): Record<string, string[]> {
  for (const pkg of state.packages) {
    const choice = state.choices.get(pkg.key);
    if (!choice) return { delivery_method: ["checkout.error.chooseMethod"], package: [pkg.key] };
    if (choice.method.dropPointProvider && !choice.dropPointId)
      return { droppoint_id: ["checkout.error.chooseDropPoint"], package: [pkg.key] };
  }
  return {};
}

/** `POST /checkout/step_delivery_submit/`: the main package's choice, post code and SMS number. */
export async function submitDelivery(
  db: Db,
  shopper: Shopper,
  input: {
    delivery_method?: number;
    droppoint_id?: number | null;
    post_number?: string;
    sms_number?: string;
  },
) {
  const cartId = await requireCartId(db, shopper.owner);
  if (input.sms_number && !new RegExp(PHONE_PATTERN, "u").test(input.sms_number.trim()))
    return fail(400, "validation_failed", "address.error.phone", { sms_number: ["address.error.phone"] });
  if (input.delivery_method !== undefined)
    await selectDelivery(db, shopper, {
      package: OWN_PACKAGE,
      delivery_method: input.delivery_method,
      droppoint_id: input.droppoint_id ?? null,
    });
  const session = await sessionOf(db, cartId);
  if (!session.deliveryAddress)
    return fail(409, "address_missing", "checkout.error.addressMissing", {
      address: ["checkout.error.addressMissing"],
    });
  const state = await checkoutState(db, cartId, shopper);
  const problems = deliveryProblems(state);
  if (Object.keys(problems).length)
    return fail(400, "validation_failed", "checkout.error.deliveryIncomplete", problems);
  await db
    .update(checkoutSessions)
    .set({
      postNumber: input.post_number?.trim() ?? session.postNumber,
      smsNumber: input.sms_number?.trim() ?? session.smsNumber,
      updatedAt: new Date(),
    })
    .where(eq(checkoutSessions.cartId, cartId));
  return { success: true as const };
}

/** `GET /deliverymethod/find_droppoint/`: the carrier's points near a post code in a shop country. */
export async function findDropPoints(
  db: Db,
  shopper: Shopper,
  input: { provider: string; post_code: string; country_code: string },
) {
  const provider = dropPointProvider(input.provider);
  if (!provider)
    return fail(400, "validation_failed", "checkout.error.provider", {
      provider: ["checkout.error.provider"],
    });
  const country = input.country_code.trim().toUpperCase();
  const market = MARKETS.find((m) => m.countryCode === country || m.alpha3 === country.toLowerCase());
  if (!market)
    return fail(400, "validation_failed", "address.error.country", {
      country_code: ["address.error.country"],
    });
  const postCode = input.post_code.trim();
  if (!postCode)
    return fail(400, "validation_failed", "address.error.required", {
      post_code: ["address.error.required"],
    });
  const points = await provider.find(db, { countryCode: market.countryCode, postCode });
  const cartId = await findCartId(db, shopper.owner);
  const session = cartId === null ? null : await sessionOf(db, cartId);
  const selected = session ? Object.values(session.delivery).map((c) => c.dropPointId) : [];
  return points.map((point) => dropPointOutput(point, selected.includes(point.id) ? point.id : null));
}

// ---------------------------------------------------------------------------------------------
// Payment

const GATEWAY_GROUP = {
  "test-card": "adyen",
  "test-bnpl": "klarna",
  giftcard: "giftcard",
  cod: "others",
} as const;

export interface PaymentMethodOutput {
  name: string;
  type: string;
  gateway: PaymentMethodRow["gateway"];
  method_id: number;
  icon_urls: string[];
  payment_fee: { amount: number };
  is_selected: boolean;
  trigger_payment: boolean;
}

/** The current payment reference of the checkout, made on first use. */
async function paymentReferenceOf(db: Db, session: SessionRow): Promise<string> {
  if (session.paymentReference) return session.paymentReference;
  const reference = newPaymentReference();
  await db
    .update(checkoutSessions)
    .set({ paymentReference: reference })
    .where(eq(checkoutSessions.cartId, session.cartId));
  return reference;
}

/** `GET /checkout/payment_gateways/`: the market's methods by gateway, with what each would charge. */
export async function paymentGateways(db: Db, shopper: Shopper) {
  const cartId = await requireCartId(db, shopper.owner);
  return gatewaysOutput(db, await checkoutState(db, cartId, shopper), shopper);
}

/** The payment gateways of a checkout already read. */
async function gatewaysOutput(db: Db, state: CheckoutState, shopper: Shopper) {
  const methods = (await marketConfig(db, shopper.market.code)).payments;
  const reference = await paymentReferenceOf(db, state.session);
  const { currency, totals } = state.priced;
  const grouped: Record<(typeof GATEWAY_GROUP)[keyof typeof GATEWAY_GROUP], PaymentMethodOutput[]> = {
    adyen: [],
    klarna: [],
    giftcard: [],
    others: [],
  };
  for (const method of methods) {
    if (method.gateway === "giftcard" && state.hasPuma) continue;
    grouped[GATEWAY_GROUP[method.gateway]].push({
      name: translate(method.name, shopper.locale),
      type: method.type,
      gateway: method.gateway,
      method_id: method.id,
      icon_urls: method.icons.slice(0, 5).map((icon) => `/payment-icons/${icon}.svg`),
      payment_fee: { amount: toAmount(method.fee, currency) },
      is_selected: state.paymentMethod?.id === method.id,
      trigger_payment: method.gateway === "test-card" || method.gateway === "test-bnpl",
    });
  }
  const clientKey = "test_pitchside_client";
  return {
    paymentMethods: grouped,
    configuration: {
      adyen: {
        id: "test-card",
        sessionData: reference,
        client_api_key: clientKey,
        reference,
        locale: cardFormLocale(intlTag(shopper.locale, shopper.market)),
      },
      klarna: { id: "test-bnpl", sessionData: reference, client_api_key: clientKey, reference },
    },
    environment: "test",
    currency,
    amount_due: toAmount(totals.paymentTotal, currency),
    /** Minor units, as the providers are told. */
    amount_due_minor: totals.paymentTotal,
    order_total: toAmount(totals.orderTotal, currency),
    giftcards: totals.giftCards.map((card) => ({
      code: card.code,
      amount: toAmount(card.amount, currency),
      is_value: true,
    })),
    puma_in_cart: state.hasPuma,
  };
}

/** `POST /checkout/payment_gateway_submit/`: the method must be one of this market's, of that gateway. */
export async function selectPayment(
  db: Db,
  shopper: Shopper,
  input: { payment_gateway: string; method_id: number },
) {
  const cartId = await requireCartId(db, shopper.owner);
  const [method] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, input.method_id), eq(paymentMethods.market, shopper.market.code)));
  const gatewayMatches =
    method &&
    (method.gateway === input.payment_gateway || GATEWAY_GROUP[method.gateway] === input.payment_gateway);
  if (!method || !gatewayMatches)
    return fail(400, "validation_failed", "checkout.error.paymentMethod", {
      method_id: ["checkout.error.paymentMethod"],
    });
  if (method.gateway === "giftcard") {
    const state = await checkoutState(db, cartId, shopper);
    if (state.hasPuma)
      return fail(400, "validation_failed", "checkout.error.giftcardPuma", {
        method_id: ["checkout.error.giftcardPuma"],
      });
  }
  await db
    .update(checkoutSessions)
    .set({ paymentMethodId: method.id, authorizationToken: null, updatedAt: new Date() })
    .where(eq(checkoutSessions.cartId, cartId));
  return { success: true as const, payment_gateway: method.gateway, method_id: method.id };
}

/** `POST /checkout/add_order_comment/`: a note for the warehouse; an empty one clears it. */
export async function setComment(db: Db, shopper: Shopper, comment: string) {
  const cartId = await requireCartId(db, shopper.owner);
  await sessionOf(db, cartId);
  await db
    .update(checkoutSessions)
    .set({ comment: comment.trim(), updatedAt: new Date() })
    .where(eq(checkoutSessions.cartId, cartId));
  return { success: true as const, comment: comment.trim() };
}

/** What still stands between the review and paying, as a 409 with the step to go back to. */
export function readinessProblem(state: CheckoutState): HttpError | null {
  if (!state.session.deliveryAddress || !(state.session.email ?? "").trim())
    return new HttpError(409, "address_missing", "checkout.error.addressMissing", {
      address: ["checkout.error.addressMissing"],
    });
  if (Object.keys(deliveryProblems(state)).length)
    return new HttpError(
      409,
      "delivery_missing",
      "checkout.error.deliveryIncomplete",
      deliveryProblems(state),
    );
  if (!state.paymentMethod && state.priced.totals.paymentTotal > 0)
    return new HttpError(409, "payment_missing", "checkout.error.paymentMissing", {
      method_id: ["checkout.error.paymentMissing"],
    });
  return null;
}
