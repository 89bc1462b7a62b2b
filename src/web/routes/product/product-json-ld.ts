import type { ProductDetail } from "#modules/product/product.contract.ts";
import type { RatingSummary } from "#modules/reviews/reviews.contract.ts";

export function productJsonLd(
  product: ProductDetail,
  origin: string,
  rating?: RatingSummary,
): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    sku: product.style,
    brand: { "@type": "Brand", name: product.brand },
    description: product.description,
    image: product.images.map((image) => `${origin}${image.src}`),
    offers: {
      "@type": "Offer",
      url: `${origin}${product.relative_url}`,
      priceCurrency: product.prices.currency,
      price: product.prices.min_price.toFixed(2),
      availability: product.sold_out
        ? "https://schema.org/OutOfStock"
        : product.is_preorder
          ? "https://schema.org/PreOrder"
          : "https://schema.org/InStock",
      itemCondition: "https://schema.org/NewCondition",
    },
    // The stars of the shown reviews, only when there are any (decision 0044).
    ...(rating && rating.count > 0 && rating.average !== null
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: rating.average.toFixed(1),
            reviewCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}
