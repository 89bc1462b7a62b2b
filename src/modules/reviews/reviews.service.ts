import { sql } from "drizzle-orm";
import { type Db, rows, type Tx } from "#db/client.ts";
import { preparedStatement } from "#db/prepared.ts";
import { HttpError } from "#kernel/errors.ts";
import { textWithoutMarkup } from "#kernel/plain-text.ts";
import {
  cachedAtRevision,
  moveCatalogueRevision,
  structuralRevision,
} from "#modules/catalog/catalogue-cache.ts";
import {
  type RatingSummary,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  REVIEWS_PAGE_SIZE,
  type ReviewInput,
  type ReviewItem,
  type ReviewSort,
  type ReviewState,
  type ReviewsPage,
} from "./reviews.contract.ts";

interface ReviewRow {
  id: number;
  rating: number;
  body: string;
  author_name: string;
  locale: string;
  verified: boolean;
  created_at: Date | string;
}

const itemOf = (row: ReviewRow): ReviewItem => ({
  id: row.id,
  rating: row.rating,
  text: row.body,
  author: row.author_name,
  locale: row.locale,
  verified: row.verified,
  created_at: new Date(row.created_at).toISOString(),
});

/** "Mette Jensen" → "Mette J.": the author as the list shows them; no name, no author (the page says "a member"). */
export function authorOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const [first, ...others] = parts;
  if (!first) return "";
  const last = others.at(-1);
  return last ? `${first} ${Array.from(last)[0]?.toLocaleUpperCase()}.` : first;
}

/**
 * A review as plain text: markup taken out (a script's content with it), the entities sanitize-html
 * writes turned back into their characters (the page escapes text as it renders it), control
 * characters other than line breaks dropped, and at most one empty line in a row.
 */
export function plainReviewText(text: string): string {
  return (
    textWithoutMarkup(text)
      .normalize("NFC")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is taken out
      .replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069]/g, "")
      .replace(/\n{3,}/g, "\n\n")
      .trim()
  );
}

/**
 * Whether a product takes reviews: every one but a gift card. The statements below say the same in
 * SQL (`not is_giftcard`); a page asks this before it reads a product's reviews.
 */
export function takesReviews(product: { is_giftcard: boolean }): boolean {
  return !product.is_giftcard;
}

/**
 * Whether the product is one whose reviews are read and written: any but a gift card, online or not.
 * An offline product keeps its page, shown sold out (product.service.ts), and its reviews with it; a
 * member who received it may still review it (decision 0088).
 */
async function productExists(db: Db | Tx, productId: number): Promise<boolean> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`select id from products where id = ${productId} and not is_giftcard`,
  );
  return row !== undefined;
}

/** A product's shown reviews in stars: average to one decimal, count, and per star from 1 to 5. */
export async function ratingSummary(db: Db | Tx, productId: number): Promise<RatingSummary> {
  const found = await rows<{ rating: number; n: number }>(
    db,
    sql`select rating, count(*)::int as n from product_reviews
         where product_id = ${productId} and hidden_at is null group by rating`,
  );
  return summaryOf(found);
}

function summaryOf(found: { rating: number; n: number }[]): RatingSummary {
  const distribution = [1, 2, 3, 4, 5].map((stars) => found.find((row) => row.rating === stars)?.n ?? 0);
  const count = distribution.reduce((sum, n) => sum + n, 0);
  const total = distribution.reduce((sum, n, i) => sum + n * (i + 1), 0);
  return { average: count === 0 ? null : Math.round((total / count) * 10) / 10, count, distribution };
}

const ORDER: Record<ReviewSort, ReturnType<typeof sql>> = {
  newest: sql`created_at desc, id desc`,
  highest: sql`rating desc, created_at desc, id desc`,
  lowest: sql`rating asc, created_at desc, id desc`,
};

