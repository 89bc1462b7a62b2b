import { useEffect, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { TransformComponent, TransformWrapper, useControls } from "react-zoom-pan-pinch";
import { Dialog } from "#web/ui/dialog.tsx";
import { ChevronLeft, ChevronRight } from "#web/ui/icons.tsx";

export interface GalleryPicture {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** Click zoom steps of the lightbox (spec §4: click toggles 2x and 3x), then back to the whole picture. */
const ZOOMS = [1, 2, 3];
/** Pinch (touch) and wheel zoom reach up to 5x, as on the product page. */
const PINCH_MAX = 5;

/**
 * A gallery block: thumbnails (two a row on phones, three from 640 px) that open a full-screen
 * lightbox (Radix Dialog: focus kept inside, Escape closes, focus back on the thumbnail) with
 * previous/next buttons, the arrow keys, an "n of total" counter, click zoom and pinch zoom
 * (react-zoom-pan-pinch), and from 768 px a strip of all the pictures (the current one marked).
 */
export function ImageGalleryBlock({ images }: { images: GalleryPicture[] }) {
  const intl = useIntl();
  const [open, setOpen] = useState<number | null>(null);
  const total = images.length;
  const current = open === null ? null : images[open];
  const go = (step: number) => {
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
        description={`${intl.formatMessage({ id: "cms.gallery.keys" })} ${intl.formatMessage({ id: "galleryLightbox.zoomHelp" })}`}
        className="bg-white p-4"
        titleClassName="truncate text-base font-semibold"
        testId="lightbox"
      >
        {current && open !== null && (
          <div className="flex min-h-0 flex-1 flex-col gap-3">
            <div className="relative min-h-0 flex-1 overflow-hidden" data-testid="lightbox-stage">
              {/* A new wrapper per picture: each one opens whole, not at the last one's zoom. */}
              <TransformWrapper
                key={`${open} ${current.src}`}
                minScale={1}
                maxScale={PINCH_MAX}
                doubleClick={{ disabled: true }}
              >
                <ZoomablePicture picture={current} />
              </TransformWrapper>
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
            {total > 1 && (
              <nav
                aria-label={intl.formatMessage({ id: "galleryLightbox.thumbnails" })}
                className="hidden md:block"
                data-testid="lightbox-thumbnails"
              >
                <ul className="flex justify-center gap-2 overflow-x-auto p-1">
                  {images.map((image, index) => (
                    <li key={`${image.src} ${image.alt}`} className="shrink-0">
                      <button
                        type="button"
                        onClick={() => setOpen(index)}
                        aria-current={index === open ? "true" : undefined}
                        aria-label={intl.formatMessage(
                          { id: "galleryLightbox.show" },
                          { n: index + 1, total },
                        )}
                        className={`block overflow-hidden rounded-md border-2 ${index === open ? "border-neutral-900" : "border-transparent opacity-70 hover:opacity-100"}`}
                      >
                        <img
                          src={image.src}
                          alt=""
                          width={image.width}
                          height={image.height}
                          loading="lazy"
                          className="h-16 w-20 object-cover"
                        />
                      </button>
                    </li>
                  ))}
                </ul>
              </nav>
            )}
          </div>
        )}
      </Dialog>
    </div>
  );
}

/**
 * The lightbox's picture inside the zoom wrapper: pinch and wheel zoom come from the library; a click
 * (not a drag) steps through the click zooms 2x, 3x and back to the whole picture.
 */
function ZoomablePicture({ picture }: { picture: GalleryPicture }) {
  const { centerView, resetTransform } = useControls();
  const [step, setStep] = useState(0);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: zoom is a pointer extra on top of the keyboard controls
    // biome-ignore lint/a11y/useKeyWithClickEvents: the previous/next buttons, the arrows and Escape serve keyboards
    <div
      className={`size-full ${step === ZOOMS.length - 1 ? "cursor-zoom-out" : "cursor-zoom-in"}`}
      onClick={() => {
        const next = (step + 1) % ZOOMS.length;
        setStep(next);
        if (next === 0) resetTransform(200);
        else centerView(ZOOMS[next], 200);
      }}
    >
      <TransformComponent wrapperClass="!size-full" contentClass="!size-full">
        <img
          src={picture.src}
          alt={picture.alt}
          width={picture.width}
          height={picture.height}
          data-zoom={ZOOMS[step]}
          className="size-full max-h-full max-w-full object-contain"
        />
      </TransformComponent>
    </div>
  );
}
