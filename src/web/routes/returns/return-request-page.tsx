import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import type { z } from "zod";
import {
  RETURN_REASONS,
  type ReturnableOutput,
  type ReturnOutput,
  returnForm,
} from "#modules/orders/returns.contract.ts";
import { shopContext } from "#server/request-context.ts";
import { orderDetailsPath } from "#web/components/return-items-link.tsx";
import { ApiRequestError, call } from "#web/lib/api.ts";
import { FormError } from "#web/ui/form-error.tsx";
import { CheckCircle2, Download, PackageOpen } from "#web/ui/icons.tsx";
import { SubmitButton } from "#web/ui/submit-button.tsx";
import { useToast } from "#web/ui/toast.tsx";
import { memberOrLogin, pageTitle } from "../account/account.server.ts";
import type { Route } from "./+types/return-request-page.ts";
import { returnableOf } from "./returns.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const url = new URL(request.url);
  const user = memberOrLogin(shop, url);
  const orderNumber = url.searchParams.get("id") ?? "";
  return {
    title: pageTitle(shop, "meta.returns.title"),
    orderNumber,
    ...(await returnableOf(shop, user.id, orderNumber)),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Pitchside" }, { name: "robots", content: "noindex" }];
}

/**
 * Returns of one order (`/account/orders/returns/new/?id={order_number}`): the member picks how many
 * of each line of a delivered package go back and why, and gets the return number and the slip to
 * print (also mailed). Unknown or another member's order, or a load failure: an error toast.
 */
export default function ReturnRequestPage({ loaderData }: Route.ComponentProps) {
  const { returnable, failure } = loaderData;
  const intl = useIntl();
  const toast = useToast();
  const [created, setCreated] = useState<ReturnOutput | null>(null);

  useEffect(() => {
    if (!failure) return;
    toast({
      title: intl.formatMessage({ id: failure === "not_found" ? "returns.notFound" : "returns.loadFailed" }),
      variant: "destructive",
      flow: true,
    });
  }, [failure, toast, intl]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">
        <FormattedMessage id="returns.title" />
      </h1>
      {returnable && (
        <p className="mt-1 text-neutral-700">
          <FormattedMessage id="returns.order" values={{ number: returnable.order_number }} />
        </p>
      )}
      {created ? (
        <ReturnCreated created={created} orderNumber={returnable?.order_number ?? ""} />
      ) : (
        returnable && <ReturnChoice returnable={returnable} onCreated={setCreated} />
      )}
      {returnable && returnable.returns.length > 0 && !created && (
        <ReturnList returns={returnable.returns} currency={returnable.currency} />
      )}
      {returnable && (
        <p className="mt-8">
          <Link to={orderDetailsPath(returnable.order_number)} className="font-semibold underline">
            <FormattedMessage id="returns.backToOrder" />
          </Link>
        </p>
      )}
    </div>
  );
}

/** 0, 1, … up to `most`: the quantities a line offers. */
const quantitiesUpTo = (most: number) => [...Array(most + 1).keys()];

type FormInput = z.input<typeof returnForm>;
type FormOutput = z.output<typeof returnForm>;

