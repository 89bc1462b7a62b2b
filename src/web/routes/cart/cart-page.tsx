import { useEffect, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useRevalidator, useSearchParams } from "react-router";
import type { CartOutput } from "#modules/cart/cart.contract.ts";
import { modelName } from "#modules/catalog/product-name.ts";
import { shopContext } from "#server/request-context.ts";
import { FavouriteToggle } from "#web/components/favourite-toggle.tsx";
import { PriceSummary } from "#web/components/price-summary.tsx";
import { ProductSlider } from "#web/components/product-slider.tsx";
import { ApiRequestError, call } from "#web/lib/api.ts";
import { groupBySupplier, supplierName } from "#web/lib/suppliers.ts";
import { linesEcommerce, track } from "#web/lib/tracking.ts";
import { useSecondary } from "#web/lib/use-secondary.ts";
import { ChevronDown, Trash2, TriangleAlert } from "#web/ui/icons.tsx";
import { useToast } from "#web/ui/toast.tsx";
import type { Route } from "./+types/cart-page.ts";
import { BulkRemove } from "./bulk-remove.tsx";
import { loadCart, loadCartNotices } from "./cart.server.ts";
import { CheckoutOffers } from "./checkout-offers.tsx";
import { LinePrint } from "./line-print-dialog.tsx";
import { QuantityField } from "./quantity-field.tsx";
import { ShareBag } from "./share-bag.tsx";
import { VoucherForm } from "./voucher-form.tsx";

type Line = CartOutput["lines"][number];

export async function loader({ context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const [cart, notices] = await Promise.all([loadCart(shop), loadCartNotices(shop)]);
  return { cart, notices };
}

export function meta() {
  return [{ title: "Pitchside" }, { name: "robots", content: "noindex" }];
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { cart, notices } = loaderData;
  const intl = useIntl();
  const toast = useToast();
  const revalidator = useRevalidator();
  const removePayment = async (remove: () => Promise<unknown>) => {
    try {
      await remove();
    } catch {
      toast({
        title: intl.formatMessage({ id: "voucher.removeFailed" }),
        variant: "destructive",
        flow: true,
      });
    }
    revalidator.revalidate();
  };
  const money = (amount: number) => intl.formatNumber(amount, { style: "currency", currency: cart.currency });
  const ecommerce = (lines: Line[]) => linesEcommerce(cart.currency, lines);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per visit of the page, not per change of the bag
  useEffect(() => {
    track({ event: "view_cart", ecommerce: ecommerce(cart.lines) });
  }, []);

  if (cart.lines.length === 0)
    return (
      <div className="mx-auto max-w-3xl px-4 py-12 text-center">
        <h1 className="mb-4 text-2xl font-bold">
          <FormattedMessage id="cart.title" />
        </h1>
        <CheckoutProblem />
        <RestoreNotice />
        <p className="mb-6">
          <FormattedMessage id="cart.empty" />
        </p>
        <Link to="/search/?q=*" className="rounded-full bg-neutral-900 px-5 py-3 font-semibold text-white">
          <FormattedMessage id="cart.continue" />
        </Link>
      </div>
    );

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold">
        <FormattedMessage id="cart.title" />
      </h1>
      <CheckoutProblem />
      <RestoreNotice />
      {notices.map((html) => (
        <div
          key={html}
          className="mb-3 rounded border border-neutral-200 bg-neutral-50 p-3 text-sm"
          data-testid="cart-notice"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: page content, sanitised when stored
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ))}
      <FreeDeliveryNotice left={cart.left_for_free_delivery} limit={cart.free_delivery_limit} money={money} />
      <div className="mb-4 flex gap-2 md:hidden">
        <Link
          to="/"
          className="flex-1 rounded-full border border-neutral-900 px-4 py-2 text-center font-semibold"
        >
          <FormattedMessage id="cart.continue" />
        </Link>
        <Link
          to="/checkout/"
          className="flex-1 rounded-full bg-neutral-900 px-4 py-2 text-center font-semibold text-white"
        >
          <FormattedMessage id="cart.toCheckout" />
        </Link>
      </div>
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <BulkRemove lines={cart.lines} onDone={() => revalidator.revalidate()} />
          {groupBySupplier(cart.lines).map((group) => (
            <section
              key={group.supplier}
              aria-label={intl.formatMessage(
                { id: "cart.shippedBy" },
                { supplier: supplierName(group.supplier) },
              )}
              data-testid="supplier-group"
            >
              <h2 className="mb-2 text-sm font-semibold uppercase text-neutral-700">
                <FormattedMessage id="cart.shippedBy" values={{ supplier: supplierName(group.supplier) }} />
              </h2>
              <ul className="flex flex-col divide-y divide-neutral-200 rounded border border-neutral-200">
                {group.lines.map((line) => (
                  <CartLine
                    key={line.line_id}
                    line={line}
                    money={money}
                    onRemoved={() => track({ event: "remove_from_cart", ecommerce: ecommerce([line]) })}
                  />
                ))}
              </ul>
            </section>
          ))}
        </div>
        <aside className="flex flex-col gap-4 rounded border border-neutral-200 p-4 lg:self-start">
          <h2 className="text-lg font-bold">
            <FormattedMessage id="cart.summary" />
          </h2>
          <PriceSummary
            totals={cart}
            onRemoveCoupon={(code) =>
              removePayment(() => call("DELETE /api/vouchers/remove/:code/", { params: { code } }))
            }
            onRemoveGiftCard={(code) =>
              removePayment(() =>
                call("DELETE /api/giftcards/remove/:last4/", { params: { last4: code.replace("…", "") } }),
              )
            }
          />
          {cart.coupons
            .filter((coupon) => coupon.message)
            .map((coupon) => (
              <p key={coupon.code} className="text-sm text-amber-900">
                {coupon.code}:{" "}
                {intl.formatMessage({
                  id: coupon.message as string,
                  defaultMessage: coupon.message as string,
                })}
              </p>
            ))}
          <VoucherForm onApplied={() => revalidator.revalidate()} />
          <CheckoutOffers refreshKey={cart.lines.length} />
          <ShareBag />
          <Link
            to="/checkout/"
            onClick={() => track({ event: "begin_checkout", ecommerce: ecommerce(cart.lines) })}
            className="rounded-full bg-neutral-900 px-5 py-3 text-center font-semibold text-white"
          >
            <FormattedMessage id="cart.toCheckout" />
          </Link>
        </aside>
      </div>
      <PopularSlider />
    </div>
  );
}

