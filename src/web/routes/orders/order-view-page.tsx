import { FormattedMessage } from "react-intl";
import { data, Link } from "react-router";
import { shopContext } from "#server/request-context.ts";
import { pageTitle } from "#web/routes/account/account.server.ts";
import { Search } from "#web/ui/icons.tsx";
import type { Route } from "./+types/order-view-page.ts";
import { OrderOutcome } from "./order-outcome.tsx";
import { loadGuestOrder, orderClock, statusOf } from "./orders.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const order = await loadGuestOrder(shop, new URL(request.url));
  return data(
    { title: pageTitle(shop, "meta.orderDetails.title"), order, ...orderClock(shop) },
    { status: statusOf(order) },
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData?.title ?? "Pitchside" },
    { name: "robots", content: "noindex" },
    // The address may carry the order's token: links from this page do not pass it on.
    { name: "referrer", content: "no-referrer" },
  ];
}

const lookUpAnother = (
  <Link to="/orders/lookup/" className="inline-flex min-h-6 items-center gap-1 font-semibold underline">
    <Search aria-hidden="true" className="size-4" />
    <FormattedMessage id="orders.lookup.another" />
  </Link>
);

/**
 * An order for whoever holds its confirmation mail's link, or looked it up: read-only (no invoice,
 * no returns — those need the account, decision 0035).
 */
export default function OrderViewPage({ loaderData }: Route.ComponentProps) {
  const { order, timeZone } = loaderData;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <OrderOutcome
        order={order}
        timeZone={timeZone}
        back={lookUpAnother}
        actions={() => (
          <section className="rounded border border-neutral-200 p-4 text-sm" data-testid="guest-order-note">
            <p>
              <FormattedMessage id="orders.guest.note" />
            </p>
            <p className="mt-3">{lookUpAnother}</p>
          </section>
        )}
      />
    </div>
  );
}
