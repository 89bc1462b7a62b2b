import type { APIRequestContext } from "@playwright/test";

export interface Card {
  product_id: number;
  name: string;
  relative_url: string;
  is_exclusive: boolean;
  sizes: { in_stock: boolean; name_short: string }[];
  attributes: { item_type: string };
}

/**
 * The first card of a listing call, over all its pages, that a visitor may buy and that passes
 * `check`. The demo shop is seeded to hold one; not finding it fails the journey.
 */
export async function findCard(
  request: APIRequestContext,
  listing: string,
  check: (card: Card) => Promise<boolean> | boolean,
): Promise<Card> {
  for (let page = 1; ; page++) {
    const response = await request.get(`${listing}${listing.includes("?") ? "&" : "?"}page=${page}`);
    if (!response.ok()) break;
    const body = (await response.json()) as { products: Card[]; meta: { pages: { total: number } } };
    for (const card of body.products) if (!card.is_exclusive && (await check(card))) return card;
    if (page >= body.meta.pages.total) break;
  }
  throw new Error(`no suitable product in ${listing}`);
}

/** Whether a product's print can be customised (it has print options). */
export async function printable(request: APIRequestContext, productId: number): Promise<boolean> {
  const options = (await (await request.get(`/customizations/get/${productId}/`)).json()) as {
    data: unknown[];
  };
  return options.data.length > 0;
}

/** A size as the availability call lists it. */
export interface AvailableSize {
  size_id: number;
  stock_info: number;
  supplier: string;
  is_marketplace: boolean;
}

/**
 * The first size that passes `check`, of a plain product (no package) a visitor may buy on the
 * search's first page. The demo shop is seeded to hold one; not finding it fails the journey.
 */
export async function buyableSize(
  request: APIRequestContext,
  check: (size: AvailableSize) => boolean,
): Promise<{ product: number; size: number; name: string }> {
  const cards = (await (await request.get("/api/search/?q=*")).json()).products as Card[];
  for (const card of cards) {
    if (card.is_exclusive || card.attributes.item_type === "package") continue;
    const sizes = (await (
      await request.get(`/api/availability/${card.product_id}/`)
    ).json()) as AvailableSize[];
    const size = sizes.find(check);
    if (size) return { product: card.product_id, size: size.size_id, name: card.name };
  }
  throw new Error("no product with such a size in stock");
}
