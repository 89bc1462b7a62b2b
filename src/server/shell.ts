import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import type { SessionUser, VisitorOwner } from "#kernel/session-user.ts";
import { countBagItems } from "#modules/cart/cart.service.ts";
import { cartOwnerOf } from "#modules/cart/cart-owner.ts";
import { countFavourites } from "#modules/favourites/favourites.service.ts";
import { ensureCsrfCookie } from "./plugins/csrf.ts";
import { PRIVATE_ANSWER } from "./plugins/private-answers.ts";

/** The header's personal bits as the browser fills them in on a cached page (decision 0051). */
export const shellOutput = z.object({
  user: z.object({ name: z.string(), email: z.string() }).nullable(),
  bag_count: z.number().int().nonnegative(),
  favourites_count: z.number().int().nonnegative(),
  csrf_token: z.string(),
});

export type ShellOutput = z.output<typeof shellOutput>;

/**
 * Who the visitor is and what their bag and favourites hold: the parts of the header a page in the
 * page cache leaves out. Composed here: the counts belong to cart and favourites, the member to accounts.
 */
export async function readVisitorShell(
  db: Db,
  owner: VisitorOwner,
  user: SessionUser | null,
  csrfToken: string,
): Promise<ShellOutput> {
  const [bagCount, favouritesCount] = await Promise.all([
    countBagItems(db, owner),
    countFavourites(db, owner),
  ]);
  return {
    user: user ? { name: user.name, email: user.email } : null,
    bag_count: bagCount,
    favourites_count: favouritesCount,
    csrf_token: csrfToken,
  };
}

/**
 * `GET /api/shell/`: private and never stored. A visitor whose first page came from the cache gets
 * their CSRF cookie here (the cached answer sets none), so their first add to bag is accepted.
 */
export async function shellRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/shell/",
    {
      schema: {
        tags: ["session"],
        summary: "The visitor's log-in state, bag and favourites counts and CSRF token, for the page header",
        response: { 200: shellOutput },
      },
    },
    async (request, reply) => {
      const csrfToken = ensureCsrfCookie(request, reply);
      reply.header("cache-control", PRIVATE_ANSWER);
      return readVisitorShell(app.database.db, cartOwnerOf(request), request.user, csrfToken);
    },
  );
}
