import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { data, Link } from "react-router";
import type { OrderOutput } from "#modules/orders/orders.contract.ts";
import { shopContext } from "#server/request-context.ts";
import { call } from "#web/lib/api.ts";
import { memberOrLogin, pageTitle } from "#web/routes/account/account.server.ts";
import { ArrowLeft, FileDown, Undo2 } from "#web/ui/icons.tsx";
import { useToast } from "#web/ui/toast.tsx";
import type { Route } from "./+types/order-details-page.ts";
import { OrderOutcome } from "./order-outcome.tsx";
import { loadMemberOrder, orderClock, statusOf } from "./orders.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const url = new URL(request.url);
  const user = memberOrLogin(shop, url);
  const order = await loadMemberOrder(shop, user.id, url);
  return data(
    { title: pageTitle(shop, "meta.orderDetails.title"), order, ...orderClock(shop) },
    { status: statusOf(order) },
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Pitchside" }, { name: "robots", content: "noindex" }];
}

const backToOrders = (
  <Link to="/account/orders/" className="inline-flex min-h-6 items-center gap-1 font-semibold underline">
    <ArrowLeft aria-hidden="true" className="size-4" />
    <FormattedMessage id="orders.backToList" />
  </Link>
);

/** One of the member's orders, with the invoice and the returns form beside it. */
export default function OrderDetailsPage({ loaderData }: Route.ComponentProps) {
  const { order, timeZone } = loaderData;
  const intl = useIntl();

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <nav className="mb-4 text-sm" aria-label={intl.formatMessage({ id: "orders.breadcrumb" })}>
        {backToOrders}
      </nav>
      <OrderOutcome order={order} timeZone={timeZone} actions={(value) => <MemberActions order={value} />} />
    </div>
  );
}

/** The invoice's address when it is one the browser may open (a web address), else null. */
function webAddress(value: string): string | null {
  try {
    const url = new URL(value, window.location.origin);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

function MemberActions({ order }: { order: OrderOutput }) {
  const intl = useIntl();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const returnable = order.suppliers.some((shipment) => shipment.returns_url);

  const downloadInvoice = async () => {
    setBusy(true);
    try {
      const answer = await call("GET /checkout/invoice_download/:order_number/", {
        params: { order_number: order.order_number },
      });
      const address = webAddress(answer.invoice);
      if (!answer.success || !address) throw new Error("no invoice");
      window.location.assign(address);
    } catch {
      toast({
        title: intl.formatMessage({ id: "orders.invoiceFailed" }),
        variant: "destructive",
        flow: true,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="order-actions-title"
      className="flex flex-col gap-3 rounded border border-neutral-200 p-4"
    >
      <h2 id="order-actions-title" className="text-lg font-bold">
        <FormattedMessage id="orders.actions.title" />
      </h2>
      <button
        type="button"
        onClick={downloadInvoice}
        disabled={busy}
        aria-busy={busy || undefined}
        className="inline-flex items-center justify-center gap-2 rounded-full bg-pitch-900 px-4 py-3 font-bold text-white disabled:opacity-60"
        data-testid="download-invoice"
      >
        <FileDown aria-hidden="true" className="size-5" />
        <FormattedMessage id="orders.actions.invoice" />
      </button>
      {returnable && (
        <Link
          to={`/account/orders/returns/new/?id=${order.order_number}`}
          className="inline-flex items-center justify-center gap-2 rounded-full border border-neutral-900 px-4 py-3 font-semibold"
          data-testid="return-items"
        >
          <Undo2 aria-hidden="true" className="size-5" />
          <FormattedMessage id="orders.actions.return" />
        </Link>
      )}
    </section>
  );
}
