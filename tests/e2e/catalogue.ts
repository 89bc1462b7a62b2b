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
