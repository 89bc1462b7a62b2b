import { FormattedMessage } from "react-intl";
import { useSecondary } from "#web/lib/use-secondary.ts";
import { OfferItem } from "../product/combine-offers.tsx";

/** Offers beside the checkout button; each needs a size before it can be added. Secondary data. */
export function CheckoutOffers({ refreshKey }: { refreshKey: number }) {
  // Read again when the bag's lines change: an offer already in the bag is no longer offered.
  const offers = useSecondary(
    "GET /api/cart/checkout_offers/",
    {},
    (result) => result.offers.filter((offer) => offer.sizes.length > 0),
    [],
    refreshKey,
  );
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
