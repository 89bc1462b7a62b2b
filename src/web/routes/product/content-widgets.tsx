import { useEffect, useId, useRef, useState } from "react";
import { FormattedDate, FormattedMessage, useIntl } from "react-intl";
import { SliderButtons } from "#web/components/card-slider.tsx";
import { ProductSlider } from "#web/components/product-slider.tsx";
import type { ResponseOf } from "#web/lib/endpoints.ts";
import { useDeferredEmbla } from "#web/lib/use-deferred-embla.ts";
import { useSecondary } from "#web/lib/use-secondary.ts";
import { SideSheet } from "#web/ui/dialog.tsx";

type Reel = ResponseOf<"GET /api/category/reels/">["items"][number];
export type Guide = ResponseOf<"GET /api/category/guides/">["items"][number];

/**
 * Sub-reel circles: the category's reels as round thumbnails with their titles in an Embla slider
 * that moves by groups (spec §9: two circles a step on phones, three from 640 px) with previous/next
 * buttons. Choosing a circle (a toggle button, `aria-pressed`) shows that reel's products in the reel
 * product slider under the circles, with a link that opens the reels feed on that reel.
 */
export function SubReelCircles({ categorySlug }: { categorySlug: string }) {
  const intl = useIntl();
  const reels = useSecondary(
    "GET /api/category/reels/",
    { query: { slug: categorySlug, page: "1" } },
    (result) => result.items,
    [] as Reel[],
  );
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [viewport, embla] = useDeferredEmbla({
    align: "start",
    containScroll: "trimSnaps",
    slidesToScroll: 2,
    breakpoints: { "(min-width: 640px)": { slidesToScroll: 3 } },
  });
  const panelId = useId();
  // The buttons only where there is somewhere to go (on a wide screen four circles fit in the row).
  const [scrollable, setScrollable] = useState(false);
  useEffect(() => {
    if (!embla) return;
    const update = () => setScrollable(embla.canScrollNext() || embla.canScrollPrev());
    update();
    embla.on("reInit", update).on("resize", update);
    return () => {
      embla.off("reInit", update).off("resize", update);
    };
  }, [embla]);
  // Focus on a circle half out of the row (a keyboard, a screen reader) makes the browser scroll the
  // row itself, under Embla's feet: undo that and let Embla bring in the group holding that circle.
  useEffect(() => {
    if (!embla) return;
    const root = embla.rootNode();
    const onScroll = () => {
      if (root.scrollLeft === 0) return;
      root.scrollLeft = 0;
      const index = embla.slideNodes().findIndex((slide) => slide.contains(document.activeElement));
      const group = embla.internalEngine().slideRegistry.findIndex((slides) => slides.includes(index));
      if (group >= 0) embla.scrollTo(group, true);
    };
    root.addEventListener("scroll", onScroll);
    return () => root.removeEventListener("scroll", onScroll);
  }, [embla]);
  if (reels.length === 0) return null;
  const chosen = reels.find((reel) => reel.id === chosenId) ?? (reels[0] as Reel);
  const products = chosen.products ?? [];
  return (
    <>
      <section aria-labelledby="reels" className="mt-12" data-testid="reels-strip">
        <div className="mb-4 flex items-center justify-between gap-2">
          <h2 id="reels" className="text-xl font-bold">
            <FormattedMessage id="product.reels" />
          </h2>
          {scrollable && <SliderButtons embla={embla} className="flex gap-2" />}
        </div>
        <div ref={viewport} className="overflow-hidden" data-testid="sub-reels">
          <ul className="flex">
            {reels.map((reel) => {
              const pressed = reel.id === chosen.id;
              return (
                <li key={reel.id} className="w-32 min-w-0 shrink-0 px-1" data-testid="sub-reel">
                  <button
                    type="button"
                    aria-pressed={pressed}
                    aria-controls={panelId}
                    onClick={() => setChosenId(reel.id)}
                    className="block w-full rounded-lg p-1 text-center outline-offset-2 focus-visible:outline-2 focus-visible:outline-neutral-900"
                  >
                    <span
                      className={`mx-auto block size-20 rounded-full p-0.5 ${pressed ? "bg-neutral-900" : "bg-gradient-to-tr from-amber-500 to-fuchsia-600"}`}
                    >
                      <img
                        src={reel.image.src}
                        alt=""
                        width={80}
                        height={80}
                        loading="lazy"
                        className="size-full rounded-full border-2 border-white bg-neutral-100 object-cover"
                      />
                    </span>
                    <span
                      className={`mt-1 line-clamp-2 block text-xs break-words ${pressed ? "font-bold underline" : "font-semibold"}`}
                    >
                      {reel.title}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      </section>
      <div id={panelId} data-testid="reel-products" data-reel={chosen.slug}>
        {products.length > 0 && (
          <ProductSlider
            key={chosen.id}
            title={intl.formatMessage({ id: "product.productsInReel" })}
            cards={products}
          />
        )}
        <p className="mx-auto max-w-7xl px-4 pb-2">
          <a
            href={`/reels/${encodeURIComponent(chosen.slug)}/`}
            className="inline-flex min-h-6 items-center font-semibold underline"
            data-testid="reel-watch"
          >
            <FormattedMessage id="reelCircles.watch" values={{ title: chosen.title }} />
          </a>
        </p>
      </div>
    </>
  );
}

/** A guide's reading time and first published date, in the shopper's language. */
function GuideMeta({ guide }: { guide: Guide }) {
  return (
    <p className="text-sm text-neutral-700">
      <FormattedDate value={guide.first_published_at} dateStyle="medium" /> ·{" "}
      <FormattedMessage id="product.readingTime" values={{ minutes: guide.reading_minutes }} />
    </p>
  );
}

/** A guide's tags as chips. */
export function TagChips({ tags }: { tags: Guide["content_tags"] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <li
          key={tag.slug}
          className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-semibold text-neutral-800"
        >
          {tag.name}
        </li>
      ))}
    </ul>
  );
}

/** The category's guides as cards; a card slides the guide out beside the page (Escape closes it). */
export function RelatedGuides({ categorySlug }: { categorySlug: string }) {
  const guides = useSecondary(
    "GET /api/category/guides/",
    { query: { slug: categorySlug, page: "1" } },
    (result) => result.items.slice(0, 6),
    [] as Guide[],
  );
  const [open, setOpen] = useState<Guide | null>(null);
  // The sheet has no trigger of its own, so the focus goes back to the card that opened it.
  const opener = useRef<HTMLButtonElement | null>(null);
  if (guides.length === 0) return null;
  return (
    <section aria-labelledby="related-guides" className="mt-12" data-testid="related-guides">
      <h2 id="related-guides" className="mb-4 text-xl font-bold">
        <FormattedMessage id="product.guides" />
      </h2>
      <ul className="flex snap-x gap-3 overflow-x-auto pb-2">
        {guides.map((guide) => (
          <li key={guide.id} className="w-56 shrink-0 snap-start">
            <button
              type="button"
              onClick={(event) => {
                opener.current = event.currentTarget;
                setOpen(guide);
              }}
              className="block w-full overflow-hidden rounded-lg border border-neutral-200 text-left"
            >
              {guide.image.src && (
                <img
                  src={guide.image.src}
                  alt=""
                  width={224}
                  height={149}
                  loading="lazy"
                  className="aspect-[3/2] w-full object-cover"
                />
              )}
              <span className="block p-3 font-semibold">{guide.title}</span>
            </button>
          </li>
        ))}
      </ul>
      <SideSheet
        width="w-[32rem]"
        open={open !== null}
        onOpenChange={(next) => !next && setOpen(null)}
        title={open?.title ?? ""}
        description={open?.lead ?? ""}
        testId="guide-sheet"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
      >
        {open && (
          <article className="space-y-3 overflow-y-auto">
            {open.header_image && (
              <img
                src={open.header_image.url}
                alt={open.header_image.alt}
                width={open.header_image.width ?? 600}
                height={open.header_image.height ?? 400}
                className="aspect-[3/2] w-full rounded object-cover"
              />
            )}
            <GuideMeta guide={open} />
            <TagChips tags={open.content_tags} />
            {open.lead && <p className="font-semibold">{open.lead}</p>}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server when stored and when served */}
            <div className="prose prose-sm" dangerouslySetInnerHTML={{ __html: open.body }} />
          </article>
        )}
      </SideSheet>
    </section>
  );
}
