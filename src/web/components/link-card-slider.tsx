import { Link } from "react-router";
import type { ShopIcon } from "#web/ui/icons.tsx";
import { CardSlider } from "./card-slider.tsx";

export interface LinkCard {
  to: string;
  title: string;
  /** A drawn sign for a card without a picture (the member landing's benefits). */
  icon?: ShopIcon;
  text?: string;
  /** Spec §3 Link card: the small kicker over the title. */
  trumpet?: string;
  /** Spec §3 Link card: the title's colour over the picture. */
  titleColor?: string | null;
  /** Spec §3 Link card: the background picture (decorative: the title names the link). */
  image?: { src: string; width: number; height: number };
}

/**
 * A row of cards that each lead somewhere (the home page's and the log-in landing's link cards, the
 * member landing's "what an account gives you"). The product slider's frame: swipe on phones (about
 * one and a half cards in view, so there is clearly more), buttons from 640 px, every card a link
 * reached with Tab. A card with a picture shows it behind a dark fade, with its kicker and its title
 * in the title colour on top.
 */
export function LinkCardSlider({ title, cards }: { title: string; cards: LinkCard[] }) {
  return (
    <CardSlider
      title={title}
      items={cards}
      itemKey={(card) => card.to}
      slideBasis="basis-[70%]"
      // On phones: the heading's line and a square picture card 70 % of the row wide. Cards with an
      // icon instead are as tall as their text, and keep the general stand-in.
      nearHeight={
        cards.every((card) => card.image) ? "max-sm:[--near-height:calc(2.5rem_+_0.7_*_(100vw_-_2rem))]" : ""
      }
      renderItem={(card) =>
        card.image ? (
          <Link
            to={card.to}
            data-testid="link-card"
            className="relative flex aspect-square h-full flex-col justify-end overflow-hidden rounded-lg bg-pitch-950 p-4 text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-pitch-700"
          >
            <img
              src={card.image.src}
              alt=""
              width={card.image.width}
              height={card.image.height}
              loading="lazy"
              className="absolute inset-0 size-full object-cover"
            />
            <span
              aria-hidden="true"
              className="absolute inset-0 bg-gradient-to-t from-black/85 via-black/40 to-transparent"
            />
            {card.trumpet && (
              <span className="relative text-xs font-semibold uppercase tracking-wide">{card.trumpet}</span>
            )}
            <span
              className="relative text-lg font-bold"
              style={card.titleColor ? { color: card.titleColor } : undefined}
            >
              {card.title}
            </span>
          </Link>
        ) : (
          <Link
            to={card.to}
            className="flex h-full flex-col gap-2 rounded-lg bg-pitch-900 p-5 text-white hover:bg-pitch-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-pitch-700"
          >
            {card.icon && <card.icon aria-hidden="true" className="size-7" />}
            {card.trumpet && (
              <span className="text-xs font-semibold uppercase tracking-wide">{card.trumpet}</span>
            )}
            <span
              className="text-lg font-bold"
              style={card.titleColor ? { color: card.titleColor } : undefined}
            >
              {card.title}
            </span>
            {card.text && <span className="text-sm">{card.text}</span>}
          </Link>
        )
      }
    />
  );
}

/** A shop-wide link card (content kind link_card) as a slider card. */
export function teaserLinkCard(teaser: {
  url: string;
  title: string;
  trumpet: string;
  titleColor: string | null;
  image: { src: string; width: number; height: number };
}): LinkCard {
  return {
    to: teaser.url,
    title: teaser.title,
    trumpet: teaser.trumpet,
    titleColor: teaser.titleColor,
    image: teaser.image,
  };
}
