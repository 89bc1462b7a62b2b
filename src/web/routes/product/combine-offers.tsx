import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useRevalidator } from "react-router";
import { productTitle } from "#modules/catalog/product-name.ts";
import { SizeSelect } from "#web/components/size-select.tsx";
import { call } from "#web/lib/api.ts";
import type { ResponseOf } from "#web/lib/endpoints.ts";
import { useSecondary } from "#web/lib/use-secondary.ts";
import { useToast } from "#web/ui/toast.tsx";

/**
 * A product offered beside another at its offer price: an offer's benefit item, or a checkout offer
 * (the same fields).
 */
export type BenefitItem =
  ResponseOf<"GET /api/promotions/get/:sku/">["promotions"][number]["benefit_items"][number];

/**
 * Combine offers of the product (secondary: loaded after the page, a failure shows nothing). An item
 * with several sizes needs one chosen before it can be added.
 */
export function CombineOffers({ sku }: { sku: string | undefined }) {
  const promotions = useSecondary(
    "GET /api/promotions/get/:sku/",
    sku ? { params: { sku } } : null,
    (result) => result.promotions.filter((p) => p.benefit_items.length > 0),
    [],
  );
  if (promotions.length === 0) return null;
  return (
    <section
      aria-labelledby="combine-offers"
      className="rounded border border-neutral-300 p-4"
      data-testid="combine-offers"
    >
      <h2 id="combine-offers" className="mb-3 font-semibold">
        <FormattedMessage id="offer.title" />
      </h2>
      {promotions.map((promotion) => (
        <div key={promotion.id} className="flex flex-col gap-3">
          <p className="text-sm">{promotion.title}</p>
          <ul className="flex flex-col gap-3">
            {promotion.benefit_items.map((item) => (
              <OfferItem key={item.product_id} item={item} />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

export function OfferItem({ item }: { item: BenefitItem }) {
  const intl = useIntl();
  const toast = useToast();
  const revalidator = useRevalidator();
  const selectId = useId();
  const single = item.sizes.length === 1 ? item.sizes[0]?.size_id : undefined;
  const [sizeId, setSizeId] = useState<number | undefined>(single);
  const [needSize, setNeedSize] = useState(false);
  const [busy, setBusy] = useState(false);
  const money = (amount: number) => intl.formatNumber(amount, { style: "currency", currency: item.currency });
  return (
    <li className="flex items-center gap-3 text-sm">
      <img
        src={item.image}
        alt=""
        width={56}
        height={56}
        className="size-14 rounded bg-neutral-100 object-contain"
      />
      <div className="flex flex-1 flex-col gap-1">
        <Link to={item.relative_url} className="font-semibold hover:underline">
          {productTitle(item.brand, item.name)}
        </Link>
        <p>
          <span className={item.regular_price > item.price ? "font-bold text-red-700" : "font-bold"}>
            {money(item.price)}
          </span>{" "}
          {item.regular_price > item.price && (
            <s className="text-neutral-700">
              <span className="sr-only">{intl.formatMessage({ id: "card.rrp" }, { price: "" })}</span>
              {money(item.regular_price)}
            </s>
          )}
        </p>
        {item.sizes.length > 1 && (
          <>
            <label htmlFor={selectId} className="sr-only">
              <FormattedMessage id="product.sizes" />
            </label>
            <SizeSelect
              id={selectId}
              sizes={item.sizes}
              sizeId={sizeId}
              onChange={(chosen) => {
                setSizeId(chosen);
                setNeedSize(false);
              }}
              needSize={needSize}
              className="w-40 rounded border border-neutral-500 px-2 py-1"
              errorClassName="text-red-700"
            />
          </>
        )}
      </div>
      <button
        type="button"
        disabled={busy}
        className="rounded-full border border-neutral-900 px-4 py-2 font-semibold disabled:opacity-50"
        onClick={async () => {
          if (sizeId === undefined) {
            setNeedSize(true);
            return;
          }
          setBusy(true);
          try {
            await call("POST /cart/items/add_to_cart/", {
              form: { product: String(item.product_id), size: String(sizeId), amount: "1" },
            });
            toast({ title: intl.formatMessage({ id: "drawer.addedToBag" }), flow: true });
            revalidator.revalidate();
          } catch {
            toast({
              title: intl.formatMessage({ id: "drawer.addFailed" }),
              variant: "destructive",
              flow: true,
            });
          } finally {
            setBusy(false);
          }
        }}
      >
        <FormattedMessage id="offer.add" />
      </button>
    </li>
  );
}
