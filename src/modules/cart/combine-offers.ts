// The combine-offer engine: buy the trigger product, get its benefit items at the offer price. Pure
// arithmetic on the bag's lines, so the totals engine can take its result as one discount per line.
import { promotionPrice } from "#modules/product/promotions.service.ts";

/** A promotion running now, as the bag's pricing reads it (one row of the promotions table). */
export interface CombineOffer {
  /** The trigger product: each unit of it in the bag lets one benefit unit cost the offer price. */
  product_id: number;
  benefit_product_ids: number[];
  discount_percentage: number;
}

/** A charged bag line as the offer engine sees it (prices in minor units). */
export interface OfferLine {
  lineId: number;
  productId: number;
  quantity: number;
  unitPrice: number;
  isPackage: boolean;
}

/**
 * Combine offers: with the trigger product in the bag, its benefit items cost the offer price, for as
 * many units as there are trigger units (the best offer first). Returns the discount per line.
 */
export function combineOfferDiscounts(
  offers: CombineOffer[],
  lines: OfferLine[],
  currency: string,
): Map<number, number> {
  const discounts = new Map<number, number>();
  const unitsOf = (productId: number) =>
    lines.filter((line) => line.productId === productId).reduce((sum, line) => sum + line.quantity, 0);
  const remaining = new Map<CombineOffer, number>(offers.map((offer) => [offer, unitsOf(offer.product_id)]));
  const sorted = [...offers].sort((a, b) => b.discount_percentage - a.discount_percentage);
  for (const line of lines) {
    if (line.isPackage) continue;
    let units = line.quantity;
    for (const offer of sorted) {
      if (units === 0) break;
      if (!offer.benefit_product_ids.includes(line.productId) || offer.product_id === line.productId)
        continue;
      const applied = Math.min(units, remaining.get(offer) ?? 0);
      if (applied === 0) continue;
      remaining.set(offer, (remaining.get(offer) ?? 0) - applied);
      units -= applied;
      const perUnit = line.unitPrice - promotionPrice(line.unitPrice, offer.discount_percentage, currency);
      discounts.set(line.lineId, (discounts.get(line.lineId) ?? 0) + perUnit * applied);
    }
  }
  return discounts;
}
