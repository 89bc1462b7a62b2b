import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { FormattedMessage, useIntl } from "react-intl";
import type { z } from "zod";
import {
  type RatingSummary,
  REVIEW_TEXT_MAX,
  type ReviewItem,
  reviewInput,
} from "#modules/reviews/reviews.contract.ts";
import { ApiRequestError, call } from "#web/lib/api.ts";
import { applyServerErrors } from "#web/lib/server-errors.ts";
import { FormError } from "#web/ui/form-error.tsx";
import { Star } from "#web/ui/icons.tsx";
import { SubmitButton } from "#web/ui/submit-button.tsx";

// The form a member who received the product writes a review with: its code (the form library and
// the review's schema) loads only for that member, not with every product page (decision 0052).

type Input = z.input<typeof reviewInput>;
type Output = z.output<typeof reviewInput>;

export default function ReviewForm({
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
      // Sent by the browser itself only if the page's code never arrives: then as a POST, never with
      // what was typed in the page's address (decision 0078).
      method="post"
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
