import { data } from "react-router";
import { HttpError } from "#server/plugins/errors.ts";

/** A loader's critical data: a service's 4xx (unknown slug, page out of range) becomes that page status. */
export async function asPage<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError) throw data(null, { status: error.statusCode });
    throw error;
  }
}
