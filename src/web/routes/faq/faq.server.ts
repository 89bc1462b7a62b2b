import { pageBlocks } from "#modules/content/content.service.ts";
import type { ShopRequestContext } from "#server/request-context.ts";
import { messagesFor } from "#web/i18n/messages.server.ts";

/** The FAQ page: the questions of the page content "faq" in the shopper's language. */
export async function loadFaq(shop: ShopRequestContext) {
  const page = await pageBlocks(shop.database.db, "faq", shop.locale);
  return {
    title: page?.title ?? null,
    questions: (page?.blocks ?? []).flatMap((block) => (block.type === "faq" ? block.value : [])),
    metaTitle: messagesFor(shop.locale)["meta.faq.title"] ?? "Pitchside",
  };
}
