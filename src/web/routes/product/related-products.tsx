import { FormattedMessage } from "react-intl";
import { ProductCard } from "#web/components/product-card.tsx";
import { useSecondary } from "#web/lib/use-secondary.ts";

/** The related grid: 4 rows of 3 to 9 columns by width; secondary, loaded after the page shows. */
export default function RelatedProducts({ productId }: { productId: number }) {
  const cards = useSecondary(
    "GET /api/products/related/:id/",
    { params: { id: productId } },
    (result) => result.results,
    [],
  );
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby="related" className="mt-12" data-testid="related-products">
      <h2 id="related" className="mb-4 text-xl font-bold">
        <FormattedMessage id="product.related" />
      </h2>
      <ul className="grid grid-cols-3 gap-4 md:grid-cols-4 lg:grid-cols-6 xl:grid-cols-9">
        {cards.map((card) => (
          <li key={card.product_id}>
            <ProductCard card={card} />
          </li>
        ))}
      </ul>
    </section>
  );
}
