import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import { CONSENT_COOKIE, type Consent, marketingEmbedsAllowed, parseConsent } from "#kernel/consent.ts";
import { MAX_PATH_PARAMETER } from "#kernel/ids.ts";
import { madeOnce } from "#kernel/made-once.ts";
import { searchIdOf } from "#kernel/search-id.ts";
import type { SessionUser } from "#kernel/session-user.ts";
import { catalogueRevision } from "#modules/catalog/catalogue-cache.ts";
import { type FlagshipStore, flagshipStoreOutput } from "#modules/content/stores.contract.ts";
import { flagshipStore } from "#modules/content/stores.service.ts";
import type { Market, UiLocale } from "#modules/markets/markets.data.ts";
import { intlTag } from "#modules/markets/markets.service.ts";
import { type ProductDetail, productDetailSchema } from "#modules/product/product.contract.ts";
import { loadProductDetail } from "#modules/product/product.service.ts";
import { reviewStateOutput, reviewsOutput } from "#modules/reviews/reviews.contract.ts";
import { productPageReviews, reviewStateOf, takesReviews } from "#modules/reviews/reviews.service.ts";
import { recordSearchOpened } from "#modules/search/search-analytics.service.ts";
import type { AppConfig } from "./config.ts";

/**
 * Everything a product page shows, as one answer (decision 0102): the product, the flagship store for
 * its "in store" sheet, its first page of reviews and what the visitor may do about reviewing it,
 * and the consent the page's embeds wait for. The page's loader reads it for a document; the page's
 * client loader asks `GET /api/product-page/:slug/` for it on a navigation in the page.
 */
export const productPageOutput = z.object({
  product: productDetailSchema,
  /** Null when the shop has no flagship store, and for a package (its parts are not on a shelf). */
  flagship_store: flagshipStoreOutput.nullable(),
  /** Null for a gift card, which is not reviewed (decision 0044). */
  reviews: reviewsOutput.nullable(),
  review_state: reviewStateOutput.nullable(),
  logged_in: z.boolean(),
  /** The product video's player is a third party's: with marketing consent only (decision 0045). */
  video_allowed: z.boolean(),
  /** The social gallery comes from a statistics partner: with statistics consent only. */
  statistics_consent: z.boolean(),
});

export type ProductPageAnswer = z.output<typeof productPageOutput>;

/** A product's page by its slug, and the search it was opened from, if any. */
export const productPageParams = z.object({ slug: z.string().min(1).max(MAX_PATH_PARAMETER) });
export const productPageQuery = z.object({
  /** The search a result's link came from: only an id as its page reads one (`searchIdOf`). */
  sid: z
    .string()
    .refine((value) => searchIdOf(value) !== null, "Not a search id: a whole number from 1 to 2147483647.")
    .transform((value) => searchIdOf(value) as number)
    .optional(),
});

/** Who asks and where: what the answer depends on besides the catalogue. */
export interface ProductPageVisitor {
  currency: string;
  locale: UiLocale;
  /** The language and market as `Intl` names them (a store's opening hours are written in it). */
  localeTag: string;
  userId: number | null;
  config: Pick<AppConfig, "consentRequired">;
  /** The shopper's answer in the consent cookie. */
  consent: Consent;
}

/** The visitor as a request (the call) or a page's context (the document's loader) has them. */
export function productPageVisitor(
  from: { market: Market; locale: UiLocale; user: SessionUser | null; consent: Consent },
  config: Pick<AppConfig, "consentRequired">,
): ProductPageVisitor {
  return {
    currency: from.market.currency,
    locale: from.locale,
    localeTag: intlTag(from.locale, from.market),
    userId: from.user?.id ?? null,
    config,
    consent: from.consent,
  };
}

/**
 * The product page's data, composed from the modules that own it (product, content, reviews): the
 * product, the store and the revision in one go, then the reviews read at that revision. 404 when
 * there is no product by that slug.
 */
export async function readProductPage(
  db: Db,
  slug: string,
  visitor: ProductPageVisitor,
): Promise<ProductPageAnswer> {
  const [product, store, revision] = await Promise.all([
    loadProductDetail(db, slug, visitor.currency, visitor.locale),
    flagshipStore(db, visitor.localeTag),
    // The revision the product and the store are read at (the same read, or a later one at the end
    // of the reuse time), which the reviews are kept at too.
    catalogueRevision(db),
  ]);
  const [reviews, reviewState] = takesReviews(product)
    ? await Promise.all([
        productPageReviews(db, product.id, revision),
        reviewStateOf(db, visitor.userId, product.id),
      ])
    : [null, null];
  const { consent } = visitor;
  return {
    product,
    flagship_store: store && !product.is_package ? store : null,
    reviews,
    review_state: reviewState,
    logged_in: visitor.userId !== null,
    video_allowed: marketingEmbedsAllowed({ config: visitor.config, consent }),
    statistics_consent: consent.statistics,
  };
}

/** Each kept value's JSON (product details and stores are kept per catalogue revision and never changed). */
const keptJson = new WeakMap<ProductDetail | FlagshipStore, string>();

function jsonOfKept(value: ProductDetail | FlagshipStore): string {
  return madeOnce(keptJson, value, JSON.stringify);
}

/**
 * The answer's JSON, its product and store written from their kept JSON: the product is most of the
 * answer and the same object for every request while it is kept, so it is written once per revision,
 * not once per call (the listing's cards are kept so too, decision 0097).
 */
export function productPageJson(answer: ProductPageAnswer): string {
  return `{"product":${jsonOfKept(answer.product)},"flagship_store":${
    answer.flagship_store ? jsonOfKept(answer.flagship_store) : "null"
  },"reviews":${JSON.stringify(answer.reviews)},"review_state":${JSON.stringify(answer.review_state)},"logged_in":${
    answer.logged_in
  },"video_allowed":${answer.video_allowed},"statistics_consent":${answer.statistics_consent}}`;
}

/** An answer written as JSON already: the contract documents it, and its tests hold it to it. */
function sendJsonText(reply: FastifyReply, text: string) {
  return reply.type("application/json; charset=utf-8").send(text);
}

/**
 * `GET /api/product-page/:slug/`: the product page's data for a navigation in the storefront, one
 * call instead of React Router's page data (decision 0102). Never stored: it says whether the
 * visitor is logged in and what they may review. A `sid` counts the page as opened from that search.
 */
export async function productPageRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { db } = scope.database;
  const config = scope.config;
  app.get(
    "/api/product-page/:slug/",
    {
      schema: {
        tags: ["product"],
        summary:
          "Everything a product page shows: the product, the flagship store, its reviews, the visitor's state",
        params: productPageParams,
        querystring: productPageQuery,
        response: { 200: productPageOutput },
      },
      // Its refusals too (a 404 may otherwise be kept by a cache's own rule).
      onRequest: (_request, reply, done) => {
        reply.header("cache-control", "no-store");
        done();
      },
    },
    async (request, reply) => {
      const visitor = productPageVisitor(
        { ...request, consent: parseConsent(request.cookies[CONSENT_COOKIE]) },
        config,
      );
      const answer = await readProductPage(db, request.params.slug, visitor);
      if (request.query.sid !== undefined) await recordSearchOpened(db, request.query.sid);
      return sendJsonText(reply, productPageJson(answer));
    },
  );
}