function ReturnChoice({
  returnable,
  onCreated,
}: {
  returnable: ReturnableOutput;
  onCreated: (created: ReturnOutput) => void;
}) {
  const intl = useIntl();
  const toast = useToast();
  const lines = returnable.lines.filter((line) => line.returnable > 0);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(returnForm),
    defaultValues: { lines: lines.map((line) => ({ line_id: line.line_id, quantity: 0, reason: "" })) },
  });
  if (returnable.state !== "open")
    return (
      <p className="mt-8 flex items-start gap-3 rounded-md border border-neutral-300 p-4">
        <PackageOpen aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <FormattedMessage id={`returns.state.${returnable.state}`} />
      </p>
    );
  const money = (amount: number) =>
    intl.formatNumber(amount, { style: "currency", currency: returnable.currency });
  const send = async (values: FormOutput) => {
    try {
      const answer = await call("POST /v1.1/orders/:order_number/returns/", {
        params: { order_number: returnable.order_number },
        json: values,
      });
      onCreated(answer.return);
    } catch (error) {
      const message = error instanceof ApiRequestError ? error.body.message : "";
      toast({
        title: intl.formatMessage({ id: message.startsWith("returns.error.") ? message : "returns.failed" }),
        variant: "destructive",
        flow: true,
      });
    }
  };
  const errors = form.formState.errors.lines;
  return (
    <form noValidate onSubmit={form.handleSubmit(send)} className="mt-6 flex flex-col gap-4">
      {returnable.returnable_until !== null && (
        <p className="text-sm text-neutral-700">
          <FormattedMessage
            id="returns.window"
            values={{ date: intl.formatDate(returnable.returnable_until * 1000, { dateStyle: "long" }) }}
          />
        </p>
      )}
      <ul className="flex flex-col gap-4">
        {lines.map((line, index) => {
          const quantityId = `return-quantity-${line.line_id}`;
          const reasonId = `return-reason-${line.line_id}`;
          const reasonError = errors?.[index]?.reason?.message;
          return (
            <li key={line.line_id} className="flex gap-3 rounded-md border border-neutral-300 p-3">
              <img
                src={line.image_url}
                alt=""
                width={80}
                height={80}
                className="size-20 shrink-0 rounded bg-neutral-100 object-contain"
              />
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <div>
                  <p className="text-sm font-semibold text-neutral-700">{line.brand}</p>
                  <h2 className="font-medium">{line.product}</h2>
                  <p className="text-sm text-neutral-700">
                    {line.size && (
                      <>
                        <FormattedMessage id="returns.size" values={{ size: line.size }} />
                        {" · "}
                      </>
                    )}
                    <FormattedMessage
                      id="returns.bought"
                      values={{ count: line.bought, price: money(line.unit_price) }}
                    />
                  </p>
                </div>
                <div className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-3">
                  <label htmlFor={quantityId} className="flex flex-col text-sm font-medium">
                    <FormattedMessage id="returns.quantity" />
                    <select
                      id={quantityId}
                      className="mt-1 min-h-11 w-full rounded border border-neutral-500 bg-white px-2"
                      {...form.register(`lines.${index}.quantity`)}
                    >
                      {quantitiesUpTo(line.returnable).map((quantity) => (
                        <option key={quantity} value={quantity}>
                          {quantity}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label htmlFor={reasonId} className="flex min-w-0 flex-col text-sm font-medium">
                    <FormattedMessage id="returns.reason" />
                    <select
                      id={reasonId}
                      aria-invalid={reasonError ? true : undefined}
                      aria-describedby={reasonError ? `${reasonId}-error` : undefined}
                      className="mt-1 min-h-11 w-full rounded border border-neutral-500 bg-white px-2"
                      {...form.register(`lines.${index}.reason`)}
                    >
                      <option value="">{intl.formatMessage({ id: "returns.reason.choose" })}</option>
                      {RETURN_REASONS.map((reason) => (
                        <option key={reason} value={reason}>
                          {intl.formatMessage({ id: `returns.reason.${reason}` })}
                        </option>
                      ))}
                    </select>
                    {reasonError && (
                      <span id={`${reasonId}-error`} className="mt-1 text-red-700">
                        <FormattedMessage id={reasonError} />
                      </span>
                    )}
                  </label>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <FormError id={errors?.root?.message ?? errors?.message} />
      <p className="text-sm text-neutral-700">
        <FormattedMessage id="returns.note" />
      </p>
      <div className="sm:max-w-xs">
        <SubmitButton busy={form.formState.isSubmitting}>
          <FormattedMessage id="returns.submit" />
        </SubmitButton>
      </div>
    </form>
  );
}

function ReturnCreated({ created, orderNumber }: { created: ReturnOutput; orderNumber: string }) {
  return (
    <section role="status" className="mt-8 rounded-md border border-pitch-900 bg-green-50 p-5">
      <h2 className="flex items-center gap-2 text-xl font-bold">
        <CheckCircle2 aria-hidden="true" className="size-6" />
        <FormattedMessage id="returns.created.title" />
      </h2>
      <p className="mt-2">
        <FormattedMessage
          id="returns.created.number"
          values={{ number: <strong key="n">{created.return_number}</strong>, order: orderNumber }}
        />
      </p>
      <p className="mt-2">
        <FormattedMessage id="returns.created.next" />
      </p>
      <a
        href={created.slip_url}
        download
        className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-full bg-pitch-900 px-5 font-bold text-white"
      >
        <Download aria-hidden="true" className="size-5" />
        <FormattedMessage id="returns.slip" />
      </a>
    </section>
  );
}

function ReturnList({ returns, currency }: { returns: ReturnOutput[]; currency: string }) {
  const intl = useIntl();
  return (
    <section className="mt-10">
      <h2 className="text-xl font-bold">
        <FormattedMessage id="returns.list.title" />
      </h2>
      <ul className="mt-3 flex flex-col gap-3">
        {returns.map((item) => (
          <li key={item.id} className="rounded-md border border-neutral-300 p-3">
            <p className="font-semibold">
              {item.return_number} · <FormattedMessage id={`returns.status.${item.status}`} /> ·{" "}
              {intl.formatDate(item.created_at * 1000, { dateStyle: "medium" })}
            </p>
            <ul className="mt-1 text-sm text-neutral-700">
              {item.lines.map((line) => (
                <li key={line.line_id}>
                  {line.quantity} × {line.product}
                  {line.size ? ` (${line.size})` : ""} –{" "}
                  {intl.formatMessage({ id: `returns.reason.${line.reason}` })}
                </li>
              ))}
            </ul>
            {item.refund_amount !== null && (
              <p className="mt-1 text-sm">
                <FormattedMessage
                  id="returns.refunded"
                  values={{ amount: intl.formatNumber(item.refund_amount, { style: "currency", currency }) }}
                />
              </p>
            )}
            <a
              href={item.slip_url}
              download
              className="mt-2 inline-flex min-h-6 items-center gap-1 text-sm underline"
            >
              <Download aria-hidden="true" className="size-4" />
              <FormattedMessage id="returns.slipOf" values={{ number: item.return_number }} />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
