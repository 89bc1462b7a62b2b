import { FormattedMessage } from "react-intl";
import { ProductCard } from "#web/components/product-card.tsx";
import { useMediaQuery } from "#web/lib/use-media-query.ts";
import { useSecondary } from "#web/lib/use-secondary.ts";

/** The related grid's rows (spec: 4 rows, 3 to 9 columns by width). */
const RELATED_ROWS = 4;

/** The grid's columns at this screen's width, as its classes below set them. */
function useRelatedColumns(): number {
  const xl = useMediaQuery("(min-width: 80rem)");
  const lg = useMediaQuery("(min-width: 64rem)");
  const md = useMediaQuery("(min-width: 48rem)");
  return xl ? 9 : lg ? 6 : md ? 4 : 3;
}

/**
 * The related grid: 4 rows of 3 to 9 columns by width; secondary, loaded after the page shows. The
 * call gives enough for the widest grid (36); a narrower screen draws only its four rows, so a phone
 * draws 12 cards, not 36 in twelve rows.
 */
export default function RelatedProducts({ productId }: { productId: number }) {
  const cards = useSecondary(
    "GET /api/products/related/:id/",
    { params: { id: productId } },
    (result) => result.results,
    [],
  );
  const shown = RELATED_ROWS * useRelatedColumns();
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby="related" className="mt-12" data-testid="related-products">
      <h2 id="related" className="mb-4 text-xl font-bold">
        <FormattedMessage id="product.related" />
      </h2>
      <ul className="grid grid-cols-3 gap-4 md:grid-cols-4 lg:grid-cols-6 xl:grid-cols-9">
        {cards.slice(0, shown).map((card) => (
          <li key={card.product_id}>
            <ProductCard card={card} />
          </li>
        ))}
      </ul>
    </section>
  );
}
