import useEmblaCarousel from "embla-carousel-react";
import type { LucideIcon } from "lucide-react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useId } from "react";
import { useIntl } from "react-intl";
import { Link } from "react-router";

export interface LinkCard {
  to: string;
  icon: LucideIcon;
  title: string;
  text: string;
}

/**
 * A row of cards that each lead somewhere (the member landing's "what an account gives you"). Embla
 * as the product slider: swipe on phones (about one and a half cards in view, so there is clearly
 * more), buttons from 640 px, every card a link reached with Tab.
 */
export function LinkCardSlider({ title, cards }: { title: string; cards: LinkCard[] }) {
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
              key={card.to}
              className="min-w-0 shrink-0 basis-[70%] sm:basis-[calc(50%-0.5rem)] lg:basis-[calc(33.333%-0.7rem)] xl:basis-[calc(25%-0.75rem)]"
            >
              <Link
                to={card.to}
                className="flex h-full flex-col gap-2 rounded-lg bg-pitch-900 p-5 text-white hover:bg-pitch-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-pitch-700"
              >
                <card.icon aria-hidden="true" className="size-7" />
                <span className="text-lg font-bold">{card.title}</span>
                <span className="text-sm">{card.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
