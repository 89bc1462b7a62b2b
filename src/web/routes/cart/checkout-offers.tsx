import { useEffect, useState } from "react";
import { FormattedMessage } from "react-intl";
import { api } from "#web/lib/api.ts";
import { type BenefitItem, OfferItem } from "../product/combine-offers.tsx";

/** Offers beside the checkout button; each needs a size before it can be added. Secondary data. */
export function CheckoutOffers({ refreshKey }: { refreshKey: number }) {
  const [offers, setOffers] = useState<BenefitItem[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    void refreshKey;
    api<{ offers: BenefitItem[] }>("/api/cart/checkout_offers/", { signal: controller.signal })
      .then((result) => setOffers(result.offers.filter((offer) => offer.sizes.length > 0)))
      .catch(() => setOffers([]));
    return () => controller.abort();
  }, [refreshKey]);
  if (offers.length === 0) return null;
  return (
    <section aria-labelledby="checkout-offers" className="flex flex-col gap-3" data-testid="checkout-offers">
      <h2 id="checkout-offers" className="font-semibold">
        <FormattedMessage id="cart.offers.title" />
      </h2>
      <ul className="flex flex-col gap-3">
        {offers.map((offer) => (
          <OfferItem key={offer.product_id} item={offer} />
        ))}
      </ul>
    </section>
  );
}
