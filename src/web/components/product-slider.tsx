import type { ProductCard as Card } from "#modules/catalog/catalog.contract.ts";
import { KeptProductCard } from "./card-markup.tsx";
import { CardSlider } from "./card-slider.tsx";

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
      renderItem={(card) => <KeptProductCard card={card} />}
    />
  );
}

/** The carousel's card width (spec §9: 258 px). */
const CAROUSEL_CARD_WIDTH = 258;

/**
 * The content blocks' product carousel (spec: looping, each card linking to its product, card width
 * 258 px): past the last card comes the first again. Embla turns looping off by itself when the
 * cards do not fill more than the row, so a short list simply stands still.
 */
export function ProductCarousel({ title, cards }: { title: string; cards: Card[] }) {
  return (
    <CardSlider
      title={title}
      items={cards}
      itemKey={(card) => card.product_id}
      slideWidth={CAROUSEL_CARD_WIDTH}
      loop
      className="py-6"
      testId="product-carousel"
      renderItem={(card) => <KeptProductCard card={card} />}
    />
  );
}