/** "Popular right now" under the bag (secondary: loaded after the page, a failure shows nothing). */
function PopularSlider() {
  const intl = useIntl();
  const cards = useSecondary(
    "GET /api/recommendations/popular-products/",
    { query: { item_type: "football_boots" } },
    (result) => result.data.results,
    [],
  );
  return (
    <div className="mt-12">
      <ProductSlider title={intl.formatMessage({ id: "cart.popular" })} cards={cards} />
    </div>
  );
}

function FreeDeliveryNotice({
  left,
  limit,
  money,
}: {
  left: number;
  limit: number | null;
  money: (n: number) => string;
}) {
  if (limit === null) return null;
  return left > 0 ? (
    <p className="mb-4 rounded bg-neutral-100 p-3 text-sm" data-testid="free-delivery">
      <FormattedMessage id="cart.freeDelivery.left" values={{ amount: money(left) }} />
    </p>
  ) : (
    <p className="mb-4 rounded bg-green-50 p-3 text-sm text-green-900" data-testid="free-delivery">
      <FormattedMessage id="cart.freeDelivery.reached" />
    </p>
  );
}

function CartLine({
  line,
  money,
  onRemoved,
}: {
  line: Line;
  money: (n: number) => string;
  onRemoved: () => void;
}) {
  const intl = useIntl();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [warningOpen, setWarningOpen] = useState(true);

  // One call per finished edit (the field decides when an edit is finished); the bag is read again after.
  const changeQuantity = async (next: number) => {
    try {
      const result = await call("POST /cart/items/update_cart_item/:id/", {
        params: { id: line.line_id },
        form: { amount: String(next) },
      });
      const warning = result.messages.find((message) => message.level !== "info");
      if (warning)
        toast({ title: intl.formatMessage({ id: warning.text, defaultMessage: warning.text }), flow: true });
    } catch {
      toast({ title: intl.formatMessage({ id: "cart.updateFailed" }), variant: "destructive", flow: true });
    } finally {
      revalidator.revalidate();
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await call("POST /cart/items/delete_cart_item/:id/", { params: { id: line.line_id }, form: {} });
      onRemoved();
      revalidator.revalidate();
    } catch (error) {
      if (!(error instanceof ApiRequestError && error.status === 404))
        toast({ title: intl.formatMessage({ id: "cart.removeFailed" }), variant: "destructive", flow: true });
      revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  };

  const discounted = line.line_total_rrp > line.line_total;
  return (
    <li className="flex gap-3 p-3 sm:gap-4 sm:p-4" data-testid="cart-line">
      <Link to={line.shop_url} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <img
          src={line.image_url}
          alt=""
          width={96}
          height={96}
          className="size-20 rounded bg-neutral-100 object-contain sm:size-24"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <p className="font-semibold text-neutral-700">{line.product_brand}</p>
            <Link to={line.shop_url} className="break-words font-semibold hover:underline">
              {modelName(line.product_brand, line.product_name)}
            </Link>
          </div>
          <div className="shrink-0 text-right">
            <p className={`font-bold ${discounted ? "text-red-700" : ""}`} data-testid="line-total">
              {money(line.line_total)}
            </p>
            {discounted && (
              <s className="text-neutral-700">
                <span className="sr-only">{intl.formatMessage({ id: "card.rrp" }, { price: "" })}</span>
                {money(line.line_total_rrp)}
              </s>
            )}
          </div>
        </div>
        <p className="text-neutral-700">
          <FormattedMessage id="product.style" values={{ style: line.product_style }} />
          {line.size && (
            <>
              {" · "}
              <FormattedMessage id="drawer.size" values={{ size: line.size }} />
            </>
          )}
        </p>
        {line.sublines.length > 0 && (
          <ul className="text-neutral-700">
            {line.sublines.map((sub) => (
              <li key={`${sub.product}-${sub.product_id ?? ""}`}>
                {sub.product}
                {sub.line_total > 0 && ` (+${money(sub.line_total)})`}
              </li>
            ))}
          </ul>
        )}
        {line.customizable && line.customization_url && (
          <LinePrint
            url={line.customization_url}
            current={line.customization}
            onChanged={() => revalidator.revalidate()}
          />
        )}
        {line.message && (
          <div
            role="alert"
            className={`rounded p-2 ${line.message.level_tag === "error" ? "bg-red-50 text-red-800" : "bg-amber-50 text-amber-900"}`}
          >
            <button
              type="button"
              onClick={() => setWarningOpen(!warningOpen)}
              aria-expanded={warningOpen}
              className="flex min-h-6 w-full items-center gap-2 font-semibold"
            >
              <TriangleAlert aria-hidden="true" className="size-4" />
              <FormattedMessage id="cart.lineWarning" />
              <ChevronDown
                aria-hidden="true"
                className={`ml-auto size-4 transition ${warningOpen ? "rotate-180" : ""}`}
              />
            </button>
            {warningOpen && (
              <p className="mt-1">
                {intl.formatMessage(
                  { id: line.message.text, defaultMessage: line.message.text },
                  { max: line.max_quantity },
                )}{" "}
                <button type="button" onClick={() => revalidator.revalidate()} className="min-h-6 underline">
                  <FormattedMessage id="cart.refresh" />
                </button>
              </p>
            )}
          </div>
        )}
        <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-2 pt-2">
          <QuantityField
            quantity={line.quantity}
            max={Math.max(1, line.max_quantity)}
            disabled={busy || !line.quantity_editable}
            productName={line.product_name}
            onCommit={changeQuantity}
          />
          <div className="ml-auto flex items-center gap-1">
            <FavouriteToggle
              productId={line.product_id}
              name={line.product_name}
              className="inline-flex items-center justify-center rounded-full p-2 hover:bg-neutral-100"
            />
            <button
              type="button"
              onClick={remove}
              disabled={busy}
              aria-label={intl.formatMessage({ id: "cart.remove" }, { name: line.product_name })}
              className="rounded-full p-2 hover:bg-neutral-100"
            >
              <Trash2 aria-hidden="true" className="size-5" />
            </button>
          </div>
        </div>
      </div>
    </li>
  );
}

/** Why placing the order after the payment failed, by the code the payment result sends back. */
const CHECKOUT_PROBLEMS: Record<string, string> = {
  total_changed: "checkout.error.totalChanged",
  out_of_stock: "checkout.error.outOfStock",
  payment_expired: "checkout.error.paymentExpired",
  giftcard_insufficient: "checkout.error.giftcardInsufficient",
  voucher_used_up: "voucher.error.usedUp",
};

/**
 * A payment whose order could not be placed brings the shopper back to the bag with the reason
 * (`?checkout_error=`); the authorisation was released, so nothing was charged.
 */
function CheckoutProblem() {
  const [params] = useSearchParams();
  const id = CHECKOUT_PROBLEMS[params.get("checkout_error") ?? ""];
  if (!id) return null;
  return (
    <div
      role="alert"
      data-testid="checkout-problem"
      className="mb-3 flex items-start gap-2 rounded border border-red-800 bg-red-50 p-3 text-left text-sm text-red-900"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        <FormattedMessage id={id} />
      </p>
    </div>
  );
}

/**
 * The abandoned-bag reminder's link brings the shopper here (`?restore=`): the lines are back, or
 * the link was unknown or expired (nothing changed), or tried too often.
 */
function RestoreNotice() {
  const [params] = useSearchParams();
  const outcome = params.get("restore");
  if (outcome === "done")
    return (
      <p
        role="status"
        data-testid="restore-notice"
        className="mb-3 rounded border border-green-800 bg-green-50 p-3 text-sm text-green-900"
      >
        <FormattedMessage id="cart.restore.done" />
      </p>
    );
  if (outcome !== "invalid" && outcome !== "busy") return null;
  return (
    <div
      role="alert"
      data-testid="restore-notice"
      className="mb-3 flex items-start gap-2 rounded border border-red-800 bg-red-50 p-3 text-left text-sm text-red-900"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        <FormattedMessage id={outcome === "busy" ? "cart.restore.busy" : "cart.restore.invalid"} />
      </p>
    </div>
  );
}

/**
 * The bag could not be read (the database away, say): a notice with a reload action, inside the
 * shop's frame, instead of the generic error page.
 */
export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <div
        role="alert"
        className="flex items-center justify-between gap-4 rounded border border-red-800 bg-red-700 p-4 text-white"
      >
        <p>
          <FormattedMessage id="cart.loadFailed" />
        </p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-full bg-white px-4 py-2 font-semibold text-red-800"
        >
          <FormattedMessage id="cart.reload" />
        </button>
      </div>
    </div>
  );
}
