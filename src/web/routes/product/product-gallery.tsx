import * as Dialog from "@radix-ui/react-dialog";
import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { TransformComponent, TransformWrapper, useControls } from "react-zoom-pan-pinch";

/** Thumbnails shown at once; more scroll. Zoom: 2× on hover, a click toggles 2×/3×, pinch 1–5×. */
export const VISIBLE_THUMBNAILS = 6;
export const HOVER_ZOOM = 2;
export const CLICK_ZOOMS = [2, 3] as const;
export const PINCH_MIN = 1;
export const PINCH_MAX = 5;

interface Image {
  src: string;
  alt: string;
}

export function ProductGallery({ images, name }: { images: Image[]; name: string }) {
  const intl = useIntl();
  const [viewportRef, embla] = useEmblaCarousel({ loop: false });
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
              <div key={image.src} className="min-w-0 flex-[0_0_100%]">
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
              disabled={index === 0}
              aria-label={intl.formatMessage({ id: "product.gallery.previous" })}
              className="absolute left-2 top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 shadow disabled:opacity-40"
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <button
              type="button"
              onClick={() => embla?.scrollNext()}
              disabled={index === images.length - 1}
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

function FullScreenViewer({
  images,
  open,
  onOpenChange,
  index,
  onIndex,
}: {
  images: Image[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  index: number;
  onIndex: (index: number) => void;
}) {
  const intl = useIntl();
  const image = images[index];
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-white" />
        <Dialog.Content className="fixed inset-0 z-50 flex flex-col" data-testid="zoom-viewer">
          <div className="flex items-center justify-between p-3">
            <Dialog.Title className="text-sm font-semibold">
              <FormattedMessage
                id="product.gallery.position"
                values={{ n: index + 1, total: images.length }}
              />
            </Dialog.Title>
            <Dialog.Description className="sr-only">
              <FormattedMessage id="product.gallery.zoomHelp" />
            </Dialog.Description>
            <Dialog.Close
              className="rounded-full p-2"
              aria-label={intl.formatMessage({ id: "product.gallery.close" })}
            >
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>
          <div className="relative flex-1">
            {image && (
              <TransformWrapper
                key={image.src}
                minScale={PINCH_MIN}
                maxScale={PINCH_MAX}
                doubleClick={{ disabled: true }}
              >
                <ClickZoom>
                  <TransformComponent wrapperClass="!size-full" contentClass="!size-full">
                    <img src={image.src} alt={image.alt} className="size-full object-contain" />
                  </TransformComponent>
                </ClickZoom>
              </TransformWrapper>
            )}
            {images.length > 1 && (
              <>
                <button
                  type="button"
                  onClick={() => onIndex(Math.max(0, index - 1))}
                  disabled={index === 0}
                  aria-label={intl.formatMessage({ id: "product.gallery.previous" })}
                  className="absolute left-3 top-1/2 -translate-y-1/2 rounded-full bg-white p-2 shadow disabled:opacity-40"
                >
                  <ChevronLeft aria-hidden="true" className="size-6" />
                </button>
                <button
                  type="button"
                  onClick={() => onIndex(Math.min(images.length - 1, index + 1))}
                  disabled={index === images.length - 1}
                  aria-label={intl.formatMessage({ id: "product.gallery.next" })}
                  className="absolute right-3 top-1/2 -translate-y-1/2 rounded-full bg-white p-2 shadow disabled:opacity-40"
                >
                  <ChevronRight aria-hidden="true" className="size-6" />
                </button>
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A click (not a drag) toggles between the two click zooms. */
function ClickZoom({ children }: { children: React.ReactNode }) {
  const { centerView } = useControls();
  const [zoom, setZoom] = useState<number>(1);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer zoom on top of the keyboard-reachable controls
    // biome-ignore lint/a11y/useKeyWithClickEvents: the previous/next/close buttons serve keyboards
    <div
      className="size-full cursor-zoom-in"
      onClick={() => {
        const next = zoom === CLICK_ZOOMS[0] ? CLICK_ZOOMS[1] : CLICK_ZOOMS[0];
        setZoom(next);
        centerView(next, 200);
      }}
    >
      {children}
    </div>
  );
}
