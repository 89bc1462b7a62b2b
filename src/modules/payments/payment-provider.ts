/**
 * The seam between the shop and a real payment provider. The built-in test providers
 * (payments.service.ts) need none of it; a provider that holds the money at a third party
 * (Klarna) implements this; a card acquirer (Adyen) implements its modifications. The shop keeps its
 * own record of every call in payment_attempts and payment_captures. Amounts are minor units.
 */
export interface ProviderOrderInput {
  /** The shop's merchant reference of the checkout. */
  reference: string;
  /** Two-letter country, three-letter currency, the shopper's language tag (e.g. "da-DK"). */
  country: string;
  currency: string;
  locale: string;
  /** The amount the server works out; never a client's figure. */
  amount: number;
  taxAmount: number;
  /** What the line says at the provider. */
  description: string;
}

export type ProviderResult<T> =
  | { ok: true; value: T }
  /** The provider said no (4xx) or could not be reached: the shopper is told, nothing is placed. */
  | { ok: false; status: number; code: string; message: string };

/** Money in minor units of a currency. */
export interface Money {
  value: number;
  currency: string;
}

/** What a capture, refund or cancel answered: the provider's own reference of it. */
export interface Modification {
  reference: string;
  /**
   * The provider only received it: whether it went through comes later (Adyen's standard
   * notification). False when the answer is the outcome (Klarna).
   */
  awaitingOutcome: boolean;
}

/**
 * Captures, refunds and cancels of money a provider holds for an order, as the job
 * `payments.send-capture` sends them (payment-captures.service.ts). Klarna and Adyen both implement it.
 */
export interface PaymentModifications {
  /** The gateway name stored on orders, attempts and payment_captures rows. */
  readonly gateway: string;
  capture(
    providerOrderId: string,
    amount: Money,
    idempotencyKey: string,
  ): Promise<ProviderResult<Modification>>;
  refund(
    providerOrderId: string,
    amount: Money,
    idempotencyKey: string,
  ): Promise<ProviderResult<Modification>>;
  /** Lets go of an authorisation nothing was captured of. */
  cancel(providerOrderId: string, idempotencyKey: string): Promise<ProviderResult<Modification>>;
}

/** A pay-later provider (Klarna): its widget's session and orders, and the modifications after. */
export interface PaymentProvider extends PaymentModifications {
  /** The browser widget's session (client token and the methods the shopper may use). */
  createSession(input: ProviderOrderInput): Promise<
    ProviderResult<{
      sessionId: string;
      clientToken: string;
      categories: { identifier: string; name: string }[];
    }>
  >;
  /** Turns the browser's authorisation into an order at the provider. */
  createOrder(
    authorizationToken: string,
    input: ProviderOrderInput,
    idempotencyKey: string,
  ): Promise<ProviderResult<{ orderId: string; fraudStatus: string }>>;
}
