import { useIntl } from "react-intl";
import type { ProductCard } from "#modules/catalog/catalog.contract.ts";
import { productTitle } from "#modules/catalog/product-name.ts";

export interface LookPictureProps {
  image: { src: string; alt: string; width: number; height: number };
  hotspots: { coordinates: { x: number; y: number }; product: ProductCard[] }[];
}

/**
 * A shop-the-look picture with a marker on each product it shows, each leading to that product and
 * named (with its price) for screen readers. Coordinates are percentages, already clamped when read.
 * Shared by the product page's section and the listing's look card.
 */
export function LookPicture({ image, hotspots }: LookPictureProps) {
  const intl = useIntl();
  return (
    <div className="relative">
      <img
        src={image.src}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading="lazy"
        className="w-full rounded-lg"
      />
      {hotspots.map((spot) => {
        const product = spot.product[0];
        if (!product) return null;
        return (
          <a
            key={product.product_id}
            href={product.relative_url}
            style={{ left: `${spot.coordinates.x}%`, top: `${spot.coordinates.y}%` }}
            data-testid="look-hotspot"
            className="absolute flex size-8 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-white bg-neutral-900 text-sm font-bold text-white shadow"
            aria-label={intl.formatMessage(
              { id: "product.look.hotspot" },
              {
                name: productTitle(product.brand, product.name),
                price: intl.formatNumber(product.prices.min_price, {
                  style: "currency",
                  currency: product.prices.currency,
                }),
              },
            )}
          >
            +
          </a>
        );
      })}
    </div>
  );
}
