import { useCallback, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate, useRevalidator, useRouteLoaderData } from "react-router";
import { dayRange } from "#kernel/day-range.ts";
import { shopContext } from "#server/request-context.ts";
import { call } from "#web/lib/api.ts";
import { supplierName } from "#web/lib/suppliers.ts";
import { linesEcommerce, track } from "#web/lib/tracking.ts";
import { useMediaQuery } from "#web/lib/use-media-query.ts";
import { MapPin, Package, Store, Truck, Zap } from "#web/ui/icons.tsx";
import { useToast } from "#web/ui/toast.tsx";
import type { Route } from "./+types/delivery-page.ts";
import { loadDeliveryStep } from "./checkout.server.ts";
import type { loader as checkoutLayoutLoader } from "./checkout-layout.tsx";
import { DropPointFinder } from "./drop-point-finder.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  return loadDeliveryStep(context.get(shopContext));
}

type Data = Route.ComponentProps["loaderData"]["delivery"];
type Pkg = Data["packages"][number];
type Method = Pkg["delivery_methods"][number];

/** On small screens only this many methods show until "show more". */
export const MOBILE_METHODS = 3;

const ICONS: Record<string, typeof Truck> = {
  truck: Truck,
  "map-pin": MapPin,
  store: Store,
  zap: Zap,
  package: Package,
};

