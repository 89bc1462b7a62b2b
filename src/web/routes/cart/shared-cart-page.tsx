import { useEffect, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useRevalidator, useSearchParams } from "react-router";
import { modelName, productTitle } from "#modules/catalog/product-name.ts";
import { ApiRequestError, call } from "#web/lib/api.ts";
import type { ResponseOf } from "#web/lib/endpoints.ts";
import { useSizeLabel } from "#web/lib/sizes.ts";
import { useToast } from "#web/ui/toast.tsx";

type SharedBag = ResponseOf<"GET /api/cart/shared/:uuid/">;
type SharedItem = SharedBag["shared_items"][number];

export function meta() {
  return [{ title: "Pitchside" }, { name: "robots", content: "noindex" }];
}

/** One shared item into the visitor's own bag: the product (or package), then its print. */
async function addShared(item: SharedItem): Promise<void> {
  const product = item.product[0];
  if (!product) throw new Error("gone");
  const result = item.package
    ? await call("POST /cart/items/new_cart/", {
        json: {
          product: { product_id: product.product_id, amount: item.quantity },
          subproducts: item.package.map((part) => ({ ...part, amount: item.quantity })),
          promotions: [],
        },
      })
    : await call("POST /cart/items/add_to_cart/", {
        form: {
          product: String(product.product_id),
          size: String(item.size_id),
          amount: String(item.quantity),
        },
      });
  // An add that answers 200 has made a line (a refusal is a 4xx, thrown above).
  if (item.customization)
    await call("POST /customizations/update/:id/", {
      params: { id: result.data!.pk },
      form: { ...item.customization },
    });
}

export default function SharedCartPage() {
  const intl = useIntl();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  const uuid = params.get("uuid") ?? "";
  const sizeLabel = useSizeLabel();
  const [bag, setBag] = useState<SharedBag | null>(null);
  const items = bag?.shared_items ?? null;
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    call("GET /api/cart/shared/:uuid/", { params: { uuid }, signal: controller.signal })
      .then((result) => setBag(result))
      .catch(() => setBag({ shared_items: [], currency: "", total: 0 }));
    return () => controller.abort();
  }, [uuid]);

  const add = async (list: SharedItem[]) => {
    setBusy(true);
    let added = 0;
    for (const item of list) {
      try {
        await addShared(item);
        added++;
      } catch (error) {
        const product = item.product[0];
        const name = product ? productTitle(product.brand, product.name) : "";
        const server = error instanceof ApiRequestError ? error.body.fields?.size?.[0] : undefined;
        toast({
          title: intl.formatMessage({ id: "shared.addFailed" }, { name }),
          description: server ? intl.formatMessage({ id: server, defaultMessage: server }) : undefined,
          variant: "destructive",
          flow: true,
        });
      }
    }
    if (added > 0) toast({ title: intl.formatMessage({ id: "shared.added" }, { count: added }), flow: true });
    revalidator.revalidate();
    setBusy(false);
  };

  if (items === null)
    return (
      <div className="mx-auto max-w-3xl px-4 py-6" aria-busy="true">
        {[0, 1, 2].map((row) => (
          <div
            key={row}
            className="mb-3 h-24 animate-pulse rounded bg-neutral-200"
            data-testid="shared-skeleton"
          />
        ))}
      </div>
    );
  if (items.length === 0)
    return (
      <div className="mx-auto max-w-3xl px-4 py-12 text-center">
        <h1 className="mb-4 text-2xl font-bold">
          <FormattedMessage id="shared.notFound" />
        </h1>
        <Link to="/" className="underline">
          <FormattedMessage id="cart.continue" />
        </Link>
      </div>
    );
  const buyable = items.filter((item) => !item.sold_out);
  const money = (amount: number) =>
    intl.formatNumber(amount, { style: "currency", currency: bag?.currency || "EUR" });
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold">
        <FormattedMessage id="shared.title" />
      </h1>
      <ul className="mb-4 flex flex-col divide-y divide-neutral-200 rounded border border-neutral-200">
        {items.map((item) => {
          const product = item.product[0];
          return (
            <li
              key={item.id}
              className="flex items-center gap-3 p-3 sm:gap-4 sm:p-4"
              data-testid="shared-item"
            >
              {product && (
                <img
                  src={product.image}
                  alt=""
                  width={80}
                  height={80}
                  className="size-16 shrink-0 rounded bg-neutral-100 object-contain sm:size-20"
                />
              )}
              <div className="flex min-w-0 flex-1 flex-col text-sm">
                <p className="font-semibold text-neutral-700">{product?.brand}</p>
                {product ? (
                  <Link to={product.relative_url} className="font-semibold hover:underline">
                    {modelName(product.brand, product.name)}
                  </Link>
                ) : null}
                <p>
                  {item.size && (
                    <>
                      <FormattedMessage id="drawer.size" values={{ size: sizeLabel(item.size) }} />
                      {" · "}
                    </>
                  )}
                  <FormattedMessage id="shared.quantity" values={{ count: item.quantity }} />
                </p>
                {item.customization && (
                  <p>
                    {item.customization.name} {item.customization.number}
                  </p>
                )}
              </div>
              <div className="flex shrink-0 flex-col items-end gap-2 text-right">
                {item.line_total !== null && (
                  <p className="text-sm" data-testid="shared-item-price">
                    <span
                      className={`block font-semibold ${item.sold_out ? "text-neutral-700 line-through" : ""}`}
                    >
                      {money(item.line_total)}
                    </span>
                    {item.quantity > 1 && item.unit_price !== null && (
                      <span className="block text-xs text-neutral-700">
                        <FormattedMessage
                          id="shared.each"
                          values={{ count: item.quantity, price: money(item.unit_price) }}
                        />
                      </span>
                    )}
                  </p>
                )}
                {item.sold_out ? (
                  <span className="text-sm font-semibold text-neutral-700">
                    <FormattedMessage id="product.soldOut" />
                  </span>
                ) : (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => add([item])}
                    className="rounded-full border border-neutral-900 px-4 py-2 text-sm font-semibold disabled:opacity-50"
                  >
                    <FormattedMessage id="product.addToBag" />
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <dl className="mb-4 flex items-baseline justify-between gap-4 px-1" data-testid="shared-total">
        <dt className="font-semibold">
          <FormattedMessage
            id="shared.total"
            values={{ count: buyable.reduce((n, item) => n + item.quantity, 0) }}
          />
        </dt>
        <dd className="text-xl font-bold" data-testid="shared-total-amount">
          {money(bag?.total ?? 0)}
        </dd>
      </dl>
      <p className="-mt-3 mb-4 px-1 text-xs text-neutral-700">
        <FormattedMessage id="shared.pricesToday" />
      </p>
      <button
        type="button"
        disabled={busy || buyable.length === 0}
        onClick={() => add(buyable)}
        data-testid="add-all"
        className="w-full rounded-full bg-neutral-900 px-5 py-3 font-semibold text-white disabled:opacity-50"
      >
        <FormattedMessage id="shared.addAll" />
      </button>
    </div>
  );
}
