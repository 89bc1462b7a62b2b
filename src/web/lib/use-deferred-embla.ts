import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Embla for a slider, its library fetched once the page is live instead of with the page's first
 * JavaScript (decision 0052): the server draws the slides as a row, and swiping, snapping and the
 * buttons take over when Embla arrives, once the row is within a screen of being seen. The same
 * answer as `embla-carousel-react`'s hook: a ref for the viewport and the carousel once it is made
 * (undefined until then, as there).
 */
export function useDeferredEmbla(
  options: EmblaOptionsType,
): [React.RefCallback<HTMLElement>, EmblaCarouselType | undefined] {
  const [carousel, setCarousel] = useState<EmblaCarouselType>();
  const latestOptions = useRef(options);
  const optionsKey = JSON.stringify(options);

  // The viewport is taken by a ref callback that sets the carousel up and returns its cleanup (React
  // 19), not kept in state: a state set as the page is taken over is drawn at once, every slider of
  // the page with its cards again in one long task on a phone, for nothing that shows.
  const viewport = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    let made: EmblaCarouselType | undefined;
    let dropped = false;
    const make = () =>
      import("embla-carousel")
        .then(({ default: EmblaCarousel }) => {
          if (dropped) return;
          made = EmblaCarousel(element, latestOptions.current);
          setCarousel(made);
        })
        // Without its library the row still scrolls as a plain row.
        .catch(() => {});
    // Made when the row comes within a screen of being seen: making one measures every slide (a long
    // task on a phone), which a slider far down the page should not cost while the page loads.
    const near =
      typeof IntersectionObserver === "function"
        ? new IntersectionObserver(
            (entries) => {
              if (!entries.some((entry) => entry.isIntersecting)) return;
              near?.disconnect();
              void make();
            },
            { rootMargin: "100% 0px" },
          )
        : null;
    if (near) near.observe(element);
    else void make();
    return () => {
      dropped = true;
      near?.disconnect();
      made?.destroy();
      setCarousel(undefined);
    };
  }, []);

  // Options changed by the page (a slider told to loop) re-initialise the carousel in place.
  useEffect(() => {
    const next = JSON.parse(optionsKey) as EmblaOptionsType;
    if (JSON.stringify(latestOptions.current) === optionsKey) return;
    latestOptions.current = next;
    carousel?.reInit(next);
  }, [optionsKey, carousel]);

  return [viewport, carousel];
}
