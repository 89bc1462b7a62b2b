import { memo } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { madeOnce } from "#kernel/made-once.ts";
import type { PageTexts } from "#kernel/page-texts.ts";
import type { ProductCard as Card } from "#modules/catalog/catalog.contract.ts";
import { type JsonText, jsonList } from "#web/lib/json-text.ts";
import { moneyFormat } from "#web/lib/money.ts";
import { plainLink } from "#web/lib/plain-links.ts";
import { labelText } from "#web/lib/product-labels.ts";
import { FavouriteToggle } from "./favourite-toggle.tsx";

/** Listing sizes are named up to this many; carousels name at most 2. */
export const NAMED_SIZES_IN_LISTING = 4;
export const NAMED_SIZES_IN_CAROUSEL = 2;
export const DISCOUNT_BADGE_FROM = 20;

/**
 * What a card shows: a product card of the catalogue's calls without what no card reads (size ids
 * and stock, the highest price, attributes), so a page sends only what it renders. A whole card is one.
 */
export interface CardView {
  product_id: number;
  name: string;
  /** The style number, for the shop's analytics events. */
  style: string;
  brand: string;
  image: string;
  relative_url: string;
  delivery: string | null;
  is_exclusive: boolean;
  labels: string[];
  sizes: { name_short: string }[];
  prices: Pick<
    Card["prices"],
    "min_price" | "recommended_retail_price" | "currency" | "discount_percentage" | "lowest_price_30_days"
  >;
}

/**
 * A catalogue card cut to what a card shows, for a page's data: the first label (the only one shown)
 * and no more size names than a card names plus one (beyond that the card says "many sizes").
 */
export function cardView(card: Card): CardView {
  return madeOnce(views, card, viewOf);
}

/**
 * A catalogue card is kept per catalogue revision and shared by every request that shows it
 * (decision 0062), so its view is made once too: the same view object lets a card's kept markup be
 * found without serialising the card (decision 0066). Neither is ever changed once made.
 */
const views = new WeakMap<Card, CardView>();

/**
 * Catalogue cards as a page's data carries them: cut to what a card shows, as one JSON text made of
 * each card's kept JSON (decision 0070). Read back with `readJsonText`.
 */
export function cardListText(cards: readonly Card[], texts?: PageTexts | null): JsonText<CardView[]> {
  return jsonList(cards.map(cardView), texts);
}

function viewOf(card: Card): CardView {
  return {
    product_id: card.product_id,
    name: card.name,
    style: card.style,
    brand: card.brand,
    image: card.image,
    relative_url: card.relative_url,
    delivery: card.delivery,
    is_exclusive: card.is_exclusive,
    labels: card.labels.slice(0, 1),
    sizes: card.sizes.slice(0, NAMED_SIZES_IN_LISTING + 1).map((size) => ({ name_short: size.name_short })),
    prices: {
      min_price: card.prices.min_price,
      recommended_retail_price: card.prices.recommended_retail_price,
      currency: card.prices.currency,
      discount_percentage: card.prices.discount_percentage,
      lowest_price_30_days: card.prices.lowest_price_30_days,
    },
  };
}

/** The card rules of the spec, kept apart from the markup so they are tested on their own. */
export function cardBadges(card: CardView, context: "listing" | "carousel") {
  const membersOnly = card.is_exclusive;
  const discountBadge = !membersOnly && card.prices.discount_percentage >= DISCOUNT_BADGE_FROM;
  const limit = context === "listing" ? NAMED_SIZES_IN_LISTING : NAMED_SIZES_IN_CAROUSEL;
  const sizes = card.sizes.length <= limit ? card.sizes.map((s) => s.name_short) : null;
  return {
    label: card.labels[0] ?? null,
    membersOnly,
    discountBadge,
    sizes,
    preorder: card.delivery === "Preorder",
  };
}

/**
 * A card is drawn again only when its own data changes: a listing redraws (its deferred inserts
 * arrive, a filter drawer opens) without redrawing sixty cards, which is a long task on a phone.
 */
export const ProductCard = memo(function ProductCard({
  card,
  context = "listing",
  searchId,
  priority = false,
}: {
  card: CardView;
  context?: "listing" | "carousel";
  /** A card of the first row of a listing: its picture is fetched at once, first (the page's LCP). */
  priority?: boolean;
  /** The search the card was found by: its link carries it so the opening is counted (no personal data). */
  searchId?: number | null;
}) {
  const intl = useIntl();
  const badges = cardBadges(card, context);
  const price = moneyFormat(intl.locale, card.prices.currency);
  const money = (amount: number) => price.format(amount);
  const discounted = card.prices.min_price < card.prices.recommended_retail_price;
  return (
    <article className="group relative flex h-full flex-col">
      <FavouriteToggle
        productId={card.product_id}
        name={card.name}
        className="absolute right-2 top-2 z-10 rounded-full bg-white/90 p-2 shadow"
      />
      <div className="relative aspect-square overflow-hidden rounded-md bg-neutral-100">
        {card.image && (
          <img
            src={card.image}
            alt=""
            width={400}
            height={400}
            loading={priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : undefined}
            className="size-full object-contain transition group-hover:scale-105"
          />
        )}
        <div className="absolute left-2 top-2 flex flex-col items-start gap-1">
          {badges.membersOnly ? (
            <span className="rounded bg-neutral-900 px-2 py-0.5 text-xs font-bold text-white">
              <FormattedMessage id="card.membersOnly" />
            </span>
          ) : (
            badges.label && (
              <span className="rounded bg-white px-2 py-0.5 text-xs font-bold text-neutral-900">
                {labelText(intl, badges.label)}
              </span>
            )
          )}
          {badges.discountBadge && (
            <span className="rounded bg-flare-500 px-2 py-0.5 text-xs font-bold text-white">
              <FormattedMessage id="card.discount" values={{ percent: card.prices.discount_percentage }} />
            </span>
          )}
        </div>
      </div>
      <div className="mt-2 flex flex-1 flex-col gap-0.5 text-sm">
        <p className="font-semibold text-neutral-700">{card.brand}</p>
        <h3 className="font-medium text-neutral-900">
          <a
            {...plainLink(searchId ? `${card.relative_url}?sid=${searchId}` : card.relative_url)}
            className="after:absolute after:inset-0"
          >
            {card.name}
          </a>
        </h3>
        <p className="text-xs text-neutral-700">
          {badges.preorder ? (
            <FormattedMessage id="card.preorder" />
          ) : badges.sizes ? (
            badges.sizes.length > 0 && (
              <FormattedMessage id="card.sizes" values={{ sizes: badges.sizes.join(", ") }} />
            )
          ) : (
            <FormattedMessage id="card.manySizes" />
          )}
        </p>
        <p className="mt-auto flex flex-wrap items-baseline gap-x-2">
          <span className={discounted ? "font-bold text-red-700" : "font-bold"}>
            <span className="sr-only">{intl.formatMessage({ id: "card.price" }, { price: "" })}</span>
            {money(card.prices.min_price)}
          </span>
          {discounted && (
            <s className="text-xs text-neutral-700">
              <span className="sr-only">{intl.formatMessage({ id: "card.rrp" }, { price: "" })}</span>
              {money(card.prices.recommended_retail_price)}
            </s>
          )}
        </p>
        {discounted && card.prices.lowest_price_30_days !== null && (
          <p className="text-xs text-neutral-700">
            <FormattedMessage
              id="card.lowest30"
              values={{ price: money(card.prices.lowest_price_30_days) }}
            />
          </p>
        )}
      </div>
    </article>
  );
});
