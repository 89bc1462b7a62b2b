// What a shopper does, call by call, as the storefront's pages make the calls: add to the bag, go
// through the checkout's address, delivery and payment steps, and pay (cash on delivery, or the
// built-in test card and its redirect). The same sequence as checkout.test-helpers.ts, over HTTP.
import type { Answer, Shopper } from "./shopper.ts";

/** A shopper's address in a market with the payment method the scale-out test and bench use there. */
export const SHOPPER_ADDRESSES = {
  dk: {
    country: "dnk",
    name: "Mette Jensen",
    address: "Stadionvej 12",
    post_nummer: "2100",
    town: "København Ø",
    phone: "+45 20 30 40 50",
  },
  pl: {
    country: "pol",
    name: "Jan Kowalski",
    address: "ul. Sportowa",
    addr_number: "7",
    post_nummer: "00-001",
    town: "Warszawa",
    phone: "+48 600 100 200",
  },
} as const;

export type Payment = "cod" | "test-card";

export const AUTHORISED_TEST_CARD = {
  type: "scheme",
  holderName: "Mette Jensen",
  number: "4111 1111 1111 1111",
  expiryMonth: "03",
  expiryYear: "2030",
  cvc: "737",
};

/** An answer the flow did not expect: which call, what status, what the shop said. */
export class UnexpectedAnswer extends Error {
  readonly status: number;
  constructor(what: string, answer: Answer) {
    super(`${what}: ${answer.status} ${answer.text.slice(0, 300)}`);
    this.status = answer.status;
  }
}

function expectOk(what: string, answer: Answer, status = 200): Answer {
  if (answer.status !== status) throw new UnexpectedAnswer(what, answer);
  return answer;
}

/** Adds one of a size to the bag; the shop must accept it. */
export async function addToBag(shopper: Shopper, line: { product: number; size: number }) {
  const answer = await shopper.form(
    "/cart/items/add_to_cart/",
    { product: line.product, size: line.size, amount: 1 },
    "add to bag",
  );
  const body = expectOk("add to bag", answer).json<{ success: boolean }>();
  if (!body.success) throw new UnexpectedAnswer("add to bag", answer);
}

/**
 * The address, delivery and payment steps, as far as the review: the address of the market, the
 * first home-delivery method of every package, and the payment method of the given gateway. Answers
 * the order total the payment step shows, which the review sends back.
 */
export async function prepareCheckout(
  shopper: Shopper,
  options: { market: keyof typeof SHOPPER_ADDRESSES; email: string; payment: Payment },
): Promise<{ reviewedTotal: number }> {
  const address = { ...SHOPPER_ADDRESSES[options.market], email: options.email };
  expectOk(
    "address",
    await shopper.json("/api/checkout/set_delivery_address/", address, "checkout: address"),
  );
  const delivery = expectOk(
    "delivery methods",
    await shopper.get("/checkout/delivery_methods/", "checkout: delivery methods"),
  ).json<{
    packages: { key: string; delivery_methods: { delivery_id: number; is_droppoint: boolean }[] }[];
  }>();
  for (const pkg of delivery.packages) {
    const method = pkg.delivery_methods.find((m) => !m.is_droppoint);
    if (!method) throw new Error(`package ${pkg.key} has no home delivery`);
    expectOk(
      "delivery choice",
      await shopper.json(
        "/checkout/select_delivery_method/",
        { package: pkg.key, delivery_method: method.delivery_id },
        "checkout: choose delivery",
      ),
    );
  }
  expectOk(
    "delivery step",
    await shopper.json("/checkout/step_delivery_submit/", {}, "checkout: delivery submit"),
  );
  const gateways = expectOk(
    "payment methods",
    await shopper.get("/checkout/payment_gateways/", "checkout: payment methods"),
  ).json<{
    paymentMethods: Record<string, { gateway: string; method_id: number }[]>;
  }>();
  const method = Object.values(gateways.paymentMethods)
    .flat()
    .find((m) => m.gateway === options.payment);
  if (!method) throw new Error(`no ${options.payment} payment in market ${options.market}`);
  expectOk(
    "payment choice",
    await shopper.json(
      "/checkout/payment_gateway_submit/",
      { payment_gateway: options.payment, method_id: method.method_id },
      "checkout: choose payment",
    ),
  );
  // The page reads its data again once a method is chosen (its fee is in the total the review shows).
  const chosen = expectOk(
    "payment methods",
    await shopper.get("/checkout/payment_gateways/", "checkout: payment methods"),
  ).json<{ order_total_minor: number }>();
  return { reviewedTotal: chosen.order_total_minor };
}

/** The review with the total it showed: places a cash-on-delivery order, or answers the card payment to make. */
export async function submitReview(
  shopper: Shopper,
  payment: Payment,
  reviewedTotal: number,
): Promise<Answer> {
  return shopper.json(
    "/checkout/step_review_submit/",
    { policy: true, source: "web", device: "desktop", reviewed_total_minor: reviewedTotal },
    payment === "cod" ? PLACING_STEP.cod : "checkout: review (card)",
  );
}

/** The step (as Exchange.step names it) whose call places the order, per payment. */
export const PLACING_STEP = {
  cod: "checkout: review, places the order (cod)",
  "test-card": "checkout: card result, places the order",
} as const;

/** The card form's call; answers the provider's redirect address when authorised. */
export async function payByTestCard(shopper: Shopper): Promise<string> {
  const answer = expectOk(
    "card payment",
    await shopper.json(
      "/checkout/adyen_split_on_payment/",
      { data: { paymentMethod: AUTHORISED_TEST_CARD } },
      "checkout: card payment",
    ),
  );
  const result = answer.json<{ resultCode: string; action: { url: string } | null }>();
  if (result.resultCode !== "Authorised" || !result.action)
    throw new UnexpectedAnswer("card payment", answer);
  return result.action.url;
}

/** The provider's redirect back to the shop, which places a card order (a replay finds it). */
export async function followPaymentResult(shopper: Shopper, url: string): Promise<string> {
  const answer = await shopper.get(url, PLACING_STEP["test-card"]);
  const location = String(answer.headers.location ?? "");
  if (answer.status !== 303 || !location.startsWith("/checkout/receipt/"))
    throw new UnexpectedAnswer(`card result (to ${location})`, answer);
  return location;
}

/** Review and pay: answers the receipt's address (/checkout/receipt/?token=…). */
export async function placeOrder(shopper: Shopper, payment: Payment, reviewedTotal: number): Promise<string> {
  const review = expectOk("review", await submitReview(shopper, payment, reviewedTotal)).json<{
    redirect_url: string | null;
  }>();
  if (payment === "cod") {
    if (!review.redirect_url) throw new Error("a cash-on-delivery review placed no order");
    return review.redirect_url;
  }
  return followPaymentResult(shopper, await payByTestCard(shopper));
}

/** The order number (ST…) on the receipt the shopper was sent to. */
export async function receiptOrderNumber(shopper: Shopper, receiptUrl: string): Promise<string> {
  const token = new URL(receiptUrl, shopper.base).searchParams.get("token") ?? "";
  const answer = expectOk(
    "receipt",
    await shopper.get(`/checkout/receipt_data/?token=${encodeURIComponent(token)}`, "checkout: receipt"),
  );
  return answer.json<{ order_number: string }>().order_number;
}
