import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { CardSlider } from "./card-slider.tsx";

export interface LinkCard {
  to: string;
  icon: LucideIcon;
  title: string;
  text: string;
}

/**
 * A row of cards that each lead somewhere (the member landing's "what an account gives you"). The
 * product slider's frame: swipe on phones (about one and a half cards in view, so there is clearly
 * more), buttons from 640 px, every card a link reached with Tab.
 */
export function LinkCardSlider({ title, cards }: { title: string; cards: LinkCard[] }) {
  return (
    <CardSlider
      title={title}
      items={cards}
      itemKey={(card) => card.to}
      slideBasis="basis-[70%]"
      renderItem={(card) => (
        <Link
          to={card.to}
          className="flex h-full flex-col gap-2 rounded-lg bg-pitch-900 p-5 text-white hover:bg-pitch-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-pitch-700"
        >
          <card.icon aria-hidden="true" className="size-7" />
          <span className="text-lg font-bold">{card.title}</span>
          <span className="text-sm">{card.text}</span>
        </Link>
      )}
    />
  );
}
