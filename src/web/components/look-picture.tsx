import { useIntl } from "react-intl";
import { productTitle } from "#modules/catalog/product-name.ts";

/** What a marker shows of its product: its name and price, and where it leads. */
export interface LookProduct {
  product_id: number;
  name: string;
  brand: string;
  relative_url: string;
  prices: { min_price: number; currency: string };
}

export interface LookPictureProps {
  image: { src: string; alt: string; width: number; height: number };
  hotspots: { coordinates: { x: number; y: number }; product: LookProduct[] }[];
}

/** A look's markers cut to what they show (a page's data carries no whole product cards). */
export function lookHotspots(hotspots: LookPictureProps["hotspots"]): LookPictureProps["hotspots"] {
  return hotspots.map(({ coordinates, product }) => ({
    coordinates: { x: coordinates.x, y: coordinates.y },
    product: product.slice(0, 1).map(({ product_id, name, brand, relative_url, prices }) => ({
      product_id,
      name,
      brand,
      relative_url,
      prices: { min_price: prices.min_price, currency: prices.currency },
    })),
  }));
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
