import type { FastifyInstance } from "fastify";
import { hasCardNumber } from "#kernel/card-numbers.ts";
import { HttpError } from "#kernel/errors.ts";
import type { RequestSteps } from "../request-steps.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The payment provider's own signed call (Adyen's notifications, HMAC-checked): it carries no
     * card data, and its references are runs of 16 digits that may pass Luhn like a card number.
     */
    paymentProviderCall?: boolean;
  }
}

/** Fields only card data has; `number` and `expiry…` only inside a payment method or card. */
const CARD_KEYS = new Set(["cvc", "cvv", "cvv2", "securitycode", "cardnumber", "pan"]);
const CARD_PARENTS = new Set(["paymentmethod", "card"]);
const CARD_FIELDS_IN_PARENT = new Set(["number", "expirymonth", "expiryyear", "expirydate"]);

/** The dotted path of the first place card data sits in parsed input, or null. Walked without recursion. */
export function cardDataField(input: unknown): string | null {
  const pending: [unknown, string, string][] = [[input, "", ""]];
  let visited = 0;
  while (pending.length > 0 && visited++ < 10_000) {
    const [value, path, key] = pending.pop() as [unknown, string, string];
    if (typeof value === "string" && hasCardNumber(value)) return path || "body";
    if (typeof value === "number" && hasCardNumber(String(value))) return path || "body";
    if (value && typeof value === "object") {
      for (const [childKey, child] of Object.entries(value)) {
        const lower = childKey.toLowerCase();
        const childPath = path ? `${path}.${childKey}` : childKey;
        if (CARD_KEYS.has(lower)) return childPath;
        if (CARD_PARENTS.has(key) && CARD_FIELDS_IN_PARENT.has(lower)) return childPath;
        pending.push([child, childPath, lower]);
      }
    }
  }
  return null;
}

/**
 * In a market whose cards Adyen takes (decision 0059: the request's market), card data never reaches the shop (PCI DSS SAQ-A:
 * only the provider's own fields take it). Any call whose query or body carries a card number or
 * card fields is refused (400) before a route reads it; the answer names the field, never its value.
 * The provider's own signed calls are not shoppers' input and pass.
 */
export function registerCardDataGuard(app: FastifyInstance, steps: RequestSteps) {
  const adyenMarkets = app.config.adyenMarkets;
  if (adyenMarkets.size === 0) return;
  steps.onInput(function cardData(request) {
    // Reading (a search for a barcode) is never refused; its address is masked in the log.
    if (request.method === "GET" || request.method === "HEAD") return null;
    // A market on the built-in test card takes its (test) card form; only Adyen's markets refuse one.
    if (!adyenMarkets.has(request.market.code)) return null;
    if (request.routeOptions.config.paymentProviderCall) return null;
    const field = cardDataField(request.body) ?? cardDataField(request.query);
    if (!field) return null;
    return new HttpError(400, "card_data_refused", "payment.card.error.invalid", {
      [field]: ["payment.card.error.invalid"],
    });
  });
}
