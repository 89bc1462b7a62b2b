import { zodResolver } from "@hookform/resolvers/zod";
import { BadgeCheck, Star } from "lucide-react";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useLocation } from "react-router";
import type { z } from "zod";
import {
  type RatingSummary,
  REVIEW_SORTS,
  REVIEW_TEXT_MAX,
  type ReviewItem,
  type ReviewSort,
  type ReviewState,
  type ReviewsPage,
  reviewInput,
} from "#modules/reviews/reviews.contract.ts";
import { ApiRequestError, call } from "#web/lib/api.ts";
import { applyServerErrors } from "#web/lib/server-errors.ts";
import { FormError } from "#web/ui/form-error.tsx";
import { SubmitButton } from "#web/ui/submit-button.tsx";

/** Five stars, `value` of them filled (halves rounded), read out as "4.3 of 5 stars". */
export function Stars({ value, size = "size-4" }: { value: number; size?: string }) {
  const intl = useIntl();
  const filled = Math.round(value);
  return (
    <span
      role="img"
      aria-label={intl.formatMessage({ id: "reviews.stars" }, { value: intl.formatNumber(value) })}
      className="inline-flex text-amber-600"
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden="true" className={size} fill={n <= filled ? "currentColor" : "none"} />
      ))}
    </span>
  );
}

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
    <section aria-labelledby="reviews" className="mt-12" data-testid="reviews">
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

type Input = z.input<typeof reviewInput>;
type Output = z.output<typeof reviewInput>;

function ReviewForm({
  productId,
  onWritten,
}: {
  productId: number;
  onWritten: (created: { review: ReviewItem; summary: RatingSummary }) => void;
}) {
  const intl = useIntl();
  const textId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(reviewInput),
    mode: "onSubmit",
    defaultValues: { text: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const length = (form.watch("text") ?? "").trim().length;
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      onWritten(await call("POST /api/products/:id/reviews/", { params: { id: productId }, json: values }));
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) setFormError("reviews.error.already");
      else if (error instanceof ApiRequestError && error.status === 403)
        setFormError("reviews.error.notReceived");
      else setFormError(applyServerErrors(error, form.setError, ["rating", "text"]));
    }
  });
  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex max-w-xl flex-col gap-4 rounded border border-neutral-300 p-4"
      data-testid="review-form"
    >
      <h3 className="font-semibold">
        <FormattedMessage id="reviews.write" />
      </h3>
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => (
          <fieldset
            aria-invalid={errors.rating ? true : undefined}
            aria-describedby={errors.rating ? `${textId}-rating-error` : undefined}
          >
            <legend className="mb-1 text-sm font-semibold">
              <FormattedMessage id="reviews.rating" />
            </legend>
            <div className="flex gap-1">
              {[1, 2, 3, 4, 5].map((stars) => (
                <label
                  key={stars}
                  className="relative flex size-11 items-center justify-center rounded-full text-amber-600 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-pitch-700"
                >
                  <input
                    type="radio"
                    name={field.name}
                    value={stars}
                    checked={field.value === stars}
                    onChange={() => field.onChange(stars)}
                    onBlur={field.onBlur}
                    ref={stars === 1 ? field.ref : undefined}
                    className="absolute inset-0 size-full cursor-pointer appearance-none rounded-full"
                  />
                  <Star
                    aria-hidden="true"
                    className="pointer-events-none size-7"
                    fill={field.value !== undefined && stars <= Number(field.value) ? "currentColor" : "none"}
                  />
                  <span className="sr-only">
                    {intl.formatMessage({ id: "reviews.stars" }, { value: stars })}
                  </span>
                </label>
              ))}
            </div>
            {errors.rating?.message && (
              <p id={`${textId}-rating-error`} className="text-sm text-red-700">
                {intl.formatMessage({ id: errors.rating.message, defaultMessage: errors.rating.message })}
              </p>
            )}
          </fieldset>
        )}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={textId} className="text-sm font-semibold">
          <FormattedMessage id="reviews.text" />
        </label>
        <textarea
          id={textId}
          rows={5}
          maxLength={REVIEW_TEXT_MAX}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={`${textId}-count${errors.text ? ` ${textId}-error` : ""}`}
          className={`rounded border px-3 py-2 ${errors.text ? "border-red-700" : "border-neutral-500"}`}
          {...form.register("text")}
        />
        <p id={`${textId}-count`} className="text-xs text-neutral-700">
          <FormattedMessage id="reviews.count" values={{ count: length, max: REVIEW_TEXT_MAX }} />
        </p>
        {errors.text?.message && (
          <p id={`${textId}-error`} className="text-sm text-red-700">
            {intl.formatMessage({ id: errors.text.message, defaultMessage: errors.text.message })}
          </p>
        )}
      </div>
      <FormError id={formError} />
      <div className="max-w-xs">
        <SubmitButton busy={isSubmitting}>
          <FormattedMessage id="reviews.submit" />
        </SubmitButton>
      </div>
    </form>
  );
}
