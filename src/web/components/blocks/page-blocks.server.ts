import type { PageTexts } from "#kernel/page-texts.ts";
import type { CmsBlockOutput } from "#modules/content/cms-pages.contract.ts";
import { cardListText } from "#web/components/product-card.tsx";
import type { PageBlock } from "./block-renderer.tsx";

/**
 * A CMS body as a page's data: a product slider carries only what its cards show, as one JSON text
 * (as the home page's rows and the listings do), not the catalogue's whole card with every size and
 * attribute; the other blocks go as they are.
 */
export function pageBlocks(blocks: readonly CmsBlockOutput[], texts?: PageTexts | null): PageBlock[] {
  return blocks.map((block) =>
    block.type === "product_slider"
      ? {
          type: block.type,
          value: { title: block.value.title, products: cardListText(block.value.products, texts) },
        }
      : block,
  );
}
