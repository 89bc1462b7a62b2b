/** The spec's listing inserts: a guide before every 22nd product, a reel before every 8th, a story before every 16th. */
export const GUIDE_EVERY = 22;
export const REEL_EVERY = 8;
export const STORY_EVERY = 16;

export interface Insert {
  kind: "guide" | "reel" | "story" | "video_card" | "link_card" | "image_item" | "shop_the_look";
  id: number;
  title: string;
  index_placement?: number | null;
}

export type Cell<P> = { type: "product"; product: P } | { type: "insert"; insert: Insert };

/**
 * Interleaves a page of products with editorial items. Periodic kinds take their next item at each
 * multiple of their period (1-based product numbers, so never before the first product); placed kinds
 * go before the product at their index_placement (1-based). Items run out rather than repeat.
 */
export function interleave<P>(
  products: P[],
  lists: { guides: Insert[]; reels: Insert[]; stories: Insert[]; placed: Insert[] },
): Cell<P>[] {
  const cells: Cell<P>[] = [];
  const next = { guide: 0, reel: 0, story: 0 };
  products.forEach((product, index) => {
    const position = index + 1;
    for (const item of lists.placed)
      if (item.index_placement === position) cells.push({ type: "insert", insert: item });
    if (position % GUIDE_EVERY === 0 && lists.guides[next.guide])
      cells.push({ type: "insert", insert: lists.guides[next.guide++] as Insert });
    if (position % REEL_EVERY === 0 && lists.reels[next.reel])
      cells.push({ type: "insert", insert: lists.reels[next.reel++] as Insert });
    if (position % STORY_EVERY === 0 && lists.stories[next.story])
      cells.push({ type: "insert", insert: lists.stories[next.story++] as Insert });
    cells.push({ type: "product", product });
  });
  return cells;
}
