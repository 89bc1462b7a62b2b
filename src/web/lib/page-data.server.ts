import { data } from "react-router";
import { HttpError } from "#kernel/errors.ts";
import type { ShopRequestContext } from "#server/request-context.ts";

/** A loader's critical data: a service's 4xx (unknown slug, page out of range) becomes that page status. */
export async function asPage<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError) throw data(null, { status: error.statusCode });
    throw error;
  }
}

/**
 * A loader's secondary data (navigation, notices, sliders): a failure is logged on the request's
 * own line of logs and the page renders with the fallback, never the error page.
 */
export function soft<T>(
  shop: Pick<ShopRequestContext, "log">,
  label: string,
  promise: Promise<T>,
  fallback: T,
): Promise<T> {
  return promise.catch((error: unknown) => {
    shop.log.error({ err: error }, `${label} failed`);
    return fallback;
  });
}
