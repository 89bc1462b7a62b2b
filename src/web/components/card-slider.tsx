import type { EmblaCarouselType } from "embla-carousel";
import { type ReactNode, useId } from "react";
import { useIntl } from "react-intl";
import { useDeferredEmbla } from "#web/lib/use-deferred-embla.ts";
import { ChevronLeft, ChevronRight } from "#web/ui/icons.tsx";

/**
 * The frame every card row shares: a titled section, Embla for swiping, previous/next buttons and one
 * list item per card. `slideBasis` is the width of a slide on phones (e.g. "basis-[45%]"); from 640 px
 * the spec's carousel rule applies (2, then 3 from 1024 px, 4 on wide screens) and the buttons show
 * (hidden on very small screens, where swiping is the way). With `slideWidth` every slide has that
 * fixed width in pixels instead (the content blocks' carousel: 258 px) and the buttons always show;
 * `loop` goes from the last card on to the first (Embla stops looping by itself when the cards do
 * not overflow the row; the gap is each slide's padding then, so the loop's seam keeps the rhythm).
 * `className` replaces the section's page-width frame for rows inside an already framed column.
 * An empty row renders nothing.
 */
export function CardSlider<T>({
  title,
  items,
  itemKey,
  slideBasis = "",
  slideWidth,
  loop = false,
  className = "mx-auto max-w-7xl px-4 py-6",
  testId,
  nearHeight = "",
  renderItem,
}: {
  title: string;
  items: readonly T[];
  itemKey: (item: T) => string | number;
  slideBasis?: string;
  slideWidth?: number;
  loop?: boolean;
  className?: string;
  testId?: string;
  /**
   * The row's height before it is first drawn (decision 0073's placeholder), as a class setting
   * `--near-height`: close to the real one, so the page does not jump as the row is drawn.
   */
  nearHeight?: string;
  /** `index` is the slide's place: the first ones show without scrolling. */
  renderItem: (item: T, index: number) => ReactNode;
}) {
  const headingId = useId();
  const [viewport, embla] = useDeferredEmbla({ align: "start", slidesToScroll: "auto", loop });
  if (items.length === 0) return null;
  const fixed = slideWidth !== undefined;
  return (
    // A row is laid out and painted only as it nears the screen (decision 0073).
    <section
      aria-labelledby={headingId}
      className={`render-when-near ${nearHeight} ${className}`}
      data-testid={testId}
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold">
          {title}
        </h2>
        <SliderButtons embla={embla} className={fixed ? "flex gap-2" : "hidden gap-2 sm:flex"} />
      </div>
      <div ref={viewport} className="overflow-hidden">
        <ul className={fixed ? "flex" : "flex gap-4"}>
          {items.map((item, index) =>
            fixed ? (
              <li key={itemKey(item)} className="min-w-0 shrink-0 pr-4" style={{ width: slideWidth }}>
                {renderItem(item, index)}
              </li>
            ) : (
              <li
                key={itemKey(item)}
                className={`min-w-0 shrink-0 ${slideBasis} sm:basis-[calc(50%-0.5rem)] lg:basis-[calc(33.333%-0.7rem)] xl:basis-[calc(25%-0.75rem)]`}
              >
                {renderItem(item, index)}
              </li>
            ),
          )}
        </ul>
      </div>
    </section>
  );
}

/**
 * A slider's previous and next buttons, for any Embla carousel (card rows, a store's pictures):
 * named for screen readers in the shopper's language; usable once Embla has arrived.
 */
export function SliderButtons({
  embla,
  className,
}: {
  embla: EmblaCarouselType | undefined;
  className: string;
}) {
  const intl = useIntl();
  return (
    <div className={className}>
      <button
        type="button"
        onClick={() => embla?.scrollPrev()}
        disabled={!embla}
        className="rounded-full border border-neutral-400 p-2 disabled:opacity-40"
        aria-label={intl.formatMessage({ id: "slider.previous" })}
      >
        <ChevronLeft aria-hidden="true" className="size-5" />
      </button>
      <button
        type="button"
        onClick={() => embla?.scrollNext()}
        disabled={!embla}
        className="rounded-full border border-neutral-400 p-2 disabled:opacity-40"
        aria-label={intl.formatMessage({ id: "slider.next" })}
      >
        <ChevronRight aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
