import { data } from "react-router";
import type { z } from "zod";
import { marketingEmbedsAllowed } from "#kernel/consent.ts";
import { madeOnce } from "#kernel/made-once.ts";
import type { PageTexts } from "#kernel/page-texts.ts";
import type { articleItemOutput } from "#modules/content/content.contract.ts";
import {
  categoryInserts,
  type ListingInsert,
  listCategoryContent,
} from "#modules/content/content.service.ts";
import { emptySearchHelp } from "#modules/search/empty-search.service.ts";
import type { SponsoredComponent } from "#modules/search/listing.contract.ts";
import { listingQuery } from "#modules/search/listing.contract.ts";
import {
  type ListingResult,
  loadCategory,
  loadSponsored,
  runListing,
} from "#modules/search/listing.service.ts";
import { recordSearch } from "#modules/search/search-analytics.service.ts";
import type { ShopRequestContext } from "#server/request-context.ts";
import type { ArticleCard } from "#web/components/article-list.tsx";
import { type LookPictureProps, lookHotspots } from "#web/components/look-picture.tsx";
import { cardListText } from "#web/components/product-card.tsx";
import { messagesFor } from "#web/i18n/messages.server.ts";
import { type JsonText, keptJsonText } from "#web/lib/json-text.ts";
import { asPage, soft } from "#web/lib/page-data.server.ts";
import type { ListingData } from "./listing-view.tsx";
import type { SponsoredView } from "./sponsored-block.tsx";

/** A service's 404/400 becomes the page's status: the not-found page for unknown categories and pages. */
function parse(url: URL) {
  const parsed = listingQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw data(null, { status: 400 });
  return parsed.data;
}

/**
 * A listing with its cards cut to what a card shows: the page's data carries nothing it does not
 * render. The cards go as one JSON text, each card's made once (decision 0070); its filters too,
 * made once per kept listing (decision 0092).
 */
function listingData(listing: ListingResult, texts: PageTexts | null): ListingData {
  return {
    ...listing,
    products: cardListText(listing.products, texts),
    filters: keptJsonText(listing.filters, texts),
  };
}

function sponsoredView(block: SponsoredComponent | null, texts: PageTexts | null): SponsoredView | null {
  return block && { ...block, products: cardListText(block.products, texts) };
}

/** A grid insert as the page shows it: a look's markers name their product, not its whole card. */
export type InsertView = Omit<ListingInsert, "look"> & {
  look:
    | (Omit<NonNullable<ListingInsert["look"]>, "hotspots"> & { hotspots: LookPictureProps["hotspots"] })
    | null;
};
export type InsertsView = Record<"guides" | "reels" | "stories" | "placed", InsertView[]>;

type CategoryInserts = Awaited<ReturnType<typeof categoryInserts>>;
type GuidesList = Awaited<ReturnType<typeof listCategoryContent>>;

/**
 * The inserts' and the guides' views, made once per kept list (both are kept per catalogue
 * revision, market and language), go as JSON texts, each made once per view: one string each in the
 * page's data (decision 0092).
 */
const insertViews = new WeakMap<CategoryInserts, InsertsView>();
const guideViews = new WeakMap<GuidesList, ArticleCard[]>();

const insertsText = (inserts: CategoryInserts, texts: PageTexts | null) =>
  keptJsonText(madeOnce(insertViews, inserts, insertsView), texts);

const guidesText = (list: GuidesList, texts: PageTexts | null) =>
  keptJsonText(
    madeOnce(guideViews, list, (kept) =>
      (kept.items as z.output<typeof articleItemOutput>[]).map(articleCard),
    ),
    texts,
  );

function insertsView(inserts: CategoryInserts): InsertsView {
  const view = (insert: ListingInsert): InsertView => ({
    ...insert,
    look: insert.look && { ...insert.look, hotspots: lookHotspots(insert.look.hotspots) },
  });
  return {
    guides: inserts.guides.map(view),
    reels: inserts.reels.map(view),
    stories: inserts.stories.map(view),
    placed: inserts.placed.map(view),
  };
}

