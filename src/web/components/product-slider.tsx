import { type JsonText, readJsonText } from "#web/lib/json-text.ts";
import { KeptProductCard } from "./card-markup.tsx";
import { CardSlider } from "./card-slider.tsx";
import type { CardView } from "./product-card.tsx";

/**
 * A row's cards: from a page's data as one JSON text of card views (product-card.tsx › cardListText,
 * decision 0070), or as a call in the browser gave them.
 */
export type SliderCards = readonly CardView[] | JsonText<CardView[]>;

export function sliderCards(cards: SliderCards): readonly CardView[] {
  return typeof cards === "string" ? readJsonText(cards) : cards;
}

/**
 * A row of product cards. Slides per view follow the spec's carousel rule (2 from 640 px, 3 from
 * 1024 px, more on wide screens); the buttons hide on very small screens, where swiping is the way.
 */
export function ProductSlider({ title, cards }: { title: string; cards: SliderCards }) {
  return (
    <CardSlider
      title={title}
      items={sliderCards(cards)}
      itemKey={(card) => card.product_id}
      slideBasis="basis-[45%]"
      // On phones: the heading's line, a card's square picture (45 % of the row) and its text.
      nearHeight="max-sm:[--near-height:calc(11.5rem_+_0.45_*_(100vw_-_2rem))]"
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
export function ProductCarousel({ title, cards }: { title: string; cards: SliderCards }) {
  return (
    <CardSlider
      title={title}
      items={sliderCards(cards)}
      itemKey={(card) => card.product_id}
      slideWidth={CAROUSEL_CARD_WIDTH}
      loop
      className="py-6"
      testId="product-carousel"
      renderItem={(card) => <KeptProductCard card={card} />}
    />
  );
}
