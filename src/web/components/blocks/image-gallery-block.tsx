import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Dialog } from "#web/ui/dialog.tsx";

export interface GalleryPicture {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** Click zoom steps of the lightbox (spec §4: click toggles 2x and 3x), then back to the whole picture. */
const ZOOMS = [1, 2, 3];

/**
 * A gallery block: thumbnails (two a row on phones, three from 640 px) that open a full-screen
 * lightbox (Radix Dialog: focus kept inside, Escape closes, focus back on the thumbnail) with
 * previous/next buttons, the arrow keys, an "n of total" counter and click zoom.
 */
export function ImageGalleryBlock({ images }: { images: GalleryPicture[] }) {
  const intl = useIntl();
  const [open, setOpen] = useState<number | null>(null);
  const [zoom, setZoom] = useState(0);
  const [origin, setOrigin] = useState("50% 50%");
  const total = images.length;
  const current = open === null ? null : images[open];
  const go = (step: number) => {
    setZoom(0);
    setOpen((index) => (index === null ? index : (index + step + total) % total));
  };
  const isOpen = open !== null;
  // The lightbox opens from a thumbnail, not a Radix trigger: focus goes back to the one it opened from.
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  const openedFrom = useRef<number | null>(null);
  useEffect(() => {
    if (isOpen || openedFrom.current === null) return;
    const button = thumbnails.current[openedFrom.current];
    openedFrom.current = null;
    const timer = setTimeout(() => button?.focus(), 0);
    return () => clearTimeout(timer);
  }, [isOpen]);
  // The arrow keys move through the pictures wherever the focus is in the open lightbox.
  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
      event.preventDefault();
      setZoom(0);
      const step = event.key === "ArrowRight" ? 1 : -1;
      setOpen((index) => (index === null ? index : (index + step + total) % total));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [isOpen, total]);
  return (
    <div>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {images.map((image, index) => (
          <li key={`${image.src} ${image.alt}`}>
            <button
              type="button"
              ref={(element) => {
                thumbnails.current[index] = element;
              }}
              onClick={() => {
                setZoom(0);
                openedFrom.current = index;
                setOpen(index);
              }}
              className="block w-full overflow-hidden rounded-lg"
              aria-label={intl.formatMessage(
                { id: "cms.gallery.open" },
                { n: index + 1, total, alt: image.alt },
              )}
            >
              <img
                src={image.src}
                alt=""
                width={image.width}
                height={image.height}
                loading="lazy"
                className="aspect-[4/3] w-full object-cover transition hover:scale-105"
              />
            </button>
          </li>
        ))}
      </ul>
      <Dialog
        side="full"
        open={open !== null}
        onOpenChange={(next) => !next && setOpen(null)}
        title={current?.alt || intl.formatMessage({ id: "cms.gallery.title" })}
        description={intl.formatMessage({ id: "cms.gallery.keys" })}
        className="bg-white p-4"
        titleClassName="truncate text-base font-semibold"
        testId="lightbox"
      >
        {current && open !== null && (
          <div className="flex min-h-0 flex-1 flex-col gap-3">
            <div className="relative flex min-h-0 flex-1 items-center justify-center overflow-hidden">
              {/* biome-ignore lint/a11y/useKeyWithClickEvents: zoom is a pointer extra; the arrows and buttons move through the pictures by keyboard. */}
              <img
                src={current.src}
                alt={current.alt}
                width={current.width}
                height={current.height}
                data-zoom={ZOOMS[zoom]}
                onClick={(event) => {
                  const box = event.currentTarget.getBoundingClientRect();
                  setOrigin(
                    `${((event.clientX - box.left) / box.width) * 100}% ${((event.clientY - box.top) / box.height) * 100}%`,
                  );
                  setZoom((z) => (z + 1) % ZOOMS.length);
                }}
                style={{ transform: `scale(${ZOOMS[zoom]})`, transformOrigin: origin }}
                className={`max-h-full max-w-full object-contain transition-transform ${zoom === ZOOMS.length - 1 ? "cursor-zoom-out" : "cursor-zoom-in"}`}
              />
            </div>
            <div className="flex items-center justify-between gap-4">
              <button
                type="button"
                onClick={() => go(-1)}
                className="rounded-full border border-neutral-300 p-3"
                aria-label={intl.formatMessage({ id: "cms.gallery.previous" })}
              >
                <ChevronLeft aria-hidden="true" className="size-5" />
              </button>
              <p aria-live="polite" className="text-sm font-semibold" data-testid="lightbox-counter">
                <FormattedMessage id="cms.gallery.counter" values={{ n: open + 1, total }} />
              </p>
              <button
                type="button"
                onClick={() => go(1)}
                className="rounded-full border border-neutral-300 p-3"
                aria-label={intl.formatMessage({ id: "cms.gallery.next" })}
              >
                <ChevronRight aria-hidden="true" className="size-5" />
              </button>
            </div>
          </div>
        )}
      </Dialog>
    </div>
  );
}