/** A guide as its card shows it: without its body. */
function articleCard(item: z.output<typeof articleItemOutput>): ArticleCard {
  const { id, slug, title, image, lead, header_image, content_tags, first_published_at } = item;
  return { id, slug, title, image, lead, header_image, content_tags, first_published_at };
}

/** Video cards embed a third-party player: only with marketing consent where consent is required. */
function marketingConsent(shop: ShopRequestContext): boolean {
  return marketingEmbedsAllowed(shop);
}

export interface CategoryPageData {
  kind: "category";
  title: string;
  description: string;
  breadcrumb: { title: string; url: string }[];
  subCategories: { slug: string; title: string; url: string }[];
  listing: ListingData;
  sponsored: SponsoredView | null;
  inserts: JsonText<InsertsView>;
  guides: {
    /** The guides' first page as cards show them (no bodies); "load more" reads on from `next`. */
    items: JsonText<ArticleCard[]>;
    next: string | null;
  };
  metaTitle: string;
}

export async function loadCategoryPage(
  shop: ShopRequestContext,
  slug: string,
  url: URL,
): Promise<CategoryPageData> {
  const query = parse(url);
  return asPage(async () => {
    const category = await loadCategory(shop.database.db, slug, shop.locale);
    const listing = await runListing(
      shop.database.db,
      { currency: shop.market.currency, locale: shop.locale, categoryIds: category.ids },
      query,
    );
    const { db } = shop.database;
    const [sponsored, inserts, guides] = await Promise.all([
      listing.page === 1 && !listing.anyFilterActive
        ? soft(
            shop,
            "listing sponsored",
            loadSponsored(db, category.id, shop.market.currency, shop.locale),
            null,
          )
        : null,
      soft(
        shop,
        "listing inserts",
        categoryInserts(db, category.id, shop.locale, {
          videos: marketingConsent(shop),
          currency: shop.market.currency,
        }),
        { guides: [], reels: [], stories: [], placed: [] },
      ),
      soft(
        shop,
        "listing guides",
        listCategoryContent(db, {
          kind: "guide",
          slug,
          page: 1,
          locale: shop.locale,
          currency: shop.market.currency,
          baseUrl: `${shop.publicUrl}/api/category/guides/`,
        }).then((list) => ({ items: guidesText(list, shop.pageTexts), next: list.meta.next })),
        { items: keptJsonText<ArticleCard[]>([]), next: null },
      ),
    ]);
    return {
      kind: "category",
      title: category.title,
      description: category.description,
      breadcrumb: category.breadcrumb,
      subCategories: category.subCategories,
      listing: listingData(listing, shop.pageTexts),
      sponsored: sponsoredView(sponsored, shop.pageTexts),
      inserts: insertsText(inserts, shop.pageTexts),
      guides,
      metaTitle: `${category.title} – Pitchside`,
    };
  });
}

export async function loadSearchPage(shop: ShopRequestContext, url: URL) {
  const query = parse(url);
  const q = (url.searchParams.get("q") ?? "*").slice(0, 200) || "*";
  return asPage(async () => {
    const listing = await runListing(
      shop.database.db,
      { currency: shop.market.currency, locale: shop.locale, q },
      query,
    );
    // A new search (its first page) is counted for the operator's search report; paging and sorting are not.
    const searchId =
      q !== "*" && !query.page && query.sort === "default"
        ? await recordSearch(shop.database.db, { q, market: shop.market.code, results: listing.total })
        : null;
    const help =
      listing.total === 0 && q !== "*"
        ? await emptySearchHelp(shop.database.db, q, { currency: shop.market.currency, locale: shop.locale })
        : null;
    return {
      kind: "search" as const,
      q,
      listing: listingData(listing, shop.pageTexts),
      searchId,
      help,
      metaTitle: messagesFor(shop.locale)["meta.search.title"] ?? "Pitchside",
    };
  });
}
