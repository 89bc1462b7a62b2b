import * as RadixDialog from "@radix-ui/react-dialog";
import { useEffect, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { LookPicture } from "#web/components/look-picture.tsx";
import { call } from "#web/lib/api.ts";
import type { ResponseOf } from "#web/lib/endpoints.ts";
import { Dialog } from "#web/ui/dialog.tsx";
import { Play, RotateCw, X } from "#web/ui/icons.tsx";
import { PortalWhileOpen } from "#web/ui/portal-while-open.tsx";
import type { Image } from "./gallery-image.ts";
import type { ProductView } from "./product-view.ts";

/** Pixels of pointer travel that turn the product by one frame. */
export const PIXELS_PER_FRAME = 24;

/** The frame shown after a drag of dx pixels from frame `start`, wrapping round. */
export function frameAfterDrag(start: number, dx: number, frames: number): number {
  if (frames <= 0) return 0;
  const moved = Math.round(dx / PIXELS_PER_FRAME);
  return (((start - moved) % frames) + frames) % frames;
}

/**
 * The 360° viewer: the product's views as frames, turned by dragging the picture or by the slider
 * (which keyboards can use).
 */
export function Spin360({ images, name }: { images: Image[]; name: string }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [frame, setFrame] = useState(0);
  const drag = useRef<{ x: number; frame: number } | null>(null);
  const image = images[frame];
  return (
    <Dialog
      side="full"
      className="items-center gap-4 p-4"
      headerClassName="w-full"
      titleClassName="font-semibold"
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button
          type="button"
          className="flex items-center gap-2 self-start rounded-full border border-neutral-500 px-4 py-2 text-sm font-semibold"
          data-testid="open-360"
        >
          <RotateCw aria-hidden="true" className="size-4" />
          <FormattedMessage id="product.spin.open" />
        </button>
      }
      title={<FormattedMessage id="product.spin.title" values={{ name }} />}
      description={<FormattedMessage id="product.spin.help" />}
    >
      {image && (
        <img
          src={image.src}
          alt={image.alt}
          draggable={false}
          className="max-h-[70vh] w-full cursor-grab touch-none select-none object-contain"
          data-testid="spin-frame"
          onPointerDown={(event) => {
            drag.current = { x: event.clientX, frame };
            event.currentTarget.setPointerCapture(event.pointerId);
          }}
          onPointerMove={(event) => {
            if (drag.current)
              setFrame(frameAfterDrag(drag.current.frame, event.clientX - drag.current.x, images.length));
          }}
          onPointerUp={() => {
            drag.current = null;
          }}
        />
      )}
      <input
        type="range"
        min={0}
        max={Math.max(0, images.length - 1)}
        value={frame}
        onChange={(event) => setFrame(Number(event.target.value))}
        aria-label={intl.formatMessage({ id: "product.spin.turn" })}
        className="w-64"
      />
    </Dialog>
  );
}

/**
 * The product video from the video host. It embeds a third-party player, so in production it needs
 * the shopper's marketing consent (outside production it always shows). Like the listing's video
 * cards, its close button names the video, so the player has its own frame.
 */
export function ProductVideo({ videoId, name }: { videoId: string; name: string }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Trigger
        className="flex items-center gap-2 self-start rounded-full border border-neutral-500 px-4 py-2 text-sm font-semibold"
        data-testid="open-video"
      >
        <Play aria-hidden="true" className="size-4" />
        <FormattedMessage id="product.video.open" />
      </RadixDialog.Trigger>
      <PortalWhileOpen open={open}>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black" />
        <RadixDialog.Content className="fixed inset-0 z-50 flex flex-col">
          <div className="flex justify-end p-2">
            <RadixDialog.Title className="sr-only">{name}</RadixDialog.Title>
            <RadixDialog.Description className="sr-only">
              <FormattedMessage id="product.video.open" />
            </RadixDialog.Description>
            <RadixDialog.Close
              className="rounded-full bg-white p-2"
              aria-label={intl.formatMessage({ id: "video.close" })}
            >
              <X aria-hidden="true" className="size-6" />
            </RadixDialog.Close>
          </div>
          <iframe
            title={name}
            src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1`}
            allow="autoplay; encrypted-media; picture-in-picture"
            allowFullScreen
            className="w-full flex-1"
          />
        </RadixDialog.Content>
      </PortalWhileOpen>
    </RadixDialog.Root>
  );
}

type Look = NonNullable<ProductView["shop_the_look"]>;

/** Shop the look: the picture with a marker on each product it shows, each leading to that product. */
export function ShopTheLookSection({ look }: { look: Look }) {
  if (!look.image || look.hotspots.length === 0) return null;
  return (
    <section aria-labelledby="shop-the-look" className="mt-12" data-testid="shop-the-look">
      <h2 id="shop-the-look" className="mb-4 text-xl font-bold">
        {look.title}
      </h2>
      <div className="mx-auto max-w-md">
        <LookPicture image={look.image} hotspots={look.hotspots} />
      </div>
    </section>
  );
}

type GalleryImage = ResponseOf<"GET /api/content/category/images/">["items"][number];

/**
 * The social gallery: shoppers' and players' pictures of the category. It is served by a statistics
 * partner, so it loads only with statistics consent.
 */
export function SocialGallery({ categorySlugs, consent }: { categorySlugs: string[]; consent: boolean }) {
  const [images, setImages] = useState<GalleryImage[]>([]);
  const slugs = categorySlugs.join(",");
  useEffect(() => {
    if (!consent) return;
    const controller = new AbortController();
    // The product's own category first, then its parent's.
    (async () => {
      for (const slug of slugs.split(",")) {
        const result = await call("GET /api/content/category/images/", {
          query: { fields: "*", slug, page: "1" },
          signal: controller.signal,
        }).catch(() => ({ items: [] as GalleryImage[] }));
        const found = result.items.filter((item) => item.image);
        if (found.length > 0) return setImages(found);
      }
      setImages([]);
    })();
    return () => controller.abort();
  }, [slugs, consent]);
  if (!consent || images.length === 0) return null;
  return (
    <section aria-labelledby="social-gallery" className="mt-12" data-testid="social-gallery">
      <h2 id="social-gallery" className="mb-4 text-xl font-bold">
        <FormattedMessage id="product.social" />
      </h2>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {images.map((item) => (
          <li key={item.id}>
            <img
              src={item.image?.src}
              alt={item.image?.alt ?? item.title}
              loading="lazy"
              className="aspect-square w-full rounded object-cover"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
