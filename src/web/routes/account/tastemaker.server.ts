import { applicationStatusOf } from "#modules/tastemakers/tastemakers.service.ts";
import type { ShopRequestContext } from "#server/request-context.ts";

/**
 * The tastemaker page's data: where the member's application stands (null before they apply), the
 * language whose minimum age holds, and the server's day, so the form counts ages as the call does.
 */
export async function tastemakerPageData(shop: ShopRequestContext, memberId: number) {
  return {
    application: await applicationStatusOf(shop.database.db, memberId),
    language: shop.locale,
    today: new Date().toISOString(),
  };
}
