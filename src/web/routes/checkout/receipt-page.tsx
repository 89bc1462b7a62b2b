import { useEffect } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import { dayRange } from "#kernel/day-range.ts";
import { shopContext } from "#server/request-context.ts";
import { useConsent } from "#web/consent/consent-context.tsx";
import { useSizeLabel } from "#web/lib/sizes.ts";
import { supplierName } from "#web/lib/suppliers.ts";
import { trackPurchaseOnce } from "#web/lib/tracking.ts";
import { CircleCheck } from "#web/ui/icons.tsx";
import type { Route } from "./+types/receipt-page.ts";
import { loadReceipt } from "./checkout.server.ts";
import { GuestSignUp } from "./guest-sign-up.tsx";

export async function loader({ context, url }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const token = url.searchParams.get("token");
  return { receipt: await loadReceipt(shop, token), loggedIn: shop.user !== null };
}

type Receipt = Route.ComponentProps["loaderData"]["receipt"];
type Shipment = NonNullable<Receipt["main_supplier"]>;

function ShipmentInfo({ shipment }: { shipment: Shipment }) {
  const intl = useIntl();
  return (
    <div>
      <dt className="font-semibold">
        <FormattedMessage
          id="checkout.review.shipping"
          values={{ supplier: supplierName(shipment.supplier_name) }}
        />
      </dt>
      <dd>
        {shipment.delivery_method} –{" "}
        <FormattedMessage
          id="checkout.delivery.time"
          values={dayRange(intl.locale, shipment.delivery_time.min_days, shipment.delivery_time.max_days)}
        />
        {shipment.droppoint && (
          <>
            <br />
            {shipment.droppoint.name}, {shipment.droppoint.street}, {shipment.droppoint.zip}{" "}
            {shipment.droppoint.city}
          </>
        )}
      </dd>
    </div>
  );
}

