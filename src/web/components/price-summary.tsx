import { FormattedMessage, useIntl } from "react-intl";
import { X } from "#web/ui/icons.tsx";

/** The totals a price summary shows, for a bag or an order (amounts in the currency's units). */
export interface SummaryTotals {
  cart_total_amount?: number | null;
  payment_total?: number | null;
  payment_total_vat?: number | null;
  payment_fee?: { amount: number } | null;
  currency?: string | null;
  delivery?: { unit_price: number; unit_rrp: number } | null;
  coupons?: { code: string; amount: number }[];
  giftcards?: { code: string; amount: number }[];
}

/** The totals an order gives (spec §3: vat_amount, total_order_amount, delivery_cost), with its lines. */
export interface OrderTotals {
  currency: string;
  total_order_amount: number;
  vat_amount: number;
  delivery_cost: number;
  payment_fee: { amount: number };
  coupons: { code: string; amount: number }[];
  giftcards: { code: string; amount: number }[];
  suppliers: { items: { total_net_price: number }[] }[];
}

/**
 * An order's totals as the price summary reads a bag's: the subtotal is the goods (every line with its
 * add-ons, as the bag's), delivery has no struck-through regular price (the order keeps what was
 * paid), and the total is what the payment method paid — the order's total less its gift cards, as
 * the bag shows it (decision 0035).
 */
export function orderSummaryTotals(order: OrderTotals): SummaryTotals {
  const cents = (amount: number) => Math.round(amount * 100) / 100;
  const goods = order.suppliers.flatMap((s) => s.items).reduce((sum, item) => sum + item.total_net_price, 0);
  const giftCards = order.giftcards.reduce((sum, card) => sum + card.amount, 0);
  return {
    cart_total_amount: cents(goods),
    payment_total: cents(order.total_order_amount - giftCards),
    payment_total_vat: order.vat_amount,
    payment_fee: order.payment_fee,
    currency: order.currency,
    delivery: { unit_price: order.delivery_cost, unit_rrp: order.delivery_cost },
    coupons: order.coupons,
    giftcards: order.giftcards,
  };
}

/**
 * The spec's validity rule: VAT, total, currency and language present, every coupon with a code and
 * every gift card with a code and an amount. Until then the summary is a skeleton.
 */
export function summaryComplete(
  totals: SummaryTotals | null | undefined,
  language: string | undefined,
): boolean {
  if (!totals || !language) return false;
  if (totals.payment_total_vat == null || totals.payment_total == null || !totals.currency) return false;
  if ((totals.coupons ?? []).some((coupon) => !coupon.code)) return false;
  return (totals.giftcards ?? []).every((card) => Boolean(card.code) && typeof card.amount === "number");
}

export function PriceSummary({
  totals,
  onRemoveCoupon,
  onRemoveGiftCard,
}: {
  totals: SummaryTotals | null;
  /** Absent on orders: there is nothing to remove once ordered. */
  onRemoveCoupon?: (code: string) => void;
  onRemoveGiftCard?: (code: string) => void;
}) {
  const intl = useIntl();
  if (!totals || !summaryComplete(totals, intl.locale))
    return (
      <div className="flex flex-col gap-2" aria-busy="true" data-testid="price-summary-skeleton">
        {[0, 1, 2, 3].map((row) => (
          <div key={row} className="h-5 animate-pulse rounded bg-neutral-200" />
        ))}
      </div>
    );
  const currency = totals.currency as string;
  const money = (amount: number) => intl.formatNumber(amount, { style: "currency", currency });
  const delivery = totals.delivery;
  return (
    <dl className="flex flex-col gap-2 text-sm" data-testid="price-summary">
      <Row label={<FormattedMessage id="summary.subtotal" />} value={money(totals.cart_total_amount ?? 0)} />
      {delivery && (
        <Row
          label={<FormattedMessage id="summary.delivery" />}
          value={
            <>
              {delivery.unit_rrp !== delivery.unit_price && (
                <s className="mr-2 text-neutral-700">
                  <span className="sr-only">{intl.formatMessage({ id: "summary.regularPrice" })}</span>
                  {money(delivery.unit_rrp)}
                </s>
              )}
              {delivery.unit_price === 0
                ? intl.formatMessage({ id: "summary.free" })
                : money(delivery.unit_price)}
            </>
          }
        />
      )}
      {(totals.coupons ?? []).map((coupon) => (
        <Row
          key={`coupon-${coupon.code}`}
          label={<FormattedMessage id="summary.voucher" values={{ code: coupon.code }} />}
          value={<Removable amount={money(-coupon.amount)} code={coupon.code} onRemove={onRemoveCoupon} />}
        />
      ))}
      {(totals.giftcards ?? []).map((card) => (
        <Row
          key={`giftcard-${card.code}`}
          label={<FormattedMessage id="summary.giftCard" values={{ code: card.code }} />}
          value={<Removable amount={money(-card.amount)} code={card.code} onRemove={onRemoveGiftCard} />}
        />
      ))}
      {(totals.payment_fee?.amount ?? 0) > 0 && (
        <Row
          label={<FormattedMessage id="summary.paymentFee" />}
          value={money(totals.payment_fee?.amount ?? 0)}
        />
      )}
      <div className="mt-2 flex justify-between border-t border-neutral-300 pt-2 text-base font-bold">
        <dt>
          <FormattedMessage id="summary.total" />
        </dt>
        <dd data-testid="summary-total">{money(totals.payment_total as number)}</dd>
      </div>
      <Row
        label={<FormattedMessage id="summary.vat" />}
        value={money(totals.payment_total_vat as number)}
        muted
      />
    </dl>
  );
}

function Row({ label, value, muted }: { label: React.ReactNode; value: React.ReactNode; muted?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${muted ? "text-neutral-700" : ""}`}>
      <dt>{label}</dt>
      <dd className="text-right">{value}</dd>
    </div>
  );
}

function Removable({
  amount,
  code,
  onRemove,
}: {
  amount: string;
  code: string;
  onRemove?: (code: string) => void;
}) {
  const intl = useIntl();
  return (
    <span className="inline-flex items-center gap-2">
      {amount}
      {onRemove && (
        <button
          type="button"
          onClick={() => onRemove(code)}
          aria-label={intl.formatMessage({ id: "summary.remove" }, { code })}
          className="rounded p-1"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </span>
  );
}
