import type { ShopRequestContext } from "#server/request-context.ts";

/**
 * Whether the page may embed a third party's player or post (videos, reels, social embeds): with
 * the shopper's marketing consent, or where the configuration does not ask for consent
 * (CONSENT_REQUIRED, off in development only: decision 0045).
 */
export function marketingEmbedsAllowed(shop: Pick<ShopRequestContext, "config" | "consent">): boolean {
  return !shop.config.consentRequired || shop.consent.marketing;
}