export default function ReceiptPage({ loaderData }: Route.ComponentProps) {
  const { receipt, loggedIn } = loaderData;
  const intl = useIntl();
  const sizeLabel = useSizeLabel();
  const { statistics: statisticsConsent } = useConsent();
  const money = (amount: number) =>
    intl.formatNumber(amount, { style: "currency", currency: receipt.currency });

  // Once per order, also across reloads of the page; again when consent is given on the receipt.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the consent's change is the reason to try again
  useEffect(() => {
    trackPurchaseOnce(receipt, window.sessionStorage);
  }, [receipt, statisticsConsent]);

  const address = (a: Receipt["billing_address"]) =>
    a ? (
      <>
        {a.name}
        <br />
        {a.full_address_line}
      </>
    ) : null;

  return (
    <div className="mx-auto max-w-2xl space-y-6 py-6">
      <div className="text-center">
        <CircleCheck aria-hidden="true" className="mx-auto mb-2 size-12 text-pitch-700" />
        <h1 className="text-2xl font-bold">
          <FormattedMessage id="receipt.title" />
        </h1>
        <p className="mt-2" data-testid="order-number">
          <FormattedMessage id="receipt.number" values={{ number: receipt.order_number }} />
        </p>
        <p className="mt-2 text-neutral-800">
          <FormattedMessage id="receipt.mailNotice" values={{ email: receipt.customer_info.email }} />
        </p>
      </div>
      <section aria-labelledby="items-heading" className="rounded border border-neutral-200 p-4">
        <h2 id="items-heading" className="mb-3 text-lg font-semibold">
          <FormattedMessage id="receipt.items" />
        </h2>
        <ul className="divide-y divide-neutral-200" data-testid="receipt-items">
          {receipt.lines.map((line) => (
            <li key={line.line_id} className="flex gap-3 py-3 text-sm" data-testid="receipt-item">
              <img
                src={line.image_url}
                alt=""
                width={64}
                height={64}
                className="size-16 shrink-0 rounded bg-neutral-100 object-contain"
              />
              <div className="min-w-0 flex-1">
                <Link to={line.url} className="font-semibold hover:underline">
                  {line.name}
                </Link>
                {line.size && (
                  <p>
                    <FormattedMessage id="checkout.summary.size" values={{ size: sizeLabel(line.size) }} />
                  </p>
                )}
                <p>
                  <FormattedMessage id="checkout.summary.quantity" values={{ quantity: line.quantity }} />
                </p>
                {line.sublines.map((sub) => (
                  <p key={sub} className="text-neutral-700">
                    {sub}
                  </p>
                ))}
              </div>
              <p className="shrink-0 text-right font-semibold">{money(line.line_total)}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-2 space-y-1 border-t border-neutral-200 pt-3 text-sm">
          <TotalRow label={<FormattedMessage id="receipt.goods" />} value={money(receipt.totals.goods)} />
          <TotalRow
            label={<FormattedMessage id="receipt.delivery" />}
            value={money(receipt.totals.delivery)}
          />
          {receipt.totals.payment_fee > 0 && (
            <TotalRow
              label={<FormattedMessage id="receipt.fee" />}
              value={money(receipt.totals.payment_fee)}
            />
          )}
          <TotalRow
            label={<FormattedMessage id="receipt.paid" />}
            value={<span data-testid="receipt-total">{money(receipt.totals.total)}</span>}
            strong
          />
          <TotalRow label={<FormattedMessage id="receipt.vat" />} value={money(receipt.totals.vat)} muted />
        </dl>
        <div className="mt-3 border-t border-neutral-200 pt-3 text-sm" data-testid="receipt-payment">
          <h3 className="font-semibold">
            <FormattedMessage id="receipt.payment" />
          </h3>
          {receipt.totals.gift_cards > 0 && (
            <p>
              <FormattedMessage
                id="receipt.payment.giftCards"
                values={{ amount: money(receipt.totals.gift_cards) }}
              />
            </p>
          )}
          {receipt.payment_method !== "giftcard" && (
            <p>
              <FormattedMessage
                id="receipt.payment.method"
                values={{ method: receipt.payment_method, amount: money(receipt.totals.amount_due) }}
              />
            </p>
          )}
        </div>
      </section>
      {receipt.guest && !loggedIn && (
        <GuestSignUp
          email={receipt.customer_info.email}
          name={receipt.billing_address?.name ?? receipt.delivery_address?.name ?? ""}
        />
      )}
      <section aria-labelledby="details-heading" className="rounded border border-neutral-200 p-4">
        <h2 id="details-heading" className="mb-3 text-lg font-semibold">
          <FormattedMessage id="receipt.details" />
        </h2>
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-semibold">
              <FormattedMessage id="checkout.review.billing" />
            </dt>
            <dd>{address(receipt.billing_address)}</dd>
          </div>
          <div>
            <dt className="font-semibold">
              <FormattedMessage id="checkout.review.delivery" />
            </dt>
            <dd>{address(receipt.delivery_address)}</dd>
          </div>
          <div>
            <dt className="font-semibold">
              <FormattedMessage id="checkout.review.email" />
            </dt>
            <dd>{receipt.customer_info.email}</dd>
          </div>
          <div>
            <dt className="font-semibold">
              <FormattedMessage id="checkout.review.phone" />
            </dt>
            <dd>{receipt.customer_info.phone}</dd>
          </div>
          {receipt.main_supplier && <ShipmentInfo shipment={receipt.main_supplier} />}
          {receipt.additional_suppliers.map((shipment) => (
            <ShipmentInfo key={shipment.supplier_name} shipment={shipment} />
          ))}
        </dl>
      </section>
      {receipt.google_surveyoptin && (
        <section className="rounded border border-neutral-200 p-4 text-sm" data-testid="survey-optin">
          <h2 className="font-semibold">
            <FormattedMessage id="receipt.survey.title" />
          </h2>
          <p>
            <FormattedMessage
              id="receipt.survey.text"
              values={{ date: receipt.google_surveyoptin.estimated_delivery_date }}
            />
          </p>
        </section>
      )}
      <p className="text-center">
        <Link to="/" className="inline-block rounded-full bg-pitch-900 px-5 py-3 font-bold text-white">
          <FormattedMessage id="receipt.continue" />
        </Link>
      </p>
    </div>
  );
}

function TotalRow({
  label,
  value,
  strong = false,
  muted = false,
}: {
  label: React.ReactNode;
  value: React.ReactNode;
  strong?: boolean;
  muted?: boolean;
}) {
  return (
    <div
      className={`flex justify-between gap-4 ${strong ? "text-base font-bold" : ""} ${muted ? "text-neutral-700" : ""}`}
    >
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
