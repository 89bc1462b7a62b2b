import type { UseEmblaCarouselType } from "embla-carousel-react";
import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type ReactNode, useId } from "react";
import { useIntl } from "react-intl";

/**
 * The frame every card row shares: a titled section, Embla for swiping, previous/next buttons from
 * 640 px (hidden on very small screens, where swiping is the way) and one list item per card.
 * `slideBasis` is the width of a slide on phones (e.g. "basis-[45%]"); from 640 px the spec's
 * carousel rule applies to every row (2, then 3 from 1024 px, 4 on wide screens). An empty row
 * renders nothing.
 */
export function CardSlider<T>({
  title,
  items,
  itemKey,
  slideBasis,
  renderItem,
}: {
  title: string;
  items: readonly T[];
  itemKey: (item: T) => string | number;
  slideBasis: string;
  /** `index` is the slide's place: the first ones show without scrolling. */
  renderItem: (item: T, index: number) => ReactNode;
}) {
  const _intl = useIntl();
  const headingId = useId();
  const [viewport, embla] = useEmblaCarousel({ align: "start", slidesToScroll: "auto", loop: false });
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-6">
      <div className="mb-3 flex items-center justify-between">
        <h2 id={headingId} className="text-xl font-bold">
          {title}
        </h2>
        <SliderButtons embla={embla} className="hidden gap-2 sm:flex" />
      </div>
      <div ref={viewport} className="overflow-hidden">
        <ul className="flex gap-4">
          {items.map((item, index) => (
            <li
              key={itemKey(item)}
              className={`min-w-0 shrink-0 ${slideBasis} sm:basis-[calc(50%-0.5rem)] lg:basis-[calc(33.333%-0.7rem)] xl:basis-[calc(25%-0.75rem)]`}
            >
              {renderItem(item, index)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/**
 * A slider's previous and next buttons, for any Embla carousel (card rows, a store's pictures):
 * named for screen readers in the shopper's language.
 */
export function SliderButtons({ embla, className }: { embla: UseEmblaCarouselType[1]; className: string }) {
  const intl = useIntl();
  return (
    <div className={className}>
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
  );
}
