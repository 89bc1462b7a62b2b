import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useId } from "react";
import { useIntl } from "react-intl";
import type { ProductCard as Card } from "#modules/catalog/catalog.contract.ts";
import { ProductCard } from "./product-card.tsx";

/**
 * A row of product cards. Slides per view follow the spec's carousel rule (2 from 640 px, 3 from
 * 1024 px, more on wide screens); the buttons hide on very small screens, where swiping is the way.
 */
export function ProductSlider({ title, cards }: { title: string; cards: Card[] }) {
  const intl = useIntl();
  const headingId = useId();
  const [viewport, embla] = useEmblaCarousel({ align: "start", slidesToScroll: "auto", loop: false });
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-6">
      <div className="mb-3 flex items-center justify-between">
        <h2 id={headingId} className="text-xl font-bold">
          {title}
        </h2>
        <div className="hidden gap-2 sm:flex">
          <button
            type="button"
            onClick={() => embla?.scrollPrev()}
            className="rounded-full border border-neutral-400 p-2"
            aria-label={intl.formatMessage({ id: "slider.previous" })}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            onClick={() => embla?.scrollNext()}
            className="rounded-full border border-neutral-400 p-2"
            aria-label={intl.formatMessage({ id: "slider.next" })}
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        </div>
      </div>
      <div ref={viewport} className="overflow-hidden">
        <ul className="flex gap-4">
          {cards.map((card) => (
            <li
              key={card.product_id}
              className="min-w-0 shrink-0 basis-[45%] sm:basis-[calc(50%-0.5rem)] lg:basis-[calc(33.333%-0.7rem)] xl:basis-[calc(25%-0.75rem)]"
            >
              <ProductCard card={card} context="carousel" />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
