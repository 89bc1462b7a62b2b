import { FormattedMessage, useIntl } from "react-intl";
import { Link, Outlet, redirect, useLocation } from "react-router";
import { shopContext } from "#server/request-context.ts";
import { groupBySupplier, supplierName } from "#web/lib/suppliers.ts";
import { SideSheet } from "#web/ui/dialog.tsx";
import { ArrowLeft, ShoppingBag } from "#web/ui/icons.tsx";
import type { Route } from "./+types/checkout-layout.ts";
import { loadSummary } from "./checkout.server.ts";

export async function loader({ context, url }: Route.LoaderArgs) {
  const cart = await loadSummary(context.get(shopContext));
  // Nothing to check out (the bag is empty or everything in it sold out): back to the bag.
  if (cart.quantity === 0 && !url.pathname.startsWith("/checkout/receipt")) throw redirect("/cart/");
  return { cart };
}

export function meta() {
  return [{ title: "Pitchside" }, { name: "robots", content: "noindex" }];
}

const STEPS = [
  { path: "/checkout/address", back: "/cart/", number: 2, label: "checkout.step.address" },
  { path: "/checkout/delivery", back: "/checkout/address/", number: 3, label: "checkout.step.delivery" },
  { path: "/checkout/payment", back: "/checkout/delivery/", number: 4, label: "checkout.step.payment" },
];

/** The checkout's frame: a back bar per step and the order summary bar over every step. */
export default function CheckoutLayout({ loaderData }: Route.ComponentProps) {
  const { cart } = loaderData;
  const location = useLocation();
  const intl = useIntl();
  const step = STEPS.find((s) => location.pathname.startsWith(s.path));
  const money = (amount: number) => intl.formatNumber(amount, { style: "currency", currency: cart.currency });
  return (
    <div className="mx-auto max-w-5xl px-4 pb-16">
      {step && (
        <nav
          aria-label={intl.formatMessage({ id: "checkout.steps" })}
          className="flex flex-wrap items-center gap-3 border-b border-neutral-200 py-3"
        >
          <Link
            to={step.back}
            className="inline-flex items-center gap-1 rounded px-2 py-1 font-semibold"
            data-testid="checkout-back"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            <FormattedMessage id="checkout.back" />
          </Link>
          <ol className="ml-auto flex flex-wrap gap-x-2 text-sm">
            {[{ number: 1, label: "checkout.step.cart" }, ...STEPS].map((s) => (
              <li
                key={s.number}
                aria-current={s.number === step.number ? "step" : undefined}
                className={s.number === step.number ? "font-bold text-pitch-900" : "text-neutral-700"}
              >
                {s.number}. <FormattedMessage id={s.label} />
              </li>
            ))}
          </ol>
        </nav>
      )}
      {step && cart.lines.length > 0 && (
        <SideSheet
          trigger={
            <button
              type="button"
              className="my-3 flex w-full items-center justify-between rounded border border-neutral-300 bg-neutral-50 px-4 py-3 text-left"
              data-testid="order-summary-bar"
            >
              <span className="inline-flex items-center gap-2 font-semibold">
                <ShoppingBag aria-hidden="true" className="size-5" />
                <FormattedMessage id="checkout.summary.count" values={{ count: cart.quantity }} />
              </span>
              <span className="font-bold">{money(cart.order_total)}</span>
            </button>
          }
          title={<FormattedMessage id="checkout.summary.title" />}
          description={<FormattedMessage id="checkout.summary.count" values={{ count: cart.quantity }} />}
        >
          {groupBySupplier(cart.lines).map((group) => (
            <section key={group.supplier} className="mb-4">
              <h2 className="mb-2 text-sm font-semibold uppercase text-neutral-700">
                <FormattedMessage id="cart.shippedBy" values={{ supplier: supplierName(group.supplier) }} />
              </h2>
              <ul className="divide-y divide-neutral-200">
                {group.lines.map((line, index) => (
                  <li key={line.line_id} className="flex gap-3 py-2">
                    {index < 3 ? (
                      <img
                        src={line.image_url}
                        alt=""
                        width={88}
                        height={88}
                        className="size-[88px] rounded bg-neutral-100 object-contain"
                      />
                    ) : (
                      <span className="size-[88px]" />
                    )}
                    <div className="flex-1 text-sm">
                      <p className="font-semibold">{line.product_name}</p>
                      {line.size && (
                        <p>
                          <FormattedMessage id="checkout.summary.size" values={{ size: line.size }} />
                        </p>
                      )}
                      <p>
                        <FormattedMessage
                          id="checkout.summary.quantity"
                          values={{ quantity: line.quantity }}
                        />
                      </p>
                      {line.sublines.map((sub) => (
                        <p key={`${sub.product}-${sub.product_id}`} className="text-neutral-700">
                          {sub.product}
                        </p>
                      ))}
                    </div>
                    <div className="text-right text-sm">
                      <p className="font-semibold">{money(line.line_total)}</p>
                      {line.line_total_rrp > line.line_total && (
                        <p className="text-neutral-700 line-through">{money(line.line_total_rrp)}</p>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <Link to="/cart" className="inline-block font-semibold underline">
            <FormattedMessage id="checkout.summary.toCart" />
          </Link>
        </SideSheet>
      )}
      <Outlet />
    </div>
  );
}
