import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import type { OrderOutput } from "#modules/orders/orders.contract.ts";
import { orderSummaryTotals, PriceSummary } from "#web/components/price-summary.tsx";
import { supplierName } from "#web/lib/suppliers.ts";
import { ExternalLink, MapPin, Truck } from "#web/ui/icons.tsx";

type Shipment = OrderOutput["suppliers"][number];
type Line = Shipment["items"][number];

/** Statuses the shop's catalogues name; any other is shown as the API gives it (spec §4). */
const KNOWN_STATUSES = new Set([
  "received",
  "placed",
  "packed",
  "shipped",
  "delivered",
  "cancelled",
  "completed",
  "returned",
]);

/** An order's or a package's status in the shopper's language, or as given when it is not known. */
export function OrderStatus({ status }: { status: string }) {
  const intl = useIntl();
  const text = KNOWN_STATUSES.has(status) ? intl.formatMessage({ id: `orders.status.${status}` }) : status;
  const tone =
    status === "cancelled"
      ? "bg-red-50 text-red-800 ring-red-200"
      : status === "delivered" || status === "completed"
        ? "bg-green-50 text-green-800 ring-green-200"
        : "bg-neutral-100 text-neutral-800 ring-neutral-300";
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${tone}`}
      data-testid="order-status"
    >
      {text}
    </span>
  );
}

/** A date of the spec's unix seconds, on the market's clock. */
export function useOrderDate(timeZone: string) {
  const intl = useIntl();
  return (seconds: number) => intl.formatDate(seconds * 1000, { dateStyle: "long", timeZone });
}

/** Only web addresses become links: a carrier's tracking page. */
const trackingUrl = (value: string | null) => (value && /^https?:\/\//i.test(value) ? value : null);

/**
 * One order, read-only: its number and date, one section per package (who ships it, its status, how
 * it travels and where to, its tracking link, its lines with their parts and prints), and the price
 * summary beside them (below on a phone) with the page's `actions` under it.
 */
export function OrderDetails({
  order,
  timeZone,
  actions,
}: {
  order: OrderOutput;
  timeZone: string;
  actions?: ReactNode;
}) {
  const date = useOrderDate(timeZone);
  return (
    <div data-testid="order-details">
      <header className="mb-6 flex flex-col gap-1">
        <h1 className="text-2xl font-bold sm:text-3xl">
          <FormattedMessage id="orders.details.title" values={{ number: order.order_number }} />
        </h1>
        <p className="flex flex-wrap items-center gap-2 text-neutral-800">
          <FormattedMessage id="orders.details.placedOn" values={{ date: date(order.order_date) }} />
          <OrderStatus status={order.status} />
        </p>
      </header>
      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <div className="flex min-w-0 flex-col gap-6">
          {order.suppliers.map((shipment, index) => (
            <ShipmentSection
              // biome-ignore lint/suspicious/noArrayIndexKey: packages have no id of their own; their order is fixed
              key={index}
              shipment={shipment}
              order={order}
              index={index}
            />
          ))}
        </div>
        <aside className="flex flex-col gap-4 lg:self-start">
          <section
            aria-labelledby="order-summary-title"
            className="flex flex-col gap-3 rounded border border-neutral-200 p-4"
          >
            <h2 id="order-summary-title" className="text-lg font-bold">
              <FormattedMessage id="cart.summary" />
            </h2>
            <PriceSummary totals={orderSummaryTotals(order)} />
          </section>
          {actions}
        </aside>
      </div>
    </div>
  );
}

function ShipmentSection({
  shipment,
  order,
  index,
}: {
  shipment: Shipment;
  order: OrderOutput;
  index: number;
}) {
  const intl = useIntl();
  const money = (amount: number) =>
    intl.formatNumber(amount, { style: "currency", currency: order.currency });
  const headingId = `shipment-${index}`;
  const tracking = trackingUrl(shipment.track_and_trace);
  const pickup = shipment.pickup_address;
  const home = order.delivery_address;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded border border-neutral-200"
      data-testid="order-shipment"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-neutral-200 p-4">
        <h2 id={headingId} className="text-base font-bold">
          <FormattedMessage id="cart.shippedBy" values={{ supplier: supplierName(shipment.supplier) }} />
        </h2>
        <OrderStatus status={shipment.status} />
      </div>
      <dl className="grid gap-3 p-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="flex items-center gap-2 font-semibold">
            <Truck aria-hidden="true" className="size-4 shrink-0 text-neutral-700" />
            <FormattedMessage id="orders.details.deliveryMethod" />
          </dt>
          <dd className="pl-6">{shipment.delivery_method}</dd>
        </div>
        <div>
          <dt className="flex items-center gap-2 font-semibold">
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-neutral-700" />
            <FormattedMessage id={pickup ? "orders.details.pickupPoint" : "orders.details.deliveryAddress"} />
          </dt>
          <dd className="pl-6" data-testid="shipment-address">
            {pickup ? (
              <>
                {pickup.name}
                <br />
                {[pickup.street, pickup.street2].filter(Boolean).join(", ")}
                <br />
                {pickup.zip} {pickup.city}
              </>
            ) : (
              <>
                {home.name}
                <br />
                {[home.street_address, home.street_address2].filter(Boolean).join(", ")}
                <br />
                {home.postal_code} {home.city}
              </>
            )}
          </dd>
        </div>
        {tracking && (
          <div className="sm:col-span-2">
            <dt className="sr-only">
              <FormattedMessage id="orders.details.tracking" />
            </dt>
            <dd>
              <a
                href={tracking}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-6 items-center gap-1 font-semibold text-pitch-900 underline"
                data-testid="track-and-trace"
              >
                <FormattedMessage id="orders.details.trackParcel" />
                <ExternalLink aria-hidden="true" className="size-4" />
              </a>
            </dd>
          </div>
        )}
      </dl>
      <ul className="flex flex-col divide-y divide-neutral-200 border-t border-neutral-200">
        {shipment.items.map((line) => (
          <OrderLine key={line.line_id} line={line} money={money} />
        ))}
      </ul>
    </section>
  );
}

function OrderLine({ line, money }: { line: Line; money: (amount: number) => string }) {
  const discounted = line.total_recommended_retail_price > line.total_net_price;
  const parts = line.sublines.filter((sub) => sub.product_id !== null);
  const prints = line.sublines.filter((sub) => sub.product_id === null);
  return (
    <li className="flex gap-3 p-4 sm:gap-4" data-testid="order-line">
      <Link to={line.product_url} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <img
          src={line.product_image_url}
          alt=""
          width={80}
          height={80}
          loading="lazy"
          className="size-16 rounded bg-neutral-100 object-contain sm:size-20"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
        <Link to={line.product_url} className="font-semibold break-words hover:underline">
          {line.product}
        </Link>
        <p className="text-neutral-700">
          {line.size && (
            <>
              <FormattedMessage id="drawer.size" values={{ size: line.size }} />
              {" · "}
            </>
          )}
          <FormattedMessage id="orders.details.quantity" values={{ quantity: line.quantity }} />
        </p>
        {parts.length > 0 && (
          <ul className="flex flex-col gap-1">
            {parts.map((sub) => (
              <li
                key={`${sub.product}-${sub.product_id}`}
                className="flex items-center gap-2 text-neutral-700"
              >
                {sub.image_url && (
                  <img
                    src={sub.image_url}
                    alt=""
                    width={32}
                    height={32}
                    loading="lazy"
                    className="size-8 rounded bg-neutral-100 object-contain"
                  />
                )}
                {sub.product}
              </li>
            ))}
          </ul>
        )}
        {prints.length > 0 && (
          <ul className="text-neutral-700" data-testid="order-line-print">
            {prints.map((sub) => (
              <li key={sub.product}>
                {sub.product}
                {sub.total_sale_price > 0 && ` (+${money(sub.total_sale_price)})`}
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="shrink-0 text-right text-sm">
        <span className="block font-semibold">{money(line.total_net_price)}</span>
        {discounted && (
          <s className="block text-neutral-700">
            <span className="sr-only">
              <FormattedMessage id="summary.regularPrice" />
            </span>
            {money(line.total_recommended_retail_price)}
          </s>
        )}
      </p>
    </li>
  );
}

/**
 * What an order page shows while it has no order (spec §8: not found or a load failure keeps the
 * skeletons, with an error toast) — and a way back.
 */
export function OrderSkeleton({ back }: { back?: ReactNode }) {
  return (
    <div data-testid="order-skeleton">
      <div aria-busy="true" className="flex flex-col gap-6">
        <div className="h-8 w-56 animate-pulse rounded bg-neutral-200" />
        <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
          <div className="flex flex-col gap-3">
            {[0, 1, 2].map((row) => (
              <div key={row} className="h-24 animate-pulse rounded bg-neutral-200" />
            ))}
          </div>
          <div className="flex flex-col gap-2">
            {[0, 1, 2, 3].map((row) => (
              <div key={row} className="h-5 animate-pulse rounded bg-neutral-200" />
            ))}
          </div>
        </div>
      </div>
      {back && <div className="mt-6">{back}</div>}
    </div>
  );
}
