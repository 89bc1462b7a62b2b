import { useEffect, useRef } from "react";
import { FormattedMessage } from "react-intl";
import { Link } from "react-router";
import type { SponsoredComponent } from "#modules/search/listing.contract.ts";
import { KeptProductCard } from "#web/components/card-markup.tsx";
import { CardSlider } from "#web/components/card-slider.tsx";
import type { CardView } from "#web/components/product-card.tsx";
import { type JsonText, readJsonText } from "#web/lib/json-text.ts";
import { track } from "#web/lib/tracking.ts";

/**
 * The sponsored block as a page's data carries it: its cards cut to what a card shows (cardView),
 * as one JSON text (decision 0070).
 */
export type SponsoredView = Omit<SponsoredComponent, "products"> & { products: JsonText<CardView[]> };

type Slide =
  | { kind: "product"; card: CardView }
  | { kind: "image"; tile: SponsoredComponent["images"][number] };

/** Product cards with the block's promo pictures placed at their 1-based positions among them. */
export function sponsoredSlides(
  block: Pick<SponsoredView, "images" | "title"> & { products: CardView[] },
): Slide[] {
  const slides: Slide[] = block.products.map((card) => ({
    kind: "product",
    // The spec: links out of the block say which block they came from.
    card: {
      ...card,
      relative_url: `${card.relative_url}?sponsored_component=${encodeURIComponent(block.title)}`,
    },
  }));
  for (const tile of [...block.images].sort((a, b) => a.position - b.position)) {
    slides.splice(Math.min(tile.position - 1, slides.length), 0, { kind: "image", tile });
  }
  return slides;
}

/** Fires the sponsored impression once, when the block first scrolls into view. */
function useImpression(title: string, productIds: number[]) {
  const ref = useRef<HTMLDivElement>(null);
  const fired = useRef<string | null>(null);
  const ids = productIds.join(",");
  useEffect(() => {
    const element = ref.current;
    if (!element || fired.current === title || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        fired.current = title;
        track({
          event: "sponsored_impression",
          sponsored_component: title,
          products: ids.split(",").map(Number),
        });
        observer.disconnect();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [title, ids]);
  return ref;
}

/**
 * A brand's sponsored block at the top of a category's first page: its background colour and
 * picture, icon, title in its own colour, the "sponsored" label, and a row of its products with its
 * promo pictures among them. The colours and pictures were checked when read (listing.service.ts).
 */
export function SponsoredBlock({ block }: { block: SponsoredView }) {
  const products = readJsonText(block.products);
  const ref = useImpression(
    block.title,
    products.map((p) => p.product_id),
  );
  if (products.length === 0) return null;
  return (
    <div
      ref={ref}
      data-testid="sponsored"
      className="mb-6 overflow-hidden rounded-lg bg-cover bg-center"
      style={{
        backgroundColor: block.background_color,
        backgroundImage: block.background_image ? `url("${block.background_image}")` : undefined,
        // Only the block's own words take its title colour; the cards' pictures and hearts keep theirs.
        ["--sponsored-fg" as string]: block.title_color,
      }}
    >
      <div className="flex items-center gap-2 px-4 pt-3 text-[var(--sponsored-fg)]">
        {block.icon_image && (
          <img
            src={block.icon_image}
            alt=""
            width={32}
            height={32}
            className="size-8 rounded bg-white object-contain p-0.5"
          />
        )}
        {block.show_sponsored_label && (
          <p className="text-xs font-semibold uppercase" data-testid="sponsored-label">
            <FormattedMessage id="listing.sponsored" />
          </p>
        )}
      </div>
      {/* The block's colour for its words; a card's badges on its picture keep their own. */}
      <div className="[&_article>div:last-child_*]:text-[var(--sponsored-fg)] [&_h2]:text-[var(--sponsored-fg)]">
        <CardSlider
          title={block.title}
          items={sponsoredSlides({ ...block, products })}
          itemKey={(slide) =>
            slide.kind === "product" ? `p${slide.card.product_id}` : `i${slide.tile.position}`
          }
          slideBasis="basis-[45%]"
          // The block leads the category page: the two slides a phone shows first load at once.
          renderItem={(slide, index) =>
            slide.kind === "product" ? (
              <KeptProductCard card={slide.card} priority={index < 2} />
            ) : (
              <PromoTile tile={slide.tile} priority={index < 2} />
            )
          }
        />
      </div>
    </div>
  );
}

function PromoTile({ tile, priority }: { tile: SponsoredComponent["images"][number]; priority: boolean }) {
  const picture = (
    <img
      src={tile.image.src}
      alt={tile.image.alt}
      width={tile.image.width}
      height={tile.image.height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      className="h-full w-full rounded-md object-cover"
      data-testid="sponsored-tile"
    />
  );
  return tile.url ? (
    <Link to={tile.url} className="block h-full">
      {picture}
    </Link>
  ) : (
    picture
  );
}
