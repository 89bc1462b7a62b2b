import { eq, sql } from "drizzle-orm";
import { concurrently, type Db, type Tx } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import type { SessionUser } from "#kernel/session-user.ts";
import { BRAND_STORE_SUPPLIER, OWN_SUPPLIER } from "#modules/cart/cart.contract.ts";
import { formatCart } from "#modules/cart/cart-output.ts";
import { type CartOwner, findCartId } from "#modules/cart/cart-owner.ts";
import { type BagTarget, loadBag, type PricedCart, priceLoadedCart } from "#modules/cart/cart-pricing.ts";
import { type MarketConfig, marketConfig } from "#modules/delivery/market-config.ts";
import type { Market, UiLocale } from "#modules/markets/markets.service.ts";
import { newPaymentReference } from "#modules/payments/payments.service.ts";
import { checkoutSessions, type DeliveryChoice } from "./checkout.schema.ts";

/** Who is checking out, where, and in which language. */
export interface Shopper {
  owner: CartOwner;
  user: SessionUser | null;
  market: Market;
  locale: UiLocale;
}

/** The package of the shop's own warehouses; other packages are keyed by their supplier's id. */
export const OWN_PACKAGE = "own";

export type SessionRow = typeof checkoutSessions.$inferSelect;
export type DeliveryMethodRow = MarketConfig["methods"][number];
export type PaymentMethodRow = MarketConfig["payments"][number];
type SupplierRow = MarketConfig["suppliers"][number];

export interface CheckoutPackage {
  key: string;
  supplierId: number | null;
  supplierName: string;
  quantity: number;
  lineIds: number[];
  methods: DeliveryMethodRow[];
}

/** The delivery in force for one package: its method and, for a drop-point method, the chosen point. */
export interface PackageChoice {
  method: DeliveryMethodRow;
  dropPointId: number | null;
}

/** The checkout as it stands: the bag priced with its chosen deliveries and payment fee. */
export interface CheckoutState {
  cartId: number;
  session: SessionRow;
  packages: CheckoutPackage[];
  /** Per package: the method in force (the stored one, or the only one there is) and its drop point. */
  choices: Map<string, PackageChoice | null>;
  paymentMethod: PaymentMethodRow | null;
  priced: PricedCart;
  hasPuma: boolean;
}

/**
 * Refuses the call with an HttpError. Typed `never` so a step can `return fail(…)` where a value is
 * expected and the compiler still narrows after it.
 */
export const fail = (
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string[]>,
): never => {
  throw new HttpError(status, code, message, fields);
};

/**
 * The shopper's checkout row, made on first use: one statement when it exists (read) and one when it
 * does not (made); a third only when another request made it at the same moment.
 */
export async function sessionOf(db: Db | Tx, cartId: number): Promise<SessionRow> {
  const [existing] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.cartId, cartId));
  if (existing) return existing;
  return makeSession(db, cartId);
}

/** Makes the checkout row of a bag that had none (or reads the one made at the same moment). */
async function makeSession(db: Db | Tx, cartId: number): Promise<SessionRow> {
  const [made] = await db.insert(checkoutSessions).values({ cartId }).onConflictDoNothing().returning();
  if (made) return made;
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.cartId, cartId));
  return row as SessionRow;
}

/**
 * The checkout's payment reference (one order per reference), made by whichever call needs it first:
 * the payment step, the review, the card or the pay-later provider. One statement, so two first
 * uses at once agree on the same reference.
 */
export async function paymentReferenceOf(db: Db | Tx, session: SessionRow): Promise<string> {
  if (session.paymentReference) return session.paymentReference;
  const [row] = await db
    .update(checkoutSessions)
    .set({ paymentReference: sql`coalesce(${checkoutSessions.paymentReference}, ${newPaymentReference()})` })
    .where(eq(checkoutSessions.cartId, session.cartId))
    .returning({ reference: checkoutSessions.paymentReference });
  if (!row?.reference) throw new Error(`no checkout row for bag ${session.cartId}`);
  return row.reference;
}

/** The bag being checked out; a missing or empty bag is refused (409 cart_empty). */
export async function requireCartId(db: Db | Tx, owner: CartOwner): Promise<number> {
  const cartId = await findCartId(db, owner);
  if (cartId === null) return fail(409, "cart_empty", "checkout.error.emptyCart");
  return cartId;
}

/**
 * The bag's charged lines as packages: one for the shop's own warehouses (first) and one per
 * marketplace supplier (by id), each with the market's methods for that supplier. A line of a
 * supplier that is not a marketplace travels with the shop's own package.
 */
