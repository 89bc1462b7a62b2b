import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#db/client.ts";
import { toAmount } from "#kernel/money.ts";
import { translate } from "#kernel/translate.ts";
import { findCartId } from "#modules/cart/cart-owner.ts";
import { deliveryIsFree } from "#modules/cart/cart-totals.ts";
import { dropPoints } from "#modules/delivery/delivery.schema.ts";
import { dropPointProvider } from "#modules/delivery/drop-points.ts";
import { PHONE_PATTERN } from "#modules/markets/address-forms.ts";
import { MARKETS, type UiLocale } from "#modules/markets/markets.service.ts";
import type {
  deliveryDataSchema,
  deliveryMethodSchema,
  dropPointSchema,
  dropPointsSchema,
  successSchema,
} from "./checkout.contract.ts";
import { checkoutSessions, type DeliveryChoice } from "./checkout.schema.ts";
import {
  type CheckoutState,
  checkoutState,
  checkoutStateOf,
  type DeliveryMethodRow,
  deliveryProblems,
  fail,
  OWN_PACKAGE,
  requireCartId,
  type Shopper,
  sessionOf,
} from "./checkout-state.ts";

type DeliveryData = z.input<typeof deliveryDataSchema>;

/** A drop point as the checkout shows it; `selectedId` is the point the checkout has chosen, if any. */
export function dropPointOutput(
  point: typeof dropPoints.$inferSelect,
  selectedId: number | null,
): z.input<typeof dropPointSchema> {
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

/** A package's method with what it costs this bag (free above its limit or with a free-delivery voucher). */
function methodOutput(
  method: DeliveryMethodRow,
  state: CheckoutState,
  selected: boolean,
  locale: UiLocale,
): z.input<typeof deliveryMethodSchema> {
  const { currency, totals } = state.priced;
  const free = deliveryIsFree({
    limit: method.freeDeliveryLimit,
    goodsTotal: totals.thresholdTotal,
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
export async function deliveryData(db: Db, shopper: Shopper): Promise<DeliveryData> {
  return deliveryOutput(db, await checkoutStateOf(db, shopper), shopper);
}

/** The delivery data of a checkout already read. */
export async function deliveryOutput(db: Db, state: CheckoutState, shopper: Shopper): Promise<DeliveryData> {
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
    selected_delivery_method_suppliers: packages.flatMap((pkg) =>
      pkg.selected_delivery_id === null
        ? []
        : [
            {
              supplier_name: pkg.supplier_name,
              delivery_id: pkg.selected_delivery_id,
              droppoint_id: pkg.droppoint?.id ?? null,
            },
          ],
    ),
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
): Promise<z.input<typeof successSchema>> {
  const state = await checkoutStateOf(db, shopper);
  const cartId = state.cartId;
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
  return { success: true };
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
): Promise<z.input<typeof successSchema>> {
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
  return { success: true };
}

/** `GET /deliverymethod/find_droppoint/`: the carrier's points near a post code in a shop country. */
export async function findDropPoints(
  db: Db,
  shopper: Shopper,
  input: { provider: string; post_code: string; country_code: string },
): Promise<z.input<typeof dropPointsSchema>> {
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
