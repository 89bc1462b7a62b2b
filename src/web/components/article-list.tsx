import { useState } from "react";
import { FormattedDate, FormattedMessage } from "react-intl";
import { callAt } from "#web/lib/api.ts";
import type { ResponseOf } from "#web/lib/endpoints.ts";

/** A guide's card: what the list shows of a guide (the page's first ones come from its loader). */
export type ArticleCard = Pick<
  ResponseOf<"GET /api/category/guides/">["items"][number],
  "id" | "slug" | "title" | "image" | "lead" | "header_image" | "content_tags" | "first_published_at"
>;

/** The next page's address as given by the server, on the page's own protocol (http → https). */
export function nextOnPageProtocol(next: string | null, pageProtocol: string): string | null {
  if (!next) return null;
  try {
    const url = new URL(next);
    url.protocol = pageProtocol;
    return url.toString();
  } catch {
    return null;
  }
}

/**
 * Article cards with "load more": fetches meta.next, appends its items and keeps the new next link.
 * The button is disabled while loading and when there is no next page.
 */
export function ArticleList({
  title,
  items,
  next,
}: {
  title: string;
  items: ArticleCard[];
  next: string | null;
}) {
  const [cards, setCards] = useState(items);
  const [nextUrl, setNextUrl] = useState(next);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  if (cards.length === 0) return null;
  const loadMore = async () => {
    const url = nextOnPageProtocol(nextUrl, window.location.protocol);
    if (!url) return;
    setLoading(true);
    setFailed(false);
    try {
      const page = await callAt("GET /api/category/guides/", url);
      setCards((current) => [...current, ...page.items]);
      setNextUrl(page.meta.next);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  return (
    <section aria-labelledby="article-list" className="mt-12">
      <h2 id="article-list" className="mb-4 text-xl font-bold">
        {title}
      </h2>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li key={card.id} className="overflow-hidden rounded-lg border border-neutral-200">
            {(card.header_image?.url || card.image.src) && (
              <img
                src={card.header_image?.url || card.image.src}
                alt=""
                width={600}
                height={400}
                loading="lazy"
                className="aspect-[3/2] w-full object-cover"
              />
            )}
            <div className="space-y-2 p-3" data-testid="article-card">
              <p className="font-semibold">{card.title}</p>
              {card.lead && <p className="text-sm text-neutral-700">{card.lead}</p>}
              {card.content_tags.length > 0 && (
                <ul className="flex flex-wrap gap-1">
                  {card.content_tags.map((tag) => (
                    <li
                      key={tag.slug}
                      className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-semibold text-neutral-800"
                    >
                      {tag.name}
                    </li>
                  ))}
                </ul>
              )}
              <p className="text-xs text-neutral-700">
                <time dateTime={card.first_published_at}>
                  <FormattedDate value={card.first_published_at} dateStyle="medium" />
                </time>
              </p>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-4 text-center">
        <button
          type="button"
          onClick={loadMore}
          disabled={loading || !nextUrl}
          className="rounded-full border border-neutral-500 px-5 py-2 font-semibold disabled:opacity-50"
        >
          <FormattedMessage id="articles.loadMore" />
        </button>
        {failed && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            <FormattedMessage id="form.error.generic" />
          </p>
        )}
      </div>
    </section>
  );
}
