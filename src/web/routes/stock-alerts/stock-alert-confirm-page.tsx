import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { Link, useSearchParams } from "react-router";
import type { StockAlertSubject } from "#modules/product/stock-alerts.contract.ts";
import { shopContext } from "#server/request-context.ts";
import { MailLinkConfirmForm } from "#web/components/mail-link-confirm-form.tsx";
import { call } from "#web/lib/api.ts";
import type { Route } from "./+types/stock-alert-confirm-page.ts";
import { loadStockAlertConfirmPage } from "./stock-alert-confirm.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadStockAlertConfirmPage(context.get(shopContext), new URL(request.url));
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Pitchside" }, { name: "robots", content: "noindex" }];
}

type Shown =
  | { kind: "pending" | "confirmed" | "already"; subject: StockAlertSubject }
  | { kind: "expired"; subject: StockAlertSubject }
  | { kind: "unknown" };

const linkClass = "inline-flex min-h-11 items-center font-semibold text-pitch-700 underline";

/**
 * The link from the back-in-stock confirmation mail. Opening it confirms nothing (mail scanners
 * open links); the shopper confirms with the button, which posts the token under CSRF. The page
 * names the product and size, and says plainly when the link is unknown, expired or already used.
 */
export default function StockAlertConfirmPage({ loaderData }: Route.ComponentProps) {
  const { link } = loaderData;
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [shown, setShown] = useState<Shown>(() =>
    link.state === "unknown"
      ? { kind: "unknown" }
      : { kind: link.state === "confirmed" ? "already" : link.state, subject: link },
  );

  const confirm = async () => {
    const answer = await call("POST /api/products/notify_sold_out/confirm/", { json: { token } });
    setShown({ kind: answer.status === "confirmed" ? "confirmed" : "already", subject: answer });
  };
  const refused = (problem: string) => {
    if (problem === "notify.confirm.error.expired" && shown.kind !== "unknown")
      setShown({ kind: "expired", subject: shown.subject });
    else setShown({ kind: "unknown" });
    return true;
  };

  const values =
    shown.kind === "unknown"
      ? {}
      : {
          product: <strong key="product">{shown.subject.product.name}</strong>,
          size: <strong key="size">{shown.subject.size}</strong>,
        };

  return (
    <div className="mx-auto max-w-md px-4 py-10" data-testid="stock-alert-confirm">
      <h1 className="mb-6 text-3xl font-bold">
        <FormattedMessage id="notify.confirm.title" />
      </h1>
      {shown.kind === "pending" && (
        <MailLinkConfirmForm
          token={token}
          message={<FormattedMessage id="notify.confirm.pending" values={values} />}
          submitLabel={<FormattedMessage id="notify.confirm.submit" />}
          confirm={confirm}
          onRefused={refused}
        />
      )}
      {(shown.kind === "confirmed" || shown.kind === "already") && (
        <div role="status" className="space-y-3 rounded border border-green-700 bg-green-50 p-4">
          <p className="text-lg">
            <FormattedMessage
              id={shown.kind === "confirmed" ? "notify.confirm.done" : "notify.confirm.already"}
              values={values}
            />
          </p>
          {shown.subject.in_stock && (
            <p>
              <FormattedMessage id="notify.confirm.inStock" />
            </p>
          )}
        </div>
      )}
      {shown.kind === "expired" && (
        <p role="alert" className="text-lg">
          <FormattedMessage id="notify.confirm.error.expired" />
        </p>
      )}
      {shown.kind === "unknown" && (
        <p role="alert" className="text-lg">
          <FormattedMessage id="notify.confirm.error.unknown" />
        </p>
      )}
      <p className="mt-6">
        {shown.kind === "unknown" ? (
          <Link to="/" className={linkClass}>
            <FormattedMessage id="notify.confirm.continue" />
          </Link>
        ) : (
          <Link to={shown.subject.product.relative_url} className={linkClass}>
            <FormattedMessage id="notify.confirm.toProduct" />
          </Link>
        )}
      </p>
    </div>
  );
}
