import { useCallback, useEffect, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { ProductCard } from "#modules/catalog/catalog.contract.ts";
import { productTitle } from "#modules/catalog/product-name.ts";
import type { FeedReel, ReelsFeedPage } from "#modules/content/reels-feed.contract.ts";
import { VideoConsentPlaceholder } from "#web/components/video-consent-placeholder.tsx";
import { call } from "#web/lib/api.ts";
import { useMediaQuery } from "#web/lib/use-media-query.ts";
import { Pause, Play, ShoppingBag, Volume2, VolumeX } from "#web/ui/icons.tsx";
import { ReelProductSheet } from "./reel-product-sheet.tsx";

/** The page number in a feed page's `meta.next` address (the call is made on this page's own origin). */
export function nextPageOf(next: string | null): number | null {
  if (!next) return null;
  const page = Number(new URL(next, "http://localhost").searchParams.get("page"));
  return Number.isInteger(page) && page > 1 ? page : null;
}

/** When this many reels or fewer are left below the one in view, the next page is read. */
const LOAD_AHEAD = 2;

/**
 * The reels feed: one reel a screen, snapping as it scrolls. The reel at least half in view plays
 * (never by itself for shoppers who ask for reduced motion) and its address replaces the page's; the
 * next page is read before the last reel is reached.
 */
export function ReelsFeed({
  first,
  startSlug,
  videoAllowed,
}: {
  first: ReelsFeedPage;
  startSlug: string | null;
  videoAllowed: boolean;
}) {
  const intl = useIntl();
  const scroller = useRef<HTMLDivElement>(null);
  const [reels, setReels] = useState<FeedReel[]>(first.items);
  const [next, setNext] = useState<number | null>(nextPageOf(first.meta.next));
  const [loading, setLoading] = useState(false);
  const [muted, setMuted] = useState(true);
  const [adding, setAdding] = useState<ProductCard | null>(null);
  const reducedMotion = useMediaQuery("(prefers-reduced-motion: reduce)");

  // The feed fills the screen below the header, whose height differs between phones and desktops.
  const [top, setTop] = useState<number | null>(null);
  useEffect(() => {
    const measure = () => {
      const element = scroller.current;
      if (element) setTop(Math.round(element.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, []);

  // The reel the address names is the one in view when the page opens.
  useEffect(() => {
    if (!startSlug) return;
    document.getElementById(`reel-${startSlug}`)?.scrollIntoView({ block: "start" });
  }, [startSlug]);

  const loadMore = useCallback(async () => {
    if (next === null || loading) return;
    setLoading(true);
    try {
      const page = await call("GET /api/content/reels/", { query: { page: String(next) } });
      setReels((before) => {
        const seen = new Set(before.map((reel) => reel.id));
        return [...before, ...page.items.filter((reel) => !seen.has(reel.id))];
      });
      setNext(nextPageOf(page.meta.next));
    } catch {
      // The sentinel at the end tries again when it comes into view.
    } finally {
      setLoading(false);
    }
  }, [next, loading]);

  const onVisible = useCallback(
    (index: number, slug: string) => {
      // The address follows the reel in view without a navigation (nothing is read, no history entry).
      const address = `/reels/${encodeURIComponent(slug)}/`;
      if (window.location.pathname !== address)
        window.history.replaceState(window.history.state, "", address + window.location.search);
      if (index >= reels.length - 1 - LOAD_AHEAD) void loadMore();
    },
    [reels.length, loadMore],
  );

  // The end of the list: reading the next page when it shows (a failed read is tried again here).
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) void loadMore();
      },
      { root: scroller.current, rootMargin: "0px 0px 100% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [loadMore]);

  return (
    <div className="bg-neutral-950">
      <h1 className="sr-only">
        <FormattedMessage id="reels.title" />
      </h1>
      <div
        ref={scroller}
        data-testid="reels-feed"
        style={top === null ? undefined : { height: `calc(100dvh - ${top}px)` }}
        className="mx-auto h-[calc(100dvh-4rem)] max-w-md snap-y snap-mandatory overflow-y-auto overscroll-contain"
      >
        {reels.map((reel, index) => (
          <Reel
            key={reel.id}
            reel={reel}
            index={index}
            root={scroller}
            muted={muted}
            onToggleMute={() => setMuted((before) => !before)}
            autoplay={!reducedMotion}
            videoAllowed={videoAllowed}
            onVisible={onVisible}
            onAdd={setAdding}
          />
        ))}
        <div ref={sentinel} className="flex min-h-16 items-center justify-center p-4 text-sm text-white">
          {next !== null ? (
            <span role="status">{loading ? intl.formatMessage({ id: "reels.loading" }) : ""}</span>
          ) : (
            <FormattedMessage id="reels.end" />
          )}
        </div>
      </div>
      {adding && <ReelProductSheet product={adding} onClose={() => setAdding(null)} />}
    </div>
  );
}

function Reel({
  reel,
  index,
  root,
  muted,
  onToggleMute,
  autoplay,
  videoAllowed,
  onVisible,
  onAdd,
}: {
  reel: FeedReel;
  index: number;
  root: React.RefObject<HTMLDivElement | null>;
  muted: boolean;
  onToggleMute: () => void;
  autoplay: boolean;
  videoAllowed: boolean;
  onVisible: (index: number, slug: string) => void;
  onAdd: (product: ProductCard) => void;
}) {
  const intl = useIntl();
  const article = useRef<HTMLElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [inView, setInView] = useState(false);
  // The shopper's own pause or play; until then the reel plays when in view, unless motion is reduced.
  const [choice, setChoice] = useState<"play" | "pause" | null>(null);
  const latest = useRef({ onVisible, index, slug: reel.meta.slug });
  latest.current = { onVisible, index, slug: reel.meta.slug };

  useEffect(() => {
    const element = article.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        const half = (entry?.intersectionRatio ?? 0) >= 0.5;
        setInView(half);
        if (half) latest.current.onVisible(latest.current.index, latest.current.slug);
      },
      { root: root.current, threshold: [0, 0.5, 1] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [root]);

  const playing = inView && videoAllowed && (choice === "play" || (choice === null && autoplay));
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    element.muted = muted;
    if (playing) element.play().catch(() => undefined);
    else element.pause();
  }, [playing, muted]);

  const titleId = `reel-title-${reel.id}`;
  const money = (product: ProductCard) =>
    intl.formatNumber(product.prices.min_price, { style: "currency", currency: product.prices.currency });
  const button =
    "flex size-11 items-center justify-center rounded-full bg-black/60 text-white outline-offset-2 focus-visible:outline-2 focus-visible:outline-white";

  return (
    <article
      ref={article}
      id={`reel-${reel.meta.slug}`}
      aria-labelledby={titleId}
      data-testid="reel"
      data-slug={reel.meta.slug}
      data-in-view={inView}
      data-playing={playing}
      className="relative flex h-full snap-start snap-always flex-col overflow-hidden bg-black text-white"
    >
      {videoAllowed ? (
        <video
          ref={video}
          poster={reel.image.full_url}
          src={reel.video ?? undefined}
          muted
          loop
          playsInline
          preload="none"
          aria-label={reel.title}
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <VideoConsentPlaceholder thumbnail={reel.image.full_url} className="absolute inset-0" />
      )}

      <div className="relative flex items-start justify-between gap-2 bg-gradient-to-b from-black/70 to-transparent p-3">
        {reel.brand ? (
          <p className="flex min-w-0 items-center gap-2 text-sm font-semibold" data-testid="reel-brand">
            <img src={reel.brand.image} alt="" width={32} height={32} className="size-8 rounded bg-white" />
            <span className="truncate">{reel.brand.brand}</span>
          </p>
        ) : (
          <span />
        )}
        {videoAllowed && (
          <div className="flex shrink-0 gap-2">
            <button
              type="button"
              onClick={() => setChoice(playing ? "pause" : "play")}
              aria-label={intl.formatMessage({ id: playing ? "reels.pause" : "reels.play" })}
              data-testid="reel-play"
              className={button}
            >
              {playing ? (
                <Pause aria-hidden="true" className="size-5" />
              ) : (
                <Play aria-hidden="true" className="size-5" />
              )}
            </button>
            <button
              type="button"
              onClick={onToggleMute}
              aria-pressed={!muted}
              aria-label={intl.formatMessage({ id: muted ? "reels.unmute" : "reels.mute" })}
              data-testid="reel-mute"
              className={button}
            >
              {muted ? (
                <VolumeX aria-hidden="true" className="size-5" />
              ) : (
                <Volume2 aria-hidden="true" className="size-5" />
              )}
            </button>
          </div>
        )}
      </div>

      <div className="relative mt-auto flex flex-col gap-2 bg-gradient-to-t from-black/90 via-black/70 to-transparent p-3 pt-10">
        {reel.player && (
          <p className="flex items-center gap-2 text-sm" data-testid="reel-player">
            <img
              src={reel.player.image}
              alt=""
              width={32}
              height={32}
              className="size-8 rounded-full object-cover"
            />
            <FormattedMessage id="reels.player" values={{ name: reel.player.name }} />
          </p>
        )}
        <h2 id={titleId} className="text-lg font-bold">
          {reel.title}
        </h2>
        {reel.button_url && reel.button_label && (
          <a href={reel.button_url} className="self-start text-sm font-semibold underline">
            {reel.button_label}
          </a>
        )}
        {reel.products.length > 0 && (
          <section aria-label={intl.formatMessage({ id: "reels.products" })}>
            <ul className="flex snap-x gap-2 overflow-x-auto pb-1" data-testid="reel-products">
              {reel.products.map((product) => {
                const name = productTitle(product.brand, product.name);
                return (
                  <li
                    key={product.product_id}
                    className="flex w-64 shrink-0 snap-start items-center gap-2 rounded-lg bg-white p-2 text-neutral-900"
                  >
                    <img
                      src={product.image}
                      alt=""
                      width={56}
                      height={56}
                      loading="lazy"
                      className="size-14 shrink-0 rounded object-contain"
                    />
                    <div className="min-w-0 flex-1 text-xs">
                      <a href={product.relative_url} className="line-clamp-2 font-semibold">
                        {name}
                      </a>
                      <p className="font-bold">{money(product)}</p>
                    </div>
                    <button
                      type="button"
                      onClick={() => onAdd(product)}
                      aria-label={intl.formatMessage({ id: "reels.addNamed" }, { name })}
                      data-testid="reel-add"
                      className="flex size-11 shrink-0 items-center justify-center rounded-full bg-pitch-900 text-white"
                    >
                      <ShoppingBag aria-hidden="true" className="size-5" />
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        )}
      </div>
    </article>
  );
}
