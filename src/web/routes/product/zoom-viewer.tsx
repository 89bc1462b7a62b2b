import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { TransformComponent, TransformWrapper, useControls } from "react-zoom-pan-pinch";
import { Dialog } from "#web/ui/dialog.tsx";
import { ChevronLeft, ChevronRight } from "#web/ui/icons.tsx";
import type { Image } from "./gallery-image.ts";

export const CLICK_ZOOMS = [2, 3] as const;
export const PINCH_MIN = 1;
export const PINCH_MAX = 5;

export function FullScreenViewer({
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
    <Dialog
      side="full"
      headerClassName="p-3"
      titleClassName="text-sm font-semibold"
      testId="zoom-viewer"
      open={open}
      onOpenChange={onOpenChange}
      title={
        <FormattedMessage id="product.gallery.position" values={{ n: index + 1, total: images.length }} />
      }
      description={<FormattedMessage id="product.gallery.zoomHelp" />}
    >
      {/* min-h-0: the picture is fitted to the space under the title row, never drawn at its own size. */}
      <div className="relative min-h-0 flex-1 overflow-hidden" data-testid="zoom-stage">
        {image && (
          <TransformWrapper
            key={image.src}
            minScale={PINCH_MIN}
            maxScale={PINCH_MAX}
            doubleClick={{ disabled: true }}
          >
            <ClickZoom>
              <TransformComponent wrapperClass="!size-full" contentClass="!size-full">
                <img
                  src={image.src}
                  alt={image.alt}
                  className="size-full max-h-full max-w-full object-contain"
                  data-testid="zoom-image"
                />
              </TransformComponent>
            </ClickZoom>
          </TransformWrapper>
        )}
      </div>
      {/* The arrows sit at the middle of the screen (the panel), not of the picture's area. */}
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
    </Dialog>
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
