import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useIntl } from "react-intl";
import { useDeferredEmbla } from "#web/lib/use-deferred-embla.ts";
import { ChevronLeft, ChevronRight } from "#web/ui/icons.tsx";
import type { Image } from "./gallery-image.ts";

// The full-screen viewer (and its pinch-zoom library) loads when a shopper first opens it.
const FullScreenViewer = lazy(() =>
  import("./zoom-viewer.tsx").then((module) => ({ default: module.FullScreenViewer })),
);

/** Thumbnails shown at once; more scroll. Zoom: 2× on hover (here), click 2×/3× and pinch 1–5× in the viewer. */
export const VISIBLE_THUMBNAILS = 6;
export const HOVER_ZOOM = 2;

/**
 * The gallery: one picture at a time with arrows and thumbnails. Only the picture shown can take
 * focus (the others are inert), so tabbing through the page never scrolls the slider on to the last
 * picture; Embla's own follow-the-focus is off for the same reason.
 */
export function ProductGallery({ images, name }: { images: Image[]; name: string }) {
  const intl = useIntl();
  const [viewportRef, embla] = useDeferredEmbla({ loop: false, watchFocus: false });
  const [index, setIndex] = useState(0);
  const [viewerOpen, setViewerOpen] = useState(false);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setIndex(embla.selectedScrollSnap());
    embla.on("select", onSelect);
    return () => {
      embla.off("select", onSelect);
    };
  }, [embla]);

  const show = useCallback((to: number) => embla?.scrollTo(to), [embla]);

  return (
    <section
      aria-label={intl.formatMessage({ id: "product.gallery" }, { name })}
      className="flex flex-col gap-3"
    >
      <div className="relative">
        <div ref={viewportRef} className="overflow-hidden rounded-lg bg-neutral-100">
          <div className="flex">
            {images.map((image, i) => (
              <div
                key={image.src}
                className="min-w-0 flex-[0_0_100%]"
                inert={i !== index}
                aria-hidden={i !== index || undefined}
                data-testid="gallery-slide"
              >
                <HoverZoomImage
                  image={image}
                  eager={i === 0}
                  label={intl.formatMessage(
                    { id: "product.gallery.open" },
                    { n: i + 1, total: images.length },
                  )}
                  onOpen={() => setViewerOpen(true)}
                />
              </div>
            ))}
          </div>
        </div>
        {images.length > 1 && (
          <>
            <button
              type="button"
              onClick={() => embla?.scrollPrev()}
              disabled={!embla || index === 0}
              aria-label={intl.formatMessage({ id: "product.gallery.previous" })}
              className="absolute left-2 top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 shadow disabled:opacity-40"
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <button
              type="button"
              onClick={() => embla?.scrollNext()}
              disabled={!embla || index === images.length - 1}
              aria-label={intl.formatMessage({ id: "product.gallery.next" })}
              className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 shadow disabled:opacity-40"
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
          </>
        )}
      </div>
      {images.length > 1 && (
        <ul
          className="flex gap-2 overflow-x-auto"
          style={{ maxWidth: `calc(${VISIBLE_THUMBNAILS} * 5rem + ${VISIBLE_THUMBNAILS - 1} * 0.5rem)` }}
        >
          {images.map((image, i) => (
            <li key={image.src} className="shrink-0">
              <button
                type="button"
                onClick={() => show(i)}
                aria-current={i === index ? "true" : undefined}
                aria-label={intl.formatMessage(
                  { id: "product.gallery.show" },
                  { n: i + 1, total: images.length },
                )}
                className={`block size-20 overflow-hidden rounded border-2 bg-neutral-100 ${i === index ? "border-neutral-900" : "border-transparent"}`}
              >
                <img
                  src={image.src}
                  alt=""
                  width={80}
                  height={80}
                  loading="lazy"
                  className="size-full object-contain"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {viewerOpen && (
        <Suspense fallback={null}>
          <FullScreenViewer
            images={images}
            open={viewerOpen}
            onOpenChange={setViewerOpen}
            index={index}
            onIndex={(to) => {
              setIndex(to);
              show(to);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}

/** The slide image; on a device with a fine pointer it follows the pointer at 2×. */
function HoverZoomImage({
  image,
  eager,
  label,
  onOpen,
}: {
  image: Image;
  eager: boolean;
  label: string;
  onOpen: () => void;
}) {
  const [origin, setOrigin] = useState<string | null>(null);
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={label}
      className="block aspect-square w-full cursor-zoom-in overflow-hidden"
      onPointerMove={(event) => {
        if (event.pointerType !== "mouse") return;
        const box = event.currentTarget.getBoundingClientRect();
        setOrigin(
          `${((event.clientX - box.left) / box.width) * 100}% ${((event.clientY - box.top) / box.height) * 100}%`,
        );
      }}
      onPointerLeave={() => setOrigin(null)}
    >
      <img
        src={image.src}
        alt={image.alt}
        width={800}
        height={800}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : undefined}
        className="size-full object-contain transition-transform duration-150"
        style={origin ? { transform: `scale(${HOVER_ZOOM})`, transformOrigin: origin } : undefined}
      />
    </button>
  );
}
