import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { FormattedMessage, useIntl } from "react-intl";
import type { z } from "zod";
import type { StockEntry } from "#modules/product/product.contract.ts";
import { STOCK_ALERT_EMAIL_MAX, stockAlertInput } from "#modules/product/stock-alerts.contract.ts";
import { ApiRequestError, call } from "#web/lib/api.ts";
import { useSizeLabel } from "#web/lib/sizes.ts";
import { TextField } from "#web/ui/text-field.tsx";

type FormValues = z.input<typeof stockAlertInput>;

/**
 * "Tell me when it is back": e-mail and size required, newsletter optional; errors show once a field
 * has been left; the button waits while errors remain or a request is under way. The server's e-mail
 * error is shown on the field.
 */
export function BackInStockForm({
  productId,
  sizes,
  online,
}: {
  productId: number;
  sizes: StockEntry[];
  /** An offline product is sold out in every size, so every size may be waited for (decision 0088). */
  online: boolean;
}) {
  const intl = useIntl();
  const sizeLabel = useSizeLabel();
  const sizeId = useId();
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState(false);
  const waitableSizes = online ? sizes.filter((size) => size.stock_info <= 0) : sizes;
  const form = useForm<FormValues, unknown, z.output<typeof stockAlertInput>>({
    resolver: zodResolver(stockAlertInput),
    mode: "onTouched",
    defaultValues: {
      email: "",
      newsletter: false,
      product_id: productId,
      size_id: (waitableSizes.length === 1 ? waitableSizes[0]?.size_id : "") as number,
    },
  });
  const { register, formState, handleSubmit, setError } = form;
  const hasErrors = Object.keys(formState.errors).length > 0;

  if (done)
    return (
      <p role="status" className="rounded border border-green-700 bg-green-50 p-3 text-sm">
        <FormattedMessage id="notify.done" />
      </p>
    );

  return (
    <form
      // Sent by the browser itself only if the page's code never arrives: then as a POST, never with
      // what was typed in the page's address (decision 0078).
      method="post"
      noValidate
      data-testid="back-in-stock"
      className="flex flex-col gap-3 rounded border border-neutral-300 p-4"
      onSubmit={handleSubmit(async (values) => {
        setFailed(false);
        try {
          const size = sizes.find((s) => s.size_id === values.size_id);
          await call("POST /api/products/notify_sold_out/", {
            json: { ...values, sku_id: size?.sku_id, size_name: size?.name },
          });
          setDone(true);
        } catch (error) {
          const fields = error instanceof ApiRequestError ? error.body.fields : undefined;
          if (fields?.email?.[0]) setError("email", { message: fields.email[0] });
          else if (fields?.size_id?.[0]) setError("size_id", { message: fields.size_id[0] });
          else setFailed(true);
        }
      })}
    >
      <h2 className="font-semibold">
        <FormattedMessage id="notify.title" />
      </h2>
      <p className="text-sm text-neutral-700">
        <FormattedMessage id="notify.intro" />
      </p>
      <div className="flex flex-col gap-1">
        <label htmlFor={sizeId} className="text-sm font-semibold">
          <FormattedMessage id="notify.size" />
        </label>
        <select
          id={sizeId}
          aria-invalid={formState.errors.size_id ? true : undefined}
          aria-describedby={formState.errors.size_id ? `${sizeId}-error` : undefined}
          className="rounded border border-neutral-500 px-3 py-2"
          {...register("size_id")}
        >
          <option value="">{intl.formatMessage({ id: "notify.chooseSize" })}</option>
          {waitableSizes.map((size) => (
            <option key={size.size_id} value={size.size_id}>
              {sizeLabel(size.name)}
            </option>
          ))}
        </select>
        {formState.errors.size_id?.message && (
          <p id={`${sizeId}-error`} className="text-sm text-red-700">
            {intl.formatMessage({ id: formState.errors.size_id.message })}
          </p>
        )}
      </div>
      <TextField
        label={intl.formatMessage({ id: "notify.email" })}
        type="email"
        autoComplete="email"
        maxLength={STOCK_ALERT_EMAIL_MAX + 1}
        error={formState.errors.email?.message}
        {...register("email")}
      />
      <label className="flex min-h-6 items-center gap-2 text-sm">
        <input type="checkbox" {...register("newsletter")} />
        <FormattedMessage id="notify.newsletter" />
      </label>
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          <FormattedMessage id="form.error.generic" />
        </p>
      )}
      <button
        type="submit"
        disabled={hasErrors || formState.isSubmitting}
        className="rounded-full bg-neutral-900 px-5 py-3 font-semibold text-white disabled:opacity-50"
      >
        <FormattedMessage id="notify.submit" />
      </button>
    </form>
  );
}
