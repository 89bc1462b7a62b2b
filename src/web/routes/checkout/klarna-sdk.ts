import type { z } from "zod";
import type { addressFieldsSchema } from "#modules/checkout/checkout.contract.ts";

/**
 * Klarna Payments' JavaScript library (`Klarna.Payments`), as Klarna's SDK reference describes it:
 * `init({ client_token })`, then `load({ container, payment_method_category }, callback)` draws the
 * widget, and `authorize({ payment_method_category }, data, callback)` asks Klarna to approve the
 * purchase, answering an authorisation token the server turns into an order.
 */
export interface KlarnaPayments {
  init(options: { client_token: string }): void;
  load(
    options: { container: string; payment_method_category: string },
    callback: (result: KlarnaLoadResult) => void,
  ): void;
  authorize(
    options: { payment_method_category: string },
    data: KlarnaCustomerData,
    callback: (result: KlarnaAuthorizeResult) => void,
  ): void;
}

export interface KlarnaLoadResult {
  /** false: Klarna will not offer this method here; the shopper must choose another one. */
  show_form: boolean;
  error?: { invalid_fields?: string[] };
}

export interface KlarnaAuthorizeResult {
  approved: boolean;
  show_form: boolean;
  authorization_token?: string;
  finalize_required?: boolean;
  error?: { invalid_fields?: string[] };
}

/** Klarna's address object (`billing_address`, `shipping_address`); empty fields are left out. */
export type KlarnaAddress = Partial<
  Record<
    | "given_name"
    | "family_name"
    | "email"
    | "street_address"
    | "street_address2"
    | "postal_code"
    | "city"
    | "region"
    | "phone"
    | "country",
    string
  >
>;

export interface KlarnaCustomerData {
  billing_address: KlarnaAddress;
  shipping_address?: KlarnaAddress;
}

declare global {
  interface Window {
    Klarna?: { Payments?: KlarnaPayments };
    /** Klarna's library calls this once it is ready. */
    klarnaAsyncCallback?: () => void;
  }
}

type AddressFields = z.output<typeof addressFieldsSchema>;

/** The checkout's address as Klarna wants it, for `authorize()` only (Klarna: no customer data before). */
export function klarnaAddress(address: AddressFields, email: string): KlarnaAddress {
  const fields: KlarnaAddress = {
    given_name: address.first_name,
    family_name: address.last_name,
    email: address.email || email,
    street_address: [address.address, address.addr_number].filter(Boolean).join(" "),
    street_address2: address.address2,
    postal_code: address.post_nummer,
    city: address.town,
    region: address.state,
    phone: address.phone,
    country: address.country_alpha2,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value?.trim())) as KlarnaAddress;
}

/** The customer data sent with `authorize()`: the billing address (the delivery one when none) and delivery. */
export function klarnaCustomerData(
  delivery: AddressFields | null,
  billing: AddressFields | null,
  email: string,
): KlarnaCustomerData {
  const invoice = billing ?? delivery;
  return {
    billing_address: invoice ? klarnaAddress(invoice, email) : { email },
    ...(delivery ? { shipping_address: klarnaAddress(delivery, email) } : {}),
  };
}

/**
 * What `authorize()`'s answer means for the shopper (Klarna's "Get authorization"): approved with a
 * token → place the order; not approved with `show_form: false` → Klarna declines, the method goes and
 * the shopper chooses another; not approved with the form still shown → the shopper did not finish
 * (closed Klarna's window, details to fix) and can try again.
 */
export type KlarnaOutcome = { kind: "approved"; token: string } | { kind: "declined" } | { kind: "retry" };

export function klarnaOutcome(result: KlarnaAuthorizeResult | null | undefined): KlarnaOutcome {
  if (result?.approved && typeof result.authorization_token === "string" && result.authorization_token)
    return { kind: "approved", token: result.authorization_token };
  if (!result || result.show_form === false) return { kind: "declined" };
  return { kind: "retry" };
}

/** The category the widget shows: the market's pay later when Klarna offers it, else Klarna's first. */
export function klarnaCategory(categories: { identifier: string }[]): string | null {
  return (
    categories.find((category) => category.identifier === "pay_later")?.identifier ??
    categories[0]?.identifier ??
    null
  );
}

const LOAD_TIMEOUT_MS = 20_000;
let loading: { src: string; promise: Promise<KlarnaPayments> } | null = null;

/**
 * Adds Klarna's library to the page once (only when the shopper chose Klarna: nothing of Klarna's is
 * loaded otherwise) and resolves with `Klarna.Payments` when it is ready.
 */
export function loadKlarnaPayments(src: string): Promise<KlarnaPayments> {
  const ready = window.Klarna?.Payments;
  if (ready) return Promise.resolve(ready);
  if (loading?.src === src) return loading.promise;
  const promise = new Promise<KlarnaPayments>((resolve, reject) => {
    const timer = window.setTimeout(
      () => fail(new Error("Klarna's library did not get ready")),
      LOAD_TIMEOUT_MS,
    );
    const done = () => {
      const payments = window.Klarna?.Payments;
      if (!payments) return;
      window.clearTimeout(timer);
      resolve(payments);
    };
    const fail = (error: Error) => {
      window.clearTimeout(timer);
      loading = null;
      script.remove();
      reject(error);
    };
    const previous = window.klarnaAsyncCallback;
    window.klarnaAsyncCallback = () => {
      previous?.();
      done();
    };
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.dataset.klarna = "payments";
    script.onload = done;
    script.onerror = () => fail(new Error("Klarna's library could not be loaded"));
    document.body.appendChild(script);
  });
  loading = { src, promise };
  return promise;
}