/** One named statement per order (the product page reads the newest on every visit). */
function reviewsPageStatement(sort: ReviewSort) {
  const productId = sql`${sql.placeholder("productId")}::int`;
  return preparedStatement<{ shown: boolean; stars: { rating: number; n: number }[]; items: ReviewRow[] }>(
    `reviews_page_${sort}`,
    () => sql`
      select exists (select 1 from products where id = ${productId} and not is_giftcard) as shown,
             (select coalesce(json_agg(json_build_object('rating', rating, 'n', n)), '[]')
                from (select rating, count(*)::int as n from product_reviews
                       where product_id = ${productId} and hidden_at is null group by rating) r) as stars,
             (select coalesce(json_agg(page order by ${ORDER[sort]}), '[]')
                from (select id, rating, body, author_name, locale, verified, created_at from product_reviews
                       where product_id = ${productId} and hidden_at is null
                       order by ${ORDER[sort]} limit ${REVIEWS_PAGE_SIZE}
                      offset ${sql.placeholder("offset")}::int) page) as items`,
  );
}

const reviewsPageStatements: Record<ReviewSort, ReturnType<typeof reviewsPageStatement>> = {
  newest: reviewsPageStatement("newest"),
  highest: reviewsPageStatement("highest"),
  lowest: reviewsPageStatement("lowest"),
};

/**
 * One page of a product's shown reviews in the order asked; an unknown product or a gift card is a 404.
 * One statement: whether the product is shown, the stars and the page (the product page reads it on
 * every visit).
 */
export async function listReviews(
  db: Db,
  productId: number,
  sort: ReviewSort = "newest",
  page = 1,
): Promise<ReviewsPage> {
  const [found] = await reviewsPageStatements[sort](db, {
    productId,
    offset: (page - 1) * REVIEWS_PAGE_SIZE,
  });
  if (!found?.shown) throw new HttpError(404, "product_not_found", "reviews.error.product");
  return reviewsPage(productId, sort, page, found.stars, found.items);
}

/** A page of reviews as the calls answer it, from the stars and the page's rows. */
function reviewsPage(
  productId: number,
  sort: ReviewSort,
  page: number,
  stars: { rating: number; n: number }[],
  items: ReviewRow[],
): ReviewsPage {
  const summary = summaryOf(stars);
  return {
    product_id: productId,
    summary,
    sort,
    items: items.map(itemOf),
    meta: {
      page,
      pages: Math.max(1, Math.ceil(summary.count / REVIEWS_PAGE_SIZE)),
      total: summary.count,
    },
  };
}

/**
 * The product page's first page of reviews, newest first, kept per catalogue revision (the page reads
 * it on every visit, a statement and its rows each time). Reviews move the revision as products do
 * (migration 0023), so a review written or hidden is on the page as soon as a change to the product
 * would be; a deleted member's name leaves it once the deletion has committed
 * (`moveCatalogueRevision`). Stock does not change reviews: they are kept across sales (the
 * revision's catalogue part). `revision` is the one the page has just read for its product, so that
 * the page reads it once. Kept pages are shared between requests: callers never change them.
 */
export function productPageReviews(db: Db, productId: number, revision: string): Promise<ReviewsPage> {
  const kept = structuralRevision(revision);
  return cachedAtRevision(db, `reviews:${productId}`, kept, async () =>
    (await reviewedProducts(db, kept)).has(productId)
      ? listReviews(db, productId)
      : reviewsPage(productId, "newest", 1, [], []),
  );
}

/**
 * The products with at least one shown review, kept per catalogue revision as the pages are (one
 * statement each time it moves: a review written, hidden or deleted moves it, migration 0023). Most
 * of a catalogue has none, and their page's reviews are known without a statement (decision 0099).
 */
function reviewedProducts(db: Db, structural: string): Promise<ReadonlySet<number>> {
  return cachedAtRevision(db, "reviews:reviewed-products", structural, async () => {
    const found = await rows<{ product_id: number }>(
      db,
      sql`select distinct product_id from product_reviews where hidden_at is null`,
    );
    return new Set(found.map((row) => row.product_id));
  });
}

