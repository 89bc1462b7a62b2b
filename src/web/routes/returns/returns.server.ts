import { HttpError } from "#kernel/errors.ts";
import { returnableLines } from "#modules/orders/returns.service.ts";
import type { ShopRequestContext } from "#server/request-context.ts";

/**
 * The returns page's data: what of the member's order may go back. An order that is not theirs (or
 * none) gives `not_found`, any other failure `failed`; the page shows either as a toast.
 */
export async function returnableOf(shop: ShopRequestContext, memberId: number, orderNumber: string) {
  try {
    return { returnable: await returnableLines(shop.database.db, memberId, orderNumber), failure: null };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404)
      return { returnable: null, failure: "not_found" as const };
    shop.log.error({ err: error }, "returns page failed");
    return { returnable: null, failure: "failed" as const };
  }
}
