import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useLocation } from "react-router";
import { REVIEW_SORTS, type ReviewSort } from "#modules/reviews/review-rules.ts";
import type {
  RatingSummary,
  ReviewItem,
  ReviewState,
  ReviewsPage,
} from "#modules/reviews/reviews.contract.ts";
import { call } from "#web/lib/api.ts";
import { lazySection } from "#web/lib/lazy-section.tsx";
import { BadgeCheck } from "#web/ui/icons.tsx";
import { Stars } from "./stars.tsx";

// Its own later part: a form drawn by the server inside the reviews, whose taps and typing are kept
// until its code is here (decision 0078).
const ReviewForm = lazySection(() => import("./review-form.tsx"));

/**
 * The product's reviews (spec: the product reviews container): the average and count, the list in
 * the chosen order with "verified buyer" marks, more on demand, and — for a member who received the
 * product — the form to write one. A new review shows at once, with the new average.
 */
export function ProductReviews({
  productId,
  initial,
  state: initialState,
}: {
  productId: number;
  initial: ReviewsPage;
  state: ReviewState;
}) {
  const intl = useIntl();
  const sortId = useId();
  const [summary, setSummary] = useState<RatingSummary>(initial.summary);
  const [items, setItems] = useState<ReviewItem[]>(initial.items);
  const [sort, setSort] = useState<ReviewSort>(initial.sort);
  const [page, setPage] = useState(initial.meta.page);
  const [pages, setPages] = useState(initial.meta.pages);
  const [state, setState] = useState<ReviewState>(initialState);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  const load = async (nextSort: ReviewSort, nextPage: number) => {
    setLoading(true);
    setFailed(false);
    try {
      const answer = await call("GET /api/products/:id/reviews/", {
        params: { id: productId },
        query: { sort: nextSort, page: nextPage },
      });
      setSummary(answer.summary);
      setItems((shown) => (nextPage === 1 ? answer.items : [...shown, ...answer.items]));
      setPage(answer.meta.page);
      setPages(answer.meta.pages);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  return (
    <section aria-labelledby="reviews" className="render-when-near mt-12" data-testid="reviews">
      <h2 id="reviews" className="mb-3 text-xl font-bold">
        <FormattedMessage id="reviews.title" />
      </h2>
      <div className="mb-4 flex flex-wrap items-center gap-3" data-testid="reviews-summary">
        {summary.average !== null ? (
          <>
            <Stars value={summary.average} size="size-5" />
            <p className="font-semibold">
              <FormattedMessage
                id="reviews.summary"
                values={{
                  average: intl.formatNumber(summary.average, {
                    minimumFractionDigits: 1,
                    maximumFractionDigits: 1,
                  }),
                  count: summary.count,
                }}
              />
            </p>
          </>
        ) : (
          <p>
            <FormattedMessage id="reviews.none" />
          </p>
        )}
      </div>

      <ReviewInvitation
        productId={productId}
        state={state}
        onWritten={(created) => {
          setSummary(created.summary);
          // The new review leads a newest-first list; in another order it is found where it belongs.
          if (sort === "newest") setItems((shown) => [created.review, ...shown]);
          else void load(sort, 1);
          setState("reviewed");
        }}
      />

      {summary.count > 1 && (
        <div className="mb-3 mt-6 flex items-center gap-2">
          <label htmlFor={sortId} className="text-sm font-semibold">
            <FormattedMessage id="reviews.sort" />
          </label>
          <select
            id={sortId}
            value={sort}
            onChange={(event) => {
              const next = event.target.value as ReviewSort;
              setSort(next);
              void load(next, 1);
            }}
            className="min-h-10 rounded border border-neutral-500 bg-white px-2 py-1 text-sm"
            data-testid="reviews-sort"
          >
            {REVIEW_SORTS.map((option) => (
              <option key={option} value={option}>
                {intl.formatMessage({ id: `reviews.sort.${option}` })}
              </option>
            ))}
          </select>
        </div>
      )}

      <ul
        className="mt-4 flex flex-col divide-y divide-neutral-200"
        aria-busy={loading}
        data-testid="review-list"
      >
        {items.map((item) => (
          <ReviewEntry key={item.id} review={item} />
        ))}
      </ul>
      {failed && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          <FormattedMessage id="reviews.loadFailed" />
        </p>
      )}
      {page < pages && (
        <button
          type="button"
          onClick={() => void load(sort, page + 1)}
          disabled={loading}
          className="mt-4 rounded-full border border-neutral-900 px-5 py-2 font-semibold disabled:opacity-60"
          data-testid="reviews-more"
        >
          <FormattedMessage id="reviews.more" />
        </button>
      )}
    </section>
  );
}

function ReviewEntry({ review }: { review: ReviewItem }) {
  const intl = useIntl();
  return (
    <li className="py-4" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <Stars value={review.rating} />
        <span className="font-semibold">
          {review.author || intl.formatMessage({ id: "reviews.anonymous" })}
        </span>
        <time dateTime={review.created_at} className="text-neutral-700">
          {intl.formatDate(review.created_at, { dateStyle: "medium" })}
        </time>
        {review.verified && (
          <span className="inline-flex items-center gap-1 text-pitch-900" data-testid="verified-buyer">
            <BadgeCheck aria-hidden="true" className="size-4" />
            <FormattedMessage id="reviews.verified" />
          </span>
        )}
      </div>
      <p lang={review.locale} className="mt-2 whitespace-pre-line break-words text-neutral-900">
        {review.text}
      </p>
    </li>
  );
}

/** What the visitor may do: log in, nothing yet (only receivers review), write, or it is done. */
function ReviewInvitation({
  productId,
  state,
  onWritten,
}: {
  productId: number;
  state: ReviewState;
  onWritten: (created: { review: ReviewItem; summary: RatingSummary }) => void;
}) {
  const location = useLocation();
  if (state === "log_in")
    return (
      <p className="text-sm">
        <Link
          to={`/account/login/?next=${encodeURIComponent(location.pathname)}`}
          className="font-semibold underline"
          data-testid="review-log-in"
        >
          <FormattedMessage id="reviews.logIn" />
        </Link>
      </p>
    );
  if (state === "not_received")
    return (
      <p className="text-sm text-neutral-800" data-testid="review-not-received">
        <FormattedMessage id="reviews.onlyReceivers" />
      </p>
    );
  if (state === "reviewed")
    return (
      <p role="status" className="rounded bg-pitch-50 p-3 text-sm" data-testid="review-thanks">
        <FormattedMessage id="reviews.thanks" />
      </p>
    );
  return <ReviewForm productId={productId} onWritten={onWritten} />;
}
