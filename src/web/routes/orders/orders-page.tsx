import { useEffect } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { data, Link } from "react-router";
import type { OrderOutput } from "#modules/orders/orders.contract.ts";
import { shopContext } from "#server/request-context.ts";
import { OrderStatus, useOrderDate } from "#web/components/order-details.tsx";
import { groupByYear, yearOf } from "#web/lib/order-dates.ts";
import { memberOrLogin, pageTitle } from "#web/routes/account/account.server.ts";
import { Accordion, AccordionItem } from "#web/ui/accordion.tsx";
import { ChevronRight, PackageOpen } from "#web/ui/icons.tsx";
import { useToast } from "#web/ui/toast.tsx";
import type { Route } from "./+types/orders-page.ts";
import { loadMemberOrders, orderClock, statusOf } from "./orders.server.ts";

/** Thumbnails a card shows at most (spec §9); more lines are "+N". */
export const CARD_THUMBNAILS = 3;

export async function loader({ context, request }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const user = memberOrLogin(shop, new URL(request.url));
  const orders = await loadMemberOrders(shop, user.id);
  return data(
    { title: pageTitle(shop, "meta.orders.title"), orders, ...orderClock(shop) },
    { status: statusOf(orders) },
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Pitchside" }, { name: "robots", content: "noindex" }];
}

/** The member's orders by year, the newest year open; each card opens the order. */
export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { orders, timeZone, now } = loaderData;
  const intl = useIntl();
  const toast = useToast();

  useEffect(() => {
    if (orders.state === "ok") return;
    toast({ title: intl.formatMessage({ id: "orders.loadFailed" }), variant: "destructive", flow: true });
  }, [orders.state, toast, intl]);

  const list = orders.value;
  const years = list ? groupByYear(list, (order) => order.order_date, timeZone) : [];
  const thisYear = yearOf(now, timeZone);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">
        <FormattedMessage id="orders.title" />
      </h1>
      {!list && (
        <div aria-busy="true" className="mt-8 flex flex-col gap-3" data-testid="orders-skeleton">
          {[0, 1, 2].map((row) => (
            <div key={row} className="h-28 animate-pulse rounded bg-neutral-200" />
          ))}
        </div>
      )}
      {list && list.length === 0 && (
        <div className="mt-8 flex flex-col items-start gap-4 rounded-md border border-neutral-300 p-6">
          <PackageOpen aria-hidden="true" className="size-8 text-neutral-700" />
          <p>
            <FormattedMessage id="orders.empty" />
          </p>
          <Link to="/search/?q=*" className="rounded-full bg-pitch-900 px-5 py-2 font-bold text-white">
            <FormattedMessage id="orders.shop" />
          </Link>
        </div>
      )}
      {years.length > 0 && (
        <Accordion
          type="multiple"
          defaultValue={[String(years[0]?.year)]}
          className="mt-6 flex flex-col gap-2"
        >
          {years.map(({ year, items }) => (
            <AccordionItem
              key={year}
              value={String(year)}
              density="roomy"
              className="border-b border-neutral-200"
              contentClassName="pb-4"
              title={
                <span className="flex flex-wrap items-center gap-2 text-xl">
                  {year}
                  {year === thisYear && (
                    <span className="rounded-full bg-pitch-900 px-2.5 py-0.5 text-xs font-semibold text-white">
                      <FormattedMessage id="orders.thisYear" />
                    </span>
                  )}
                  <span className="text-sm font-normal text-neutral-700">
                    <FormattedMessage id="orders.yearCount" values={{ count: items.length }} />
                  </span>
                </span>
              }
            >
              <ul className="flex flex-col gap-3">
                {items.map((order) => (
                  <li key={order.order_number}>
                    <OrderCard order={order} timeZone={timeZone} />
                  </li>
                ))}
              </ul>
            </AccordionItem>
          ))}
        </Accordion>
      )}
    </div>
  );
}

function OrderCard({ order, timeZone }: { order: OrderOutput; timeZone: string }) {
  const intl = useIntl();
  const date = useOrderDate(timeZone);
  const lines = order.suppliers.flatMap((shipment) => shipment.items);
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  const shown = lines.slice(0, CARD_THUMBNAILS);
  const more = lines.length - shown.length;
  return (
    <Link
      to={`/account/orders/details/?id=${order.order_number}`}
      className="group flex flex-col gap-3 rounded-md border border-neutral-300 p-4 hover:border-neutral-700 sm:flex-row sm:items-center"
      data-testid="order-card"
    >
      <div className="flex flex-1 flex-col gap-1">
        <span className="font-bold">
          <FormattedMessage id="orders.card.title" values={{ date: date(order.order_date) }} />
        </span>
        <span className="text-sm text-neutral-700">
          <FormattedMessage id="orders.card.summary" values={{ number: order.order_number, count }} />
        </span>
        <span className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-semibold">
            {intl.formatNumber(order.total_order_amount, { style: "currency", currency: order.currency })}
          </span>
          <OrderStatus status={order.status} />
        </span>
      </div>
      <div className="flex items-center gap-2">
        {shown.map((line) => (
          <img
            key={line.line_id}
            src={line.product_image_url}
            alt=""
            width={56}
            height={56}
            loading="lazy"
            className="size-14 rounded bg-neutral-100 object-contain"
          />
        ))}
        {more > 0 && (
          <span
            className="flex size-14 items-center justify-center rounded bg-neutral-100 text-sm font-semibold"
            data-testid="order-card-more"
          >
            <span aria-hidden="true">+{more}</span>
            <span className="sr-only">
              <FormattedMessage id="orders.card.more" values={{ count: more }} />
            </span>
          </span>
        )}
        <ChevronRight
          aria-hidden="true"
          className="ml-auto size-5 text-neutral-700 group-hover:translate-x-0.5"
        />
      </div>
    </Link>
  );
}
