import type { ProductCard as Card } from "#modules/catalog/catalog.contract.ts";
import { CardSlider } from "./card-slider.tsx";
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
