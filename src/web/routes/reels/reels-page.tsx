import { data } from "react-router";
import { reelFeedPage, reelsFeed } from "#modules/content/reels-feed.service.ts";
import { shopContext } from "#server/request-context.ts";
import { messagesFor } from "#web/i18n/messages.server.ts";
import { asPage } from "#web/lib/page-data.server.ts";
import { videoAllowed } from "../masterclass/masterclass.server.ts";
import type { Route } from "./+types/reels-page.ts";
import { ReelsFeed } from "./reels-feed.tsx";

/**
 * `/reels/` opens the feed at its start; `/reels/{slug}/` opens it on the page holding that reel,
 * scrolled to it (404 for a reel there is not).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const { db } = shop.database;
  const slug = (params as { slug?: string }).slug;
  const page = slug === undefined ? 1 : slug.length > 200 ? null : await reelFeedPage(db, slug);
  if (page === null) throw data(null, { status: 404 });
  const feed = await asPage(() =>
    reelsFeed(db, {
      page,
      locale: shop.locale,
      currency: shop.market.currency,
      baseUrl: `${shop.publicUrl.replace(/\/$/, "")}/api/content/reels/`,
    }),
  );
  return {
    title: messagesFor(shop.locale)["meta.reels.title"] ?? "Pitchside",
    feed,
    startSlug: slug ?? null,
    videoAllowed: videoAllowed(shop),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Pitchside" }];
}

export default function ReelsPage({ loaderData }: Route.ComponentProps) {
  return (
    <ReelsFeed
      // A new start (another reel's address opened by a link) starts a new feed.
      key={`${loaderData.feed.meta.page}:${loaderData.startSlug}`}
      first={loaderData.feed}
      startSlug={loaderData.startSlug}
      videoAllowed={loaderData.videoAllowed}
    />
  );
}
