/**
 * The seam between the shop and a real payment provider. The built-in test providers
 * (payments.service.ts) need none of it; a provider that holds the money at a third party
 * (Klarna today, a card acquirer such as Adyen later) implements this, and the shop keeps its own
 * record of every call in payment_attempts and payment_captures. Amounts are minor units.
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

export interface PaymentProvider {
  /** The gateway name stored on orders and attempts. */
  readonly gateway: string;
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
  capture(
    providerOrderId: string,
    amount: number,
    idempotencyKey: string,
  ): Promise<ProviderResult<{ reference: string }>>;
  refund(
    providerOrderId: string,
    amount: number,
    idempotencyKey: string,
  ): Promise<ProviderResult<{ reference: string }>>;
  cancel(providerOrderId: string, idempotencyKey: string): Promise<ProviderResult<null>>;
}