export function packagesOf(
  lines: readonly { row: { supplier_id: number | null; line_id: number }; quantity: number }[],
  suppliers: readonly Pick<SupplierRow, "id" | "name" | "isMarketplace">[],
  methods: readonly DeliveryMethodRow[],
): CheckoutPackage[] {
  const supplierById = new Map(suppliers.map((s) => [s.id, s]));
  const packages = new Map<string, CheckoutPackage>();
  for (const line of lines) {
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
  return [...packages.values()].sort((a, b) =>
    a.key === OWN_PACKAGE ? -1 : b.key === OWN_PACKAGE ? 1 : (a.supplierId ?? 0) - (b.supplierId ?? 0),
  );
}

/**
 * The delivery in force per package. A stored choice counts only while its method is still offered
 * for the package; a package with a single method has it without asking. A drop point counts only for
 * a drop-point method it was chosen with.
 */
export function choicesOf(
  packages: readonly CheckoutPackage[],
  stored: Record<string, DeliveryChoice>,
): Map<string, PackageChoice | null> {
  const choices = new Map<string, PackageChoice | null>();
  for (const pkg of packages) {
    const kept = stored[pkg.key];
    const method =
      pkg.methods.find((m) => m.id === kept?.methodId) ??
      (pkg.methods.length === 1 ? pkg.methods[0] : undefined);
    choices.set(
      pkg.key,
      method
        ? {
            method,
            dropPointId: method.dropPointProvider && kept?.methodId === method.id ? kept.dropPointId : null,
          }
        : null,
    );
  }
  return choices;
}

/**
 * Everything the delivery, payment and review steps show, from one pricing of the bag. Inside the
 * order's transaction it is read again with the same function, so what is charged is what the
 * shopper was shown unless the catalogue changed in between.
 */
export async function checkoutState(db: Db | Tx, cartId: number, shopper: Shopper): Promise<CheckoutState> {
  return stateOf(db, { cartId }, shopper);
}

/**
 * The checkout of the shopper's bag: the bag found, its checkout row and its lines read in one
 * statement (the checkout row is made on the first step that finds none); 409 cart_empty without a
 * bag or with nothing in it to buy.
 */
export async function checkoutStateOf(db: Db | Tx, shopper: Shopper): Promise<CheckoutState> {
  return stateOf(db, { owner: shopper.owner }, shopper);
}

async function stateOf(db: Db | Tx, target: BagTarget, shopper: Shopper): Promise<CheckoutState> {
  const { market, locale } = shopper;
  const [loaded, config] = await concurrently(db, [
    () => loadBag(db, target, market, shopper.owner.userId, { checkout: true }),
    () => marketConfig(db, market.code),
  ] as const);
  const cartId = loaded.cartId;
  if (cartId === null) return fail(409, "cart_empty", "checkout.error.emptyCart");
  // A first pricing finds the packages; the deliveries chosen for them then price the bag for real.
  const first = priceLoadedCart(loaded, market, locale, { userId: shopper.owner.userId });
  if (first.charged.length === 0) return fail(409, "cart_empty", "checkout.error.emptyCart");
  const session = loaded.checkout ? sessionFromJson(loaded.checkout) : await makeSession(db, cartId);
  const packages = packagesOf(first.charged, config.suppliers, config.methods);
  const choices = choicesOf(packages, session.delivery);
  const paymentMethod = config.payments.find((p) => p.id === session.paymentMethodId) ?? null;
  const priced = priceLoadedCart(loaded, market, locale, {
    userId: shopper.owner.userId,
    packages: packages.map((pkg) => {
      const method = choices.get(pkg.key)?.method;
      return { price: method?.price ?? 0, freeDeliveryLimit: method?.freeDeliveryLimit ?? null };
    }),
    paymentFee: paymentMethod?.fee ?? 0,
  });
  return {
    cartId,
    session,
    packages,
    choices,
    paymentMethod,
    priced,
    // The spec's "Puma" rule, keyed on the brand store's code (decision 0040).
    hasPuma: packages.some(
      (pkg) =>
        pkg.supplierId !== null &&
        config.suppliers.find((s) => s.id === pkg.supplierId)?.code === BRAND_STORE_SUPPLIER,
    ),
  };
}

/** The checkout row as the bag's read brings it (JSON, columns by their SQL names). */
export function sessionFromJson(row: Record<string, unknown>): SessionRow {
  return {
    cartId: row.cart_id as number,
    email: (row.email as string | null) ?? null,
    deliveryAddress: (row.delivery_address as SessionRow["deliveryAddress"]) ?? null,
    billingAddress: (row.billing_address as SessionRow["billingAddress"]) ?? null,
    delivery: (row.delivery as SessionRow["delivery"]) ?? {},
    postNumber: (row.post_number as string | null) ?? "",
    smsNumber: (row.sms_number as string | null) ?? "",
    paymentMethodId: (row.payment_method_id as number | null) ?? null,
    comment: (row.comment as string | null) ?? "",
    paymentReference: (row.payment_reference as string | null) ?? null,
    review: (row.review as SessionRow["review"]) ?? null,
    authorizationToken: (row.authorization_token as string | null) ?? null,
    updatedAt: new Date(row.updated_at as string),
  };
}

/** The bag in the storefront's shape, priced with the chosen deliveries and payment fee. */
export async function checkoutCart(db: Db, shopper: Shopper) {
  const state = await checkoutStateOf(db, shopper);
  return formatCart(state.priced, shopper.market);
}

/** What is still missing before the order can be paid, as field errors; empty when complete. */
export function deliveryProblems(
  state: Pick<CheckoutState, "packages" | "choices">,
): Record<string, string[]> {
  for (const pkg of state.packages) {
    const choice = state.choices.get(pkg.key);
    if (!choice) return { delivery_method: ["checkout.error.chooseMethod"], package: [pkg.key] };
    if (choice.method.dropPointProvider && !choice.dropPointId)
      return { droppoint_id: ["checkout.error.chooseDropPoint"], package: [pkg.key] };
  }
  return {};
}

/** What readiness is judged on: the checkout's row, its deliveries, its payment method and what is due. */
export type Readiness = Pick<CheckoutState, "packages" | "choices" | "paymentMethod"> & {
  session: Pick<SessionRow, "deliveryAddress" | "email">;
  priced: { totals: { paymentTotal: number } };
};

/** What still stands between the review and paying, as a 409 with the step to go back to. */
export function readinessProblem(state: Readiness): HttpError | null {
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
