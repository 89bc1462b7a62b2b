import { type ReactNode, useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { Pause, Play } from "#web/ui/icons.tsx";

/** The spec's marquee speed 1: one pixel a frame at 60 frames a second. */
const PIXELS_PER_SECOND = 60;

/**
 * A row of logos that moves slowly sideways (the logo/social marquee). It stops while the pointer is
 * on it or focus is in it, and for good with its pause button (moving content needs one, WCAG 2.2.2);
 * for shoppers who ask for reduced motion it does not move at all and its logos wrap instead. The
 * second copy of the logos, which makes the loop seamless, is hidden from assistive technology.
 */
export function LogoMarquee({
  items,
  label,
}: {
  items: { key: string | number; node: ReactNode }[];
  label: string;
}) {
  const intl = useIntl();
  const track = useRef<HTMLUListElement>(null);
  const [seconds, setSeconds] = useState(40);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    const element = track.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      // The track holds two copies: one loop moves it by one copy's width.
      setSeconds(Math.max(10, element.scrollWidth / 2 / PIXELS_PER_SECOND));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  if (items.length === 0) return null;
  const copy = (hidden: boolean) =>
    items.map((item) => (
      <li
        key={`${hidden ? "b" : "a"}-${item.key}`}
        aria-hidden={hidden || undefined}
        className={`shrink-0 ${hidden ? "motion-reduce:hidden" : ""}`}
      >
        {item.node}
      </li>
    ));
  return (
    <div className="flex items-center gap-3" data-testid="logo-marquee">
      <div className="group min-w-0 flex-1 overflow-hidden motion-reduce:overflow-visible">
        <ul
          ref={track}
          aria-label={label}
          className="flex w-max gap-3 [animation:marquee_var(--marquee-seconds)_linear_infinite] group-hover:[animation-play-state:paused] group-focus-within:[animation-play-state:paused] data-[paused=true]:[animation-play-state:paused] motion-reduce:w-auto motion-reduce:flex-wrap motion-reduce:[animation:none]"
          // Only the duration is inline: the classes decide whether it moves (reduced motion, pause).
          style={{ ["--marquee-seconds" as string]: `${seconds}s` }}
          data-paused={paused}
        >
          {copy(false)}
          {copy(true)}
        </ul>
      </div>
      <button
        type="button"
        onClick={() => setPaused((p) => !p)}
        aria-pressed={paused}
        className="shrink-0 rounded-full border border-neutral-400 p-2 motion-reduce:hidden"
        aria-label={intl.formatMessage({ id: paused ? "marquee.play" : "marquee.pause" })}
      >
        {paused ? (
          <Play aria-hidden="true" className="size-4" />
        ) : (
          <Pause aria-hidden="true" className="size-4" />
        )}
      </button>
    </div>
  );
}