/** Whether the member received the product: a line of it in a delivered package of one of their orders. */
export async function receivedProduct(db: Db | Tx, userId: number, productId: number): Promise<boolean> {
  const [row] = await rows<{ one: number }>(
    db,
    sql`select 1 as one from order_lines l
          join order_shipments s on s.id = l.shipment_id
          join orders o on o.id = l.order_id
         where o.user_id = ${userId} and s.status = 'delivered' and l.product_id = ${productId}
         limit 1`,
  );
  return row !== undefined;
}

async function reviewedBy(db: Db | Tx, userId: number, productId: number): Promise<boolean> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`select id from product_reviews where product_id = ${productId} and user_id = ${userId}`,
  );
  return row !== undefined;
}

/** What the product page offers this visitor about reviewing the product. */
export async function reviewStateOf(db: Db, userId: number | null, productId: number): Promise<ReviewState> {
  if (userId === null) return "log_in";
  if (await reviewedBy(db, userId, productId)) return "reviewed";
  return (await receivedProduct(db, userId, productId)) ? "can_review" : "not_received";
}

/**
 * A member's review: only of a product they received (403 `not_received`), once per product (409
 * `already_reviewed`, also when two arrive at once), as plain text within the bounds after its
 * markup is taken out (400 on `text`).
 */
export async function writeReview(
  db: Db,
  member: { id: number; name: string },
  productId: number,
  input: ReviewInput,
  locale: string,
): Promise<{ review: ReviewItem; summary: RatingSummary }> {
  if (!(await productExists(db, productId)))
    throw new HttpError(404, "product_not_found", "reviews.error.product");
  const text = plainReviewText(input.text);
  if (text.length < REVIEW_TEXT_MIN || text.length > REVIEW_TEXT_MAX)
    throw new HttpError(400, "validation_error", "reviews.error.textShort", {
      text: [text.length < REVIEW_TEXT_MIN ? "reviews.error.textShort" : "reviews.error.textLong"],
    });
  if (await reviewedBy(db, member.id, productId))
    throw new HttpError(409, "already_reviewed", "reviews.error.already");
  if (!(await receivedProduct(db, member.id, productId)))
    throw new HttpError(403, "not_received", "reviews.error.notReceived");
  const [row] = await rows<ReviewRow>(
    db,
    sql`insert into product_reviews (product_id, user_id, author_name, locale, rating, body, verified)
        values (${productId}, ${member.id}, ${authorOf(member.name)}, ${locale}, ${input.rating}, ${text}, true)
        on conflict (product_id, user_id) do nothing
        returning id, rating, body, author_name, locale, verified, created_at`,
  );
  if (!row) throw new HttpError(409, "already_reviewed", "reviews.error.already");
  // The trigger moved the revision before the insert committed: a page read in between (of any
  // product: the set of reviewed products is shared) would keep the shop without it.
  await moveCatalogueRevision(db);
  return { review: itemOf(row), summary: await ratingSummary(db, productId) };
}

/** The operator hides a review (it stays stored); hiding a hidden one again changes nothing. */
export async function hideReview(
  db: Db,
  reviewId: number,
): Promise<{ id: number; product_id: number; hidden_at: string }> {
  const [row] = await rows<{ id: number; product_id: number; hidden_at: Date | string }>(
    db,
    sql`update product_reviews set hidden_at = coalesce(hidden_at, now()) where id = ${reviewId}
        returning id, product_id, hidden_at`,
  );
  if (!row) throw new HttpError(404, "review_not_found", "No review has that id.");
  // As for a review written: moved again once the change has committed.
  await moveCatalogueRevision(db);
  return { id: row.id, product_id: row.product_id, hidden_at: new Date(row.hidden_at).toISOString() };
}

/** At account deletion the member's reviews stay for other shoppers, without their name. */
export async function anonymiseMemberReviews(tx: Db | Tx, userId: number): Promise<void> {
  await tx.execute(
    sql`update product_reviews set author_name = '', user_id = null where user_id = ${userId}`,
  );
}
