import { redirect } from "react-router";
import { HttpError } from "#kernel/errors.ts";
import { readCart } from "#modules/cart/cart.service.ts";
import { receiptQuery } from "#modules/checkout/checkout.contract.ts";
import { addressForm, customerAddresses } from "#modules/checkout/checkout-address.service.ts";
import { deliveryData } from "#modules/checkout/checkout-delivery.service.ts";
import { paymentStep } from "#modules/checkout/checkout-payment-methods.service.ts";
import { checkoutCart, type Shopper } from "#modules/checkout/checkout-state.ts";
import { receiptData } from "#modules/checkout/receipt.service.ts";
import { marketPaymentsOf } from "#modules/payments/market-providers.ts";
import type { ShopRequestContext } from "#server/request-context.ts";
import { asPage } from "#web/lib/page-data.server.ts";

/** The request's shopper, with the member whose address book and e-mail the checkout reads. */
const shopperOf = (shop: ShopRequestContext): Shopper => ({ ...shop.shopper, user: shop.user });

/**
 * A checkout step's data. An empty bag (or one whose every line sold out) cannot be checked out: the
 * shopper goes back to the bag; a step that needs an earlier one goes back to it.
 */
async function step<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError && error.code === "cart_empty") throw redirect("/cart/");
    if (error instanceof HttpError && error.code === "address_missing") throw redirect("/checkout/address/");
    throw error;
  }
}

/** The bag for the order summary bar (critical: it is what is being bought). */
export async function loadSummary(shop: ShopRequestContext) {
  try {
    return await checkoutCart(shop.database.db, shopperOf(shop));
  } catch (error) {
    // The receipt's bag is empty: the summary bar is then simply not shown.
    if (error instanceof HttpError && error.code === "cart_empty")
      return readCart(shop.database.db, shop.shopper.owner, shop.shopper.market, shop.shopper.locale);
    throw error;
  }
}

/**
 * The address step's data. A member's checkout without an address of its own starts from their
 * default addresses: the default delivery address when it is in the shop's country (another one
 * would send them to another shop), and the default billing address when it is another address.
 */
export function loadAddressStep(shop: ShopRequestContext) {
  return step(async () => {
    const shopper = shopperOf(shop);
    const customer = await customerAddresses(shop.database.db, shopper);
    const book = customer.addresses;
    const defaultDelivery = book.find(
      (entry) => entry.default_delivery && entry.country === shop.market.alpha3,
    );
    const defaultBilling = book.find((entry) => entry.default_billing && entry !== defaultDelivery);
    const start = customer.address
      ? { delivery: customer.address, billing: customer.billing_address }
      : { delivery: defaultDelivery ?? null, billing: customer.billing_address ?? defaultBilling ?? null };
    const deliveryCountry = start.delivery?.country || shop.market.alpha3;
    const billingCountry = start.billing?.country || deliveryCountry;
    return {
      customer,
      start,
      shopCountry: shop.market.alpha3,
      shippingFields: addressForm("shipping", deliveryCountry, shop.locale, shop.user === null),
      billingFields: addressForm("billing", billingCountry, shop.locale, false),
      loggedIn: shop.user !== null,
    };
  });
}

export function loadDeliveryStep(shop: ShopRequestContext) {
  return step(async () => {
    const shopper = shopperOf(shop);
    const customer = await customerAddresses(shop.database.db, shopper);
    if (!customer.address) throw redirect("/checkout/address/");
    return { delivery: await deliveryData(shop.database.db, shopper), mapTileUrl: shop.config.mapTileUrl };
  });
}

export function loadPaymentStep(shop: ShopRequestContext) {
  return step(async () => {
    const shopper = shopperOf(shop);
    const customer = await customerAddresses(shop.database.db, shopper);
    if (!customer.address) throw redirect("/checkout/address/");
    // The market's own providers (decision 0059): Adyen and Klarna where it has them, else the test ones.
    const payments = marketPaymentsOf(shop.config);
    const adyen = payments.adyen(shop.market.code);
    const card = adyen ? { adyen, publicUrlFor: shop.publicAddresses.forMarket } : null;
    const klarnaConfig = shop.config.klarnaMarkets.get(shop.market.code);
    const payLater = klarnaConfig ? "klarna" : "test-bnpl";
    const { complete, ...payment } = await paymentStep(shop.database.db, shopper, card, payLater);
    if (!complete) throw redirect("/checkout/delivery/");
    // Klarna's widget library is loaded only when Klarna pays later; never for the built-in provider.
    const klarnaScriptUrl = klarnaConfig?.scriptUrl ?? null;
    return { customer, ...payment, market: shop.market.code, klarnaScriptUrl };
  });
}

export function loadReceipt(shop: ShopRequestContext, token: string | null) {
  // The call's own contract: a token that is not a UUID names no order (and never reaches a query).
  const query = receiptQuery.safeParse({ token });
  if (!query.success) throw new Response(null, { status: 404 });
  return asPage(() =>
    receiptData(shop.database.db, shopperOf(shop), query.data.token, {
      merchantId: shop.config.surveyMerchantId,
    }),
  );
}
