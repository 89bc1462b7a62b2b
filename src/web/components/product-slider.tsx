import useEmblaCarousel from "embla-carousel-react";
import { useId } from "react";
import type { ProductCard as Card } from "#modules/catalog/catalog.contract.ts";
import { CardSlider, SliderButtons } from "./card-slider.tsx";
import { ProductCard } from "./product-card.tsx";

/**
 * A row of product cards. Slides per view follow the spec's carousel rule (2 from 640 px, 3 from
 * 1024 px, more on wide screens); the buttons hide on very small screens, where swiping is the way.
 */
export function ProductSlider({ title, cards }: { title: string; cards: Card[] }) {
  return (
    <CardSlider
      title={title}
      items={cards}
      itemKey={(card) => card.product_id}
      slideBasis="basis-[45%]"
      renderItem={(card) => <ProductCard card={card} context="carousel" />}
    />
  );
}

/**
 * The content blocks' product carousel (spec: looping, each card linking to its product, card width
 * 258 px): past the last card comes the first again. Embla turns looping off by itself when the
 * cards do not fill more than the row, so a short list simply stands still.
 */
export function ProductCarousel({ title, cards }: { title: string; cards: Card[] }) {
  const headingId = useId();
  const [viewport, embla] = useEmblaCarousel({ align: "start", loop: true });
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="py-6" data-testid="product-carousel">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold">
          {title}
        </h2>
        <SliderButtons embla={embla} className="flex gap-2" />
      </div>
      <div ref={viewport} className="overflow-hidden">
        <ul className="flex">
          {cards.map((card) => (
            <li key={card.product_id} className="w-[258px] min-w-0 shrink-0 pr-4">
              <ProductCard card={card} context="carousel" />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