function MethodList({
  pkg,
  currency,
  chosenId,
  onChoose,
}: {
  pkg: Pkg;
  currency: string;
  /** The method just chosen, shown at once while it is saved. */
  chosenId: number | undefined;
  onChoose: (m: Method) => void;
}) {
  const intl = useIntl();
  const small = useMediaQuery("(max-width: 768px)");
  const [expanded, setExpanded] = useState(false);
  const money = (amount: number) => intl.formatNumber(amount, { style: "currency", currency });
  const methods = pkg.delivery_methods.map((m) => ({
    ...m,
    is_selected: chosenId === undefined ? m.is_selected : m.delivery_id === chosenId,
  }));
  const shown =
    small && !expanded && methods.length > MOBILE_METHODS
      ? methods.filter((m, i) => i < MOBILE_METHODS || m.is_selected)
      : methods;
  return (
    <fieldset>
      <legend className="sr-only">
        <FormattedMessage
          id="checkout.delivery.methods"
          values={{ supplier: supplierName(pkg.supplier_name) }}
        />
      </legend>
      <ul className="space-y-2">
        {shown.map((method) => {
          const Icon = ICONS[method.icon_url] ?? Truck;
          return (
            <li key={method.delivery_id}>
              <label
                className={`flex cursor-pointer items-start gap-3 rounded border p-3 ${method.is_selected ? "border-pitch-900 bg-pitch-100" : "border-neutral-300"}`}
              >
                <input
                  type="radio"
                  name={`method-${pkg.key}`}
                  value={method.delivery_id}
                  checked={method.is_selected}
                  onChange={() => onChoose(method)}
                  className="mt-1 size-4"
                  data-testid={`method-${method.is_droppoint ? "droppoint" : "home"}`}
                />
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
                <span className="flex-1 text-sm">
                  <span className="block font-semibold">{method.delivery_method}</span>
                  <span className="block">{method.info_text}</span>
                  <span className="block text-neutral-700">
                    <FormattedMessage
                      id="checkout.delivery.time"
                      values={dayRange(
                        intl.locale,
                        method.delivery_time.min_days,
                        method.delivery_time.max_days,
                      )}
                    />
                  </span>
                  {method.free_delivery_limit !== null && (
                    <span className="block text-neutral-700">
                      <FormattedMessage
                        id="checkout.delivery.freeFrom"
                        values={{ amount: money(method.free_delivery_limit) }}
                      />
                    </span>
                  )}
                </span>
                <span className="text-sm font-semibold">
                  {method.price === 0 ? (
                    <FormattedMessage id="checkout.delivery.free" />
                  ) : (
                    money(method.price)
                  )}
                  {method.price !== method.delivery_price && (
                    <span className="block font-normal text-neutral-700 line-through">
                      {money(method.delivery_price)}
                    </span>
                  )}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {small && methods.length > MOBILE_METHODS && (
        <button
          type="button"
          className="mt-2 font-semibold underline"
          onClick={() => setExpanded((v) => !v)}
          aria-expanded={expanded}
        >
          <FormattedMessage id={expanded ? "checkout.delivery.showLess" : "checkout.delivery.showMore"} />
        </button>
      )}
    </fieldset>
  );
}

export default function DeliveryPage({ loaderData }: Route.ComponentProps) {
  const { delivery, mapTileUrl } = loaderData;
  // The bag being checked out, from the checkout's frame (its order summary bar).
  const summary = useRouteLoaderData<typeof checkoutLayoutLoader>("routes/checkout/checkout-layout");
  const intl = useIntl();
  const toast = useToast();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [submitting, setSubmitting] = useState(false);
  const [postNumber, setPostNumber] = useState(delivery.post_number);
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const fail = useCallback(
    () =>
      toast({
        title: intl.formatMessage({ id: "checkout.error.generic" }),
        variant: "destructive",
        flow: true,
      }),
    [toast, intl],
  );

  const choose = async (pkg: Pkg, methodId: number, dropPointId?: number) => {
    setChosen((current) => ({ ...current, [pkg.key]: methodId }));
    try {
      await call("POST /checkout/select_delivery_method/", {
        json: { package: pkg.key, delivery_method: methodId, droppoint_id: dropPointId ?? null },
      });
      await revalidator.revalidate();
    } catch {
      setChosen((current) => {
        const { [pkg.key]: _dropped, ...rest } = current;
        return rest;
      });
      fail();
    }
  };

  const complete = delivery.packages.every((pkg) => {
    const method = pkg.delivery_methods.find((m) => m.is_selected);
    return method && (!method.is_droppoint || pkg.droppoint);
  });

  const submit = async () => {
    setSubmitting(true);
    try {
      await call("POST /checkout/step_delivery_submit/", { json: { post_number: postNumber } });
      if (summary)
        track({
          event: "add_shipping_info",
          ecommerce: {
            ...linesEcommerce(summary.cart.currency, summary.cart.lines),
            shipping_tier: delivery.packages
              .map((pkg) => pkg.delivery_methods.find((m) => m.is_selected)?.delivery_method ?? "")
              .join(", "),
          },
        });
      navigate("/checkout/payment");
    } catch {
      fail();
      setSubmitting(false);
    }
  };

  return (
    <div className="py-4">
      <h1 className="mb-4 text-2xl font-bold">
        <FormattedMessage id="checkout.delivery.title" />
      </h1>
      {delivery.split && (
        <p
          className="mb-4 rounded border border-neutral-300 bg-neutral-50 p-3 text-sm"
          data-testid="split-notice"
        >
          <FormattedMessage id="checkout.delivery.split" values={{ count: delivery.packages.length }} />
        </p>
      )}
      <div className="space-y-6">
        {delivery.packages.map((pkg) => {
          const selected = pkg.delivery_methods.find((m) =>
            chosen[pkg.key] === undefined ? m.is_selected : m.delivery_id === chosen[pkg.key],
          );
          return (
            <section key={pkg.key} aria-labelledby={`package-${pkg.key}`} data-testid="delivery-package">
              <h2 id={`package-${pkg.key}`} className="mb-2 font-semibold">
                <FormattedMessage
                  id="checkout.delivery.package"
                  values={{
                    index: pkg.index,
                    total: pkg.total,
                    supplier: supplierName(pkg.supplier_name),
                    count: pkg.products_quantity,
                  }}
                />
              </h2>
              <MethodList
                pkg={pkg}
                currency={delivery.currency}
                chosenId={chosen[pkg.key]}
                onChoose={(m) => choose(pkg, m.delivery_id)}
              />
              {selected?.is_droppoint && selected.carrier && (
                <DropPointFinder
                  provider={selected.carrier}
                  countryCode={delivery.country_code}
                  initialPostCode={postNumber}
                  selectedId={pkg.droppoint?.id ?? null}
                  tileUrl={mapTileUrl}
                  onChoose={async (id, code) => {
                    setPostNumber(code);
                    await choose(pkg, selected.delivery_id, id);
                  }}
                />
              )}
            </section>
          );
        })}
      </div>
      <div className="mt-6">
        <button
          type="button"
          onClick={submit}
          disabled={!complete || submitting}
          aria-describedby={complete ? undefined : "delivery-hint"}
          data-testid="delivery-continue"
          className="w-full rounded-full bg-pitch-900 px-4 py-3 font-bold text-white disabled:opacity-60 sm:w-auto"
        >
          <FormattedMessage id="checkout.delivery.continue" />
        </button>
        {!complete && (
          <p id="delivery-hint" className="mt-2 text-sm text-neutral-700">
            <FormattedMessage id="checkout.delivery.hint" />
          </p>
        )}
      </div>
    </div>
  );
}
