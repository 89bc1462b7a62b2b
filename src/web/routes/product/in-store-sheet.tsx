import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import type { StoreStock, StoreView } from "#modules/content/stores.contract.ts";
import { call } from "#web/lib/api.ts";
import { useSizeLabel } from "#web/lib/sizes.ts";
import { Dialog } from "#web/ui/dialog.tsx";
import { Store } from "#web/ui/icons.tsx";

/** What the sheet shows of the flagship store: its name, address and each weekday's hours as shown. */
export interface FlagshipView {
  title: string;
  store: string;
  address: Pick<StoreView["address"], "street" | "city" | "zip">;
  opening_hours: Pick<StoreView["opening_hours"][number], "weekday" | "display">[];
}

/** A store cut to what the sheet shows, for the product page's data. */
export function flagshipView(store: Pick<FlagshipView, "title" | "address" | "opening_hours">): FlagshipView {
  return {
    title: store.title,
    store: store.title,
    address: { street: store.address.street, city: store.address.city, zip: store.address.zip },
    opening_hours: store.opening_hours.map(({ weekday, display }) => ({ weekday, display })),
  };
}

/**
 * "In store": a sheet with the flagship store's stock of this product per size, read when it opens
 * (the shelf changes through the day), with the store's address, today's hours and the way to the
 * store locator.
 */
export function InStoreSheet({ productId, store }: { productId: number; store: FlagshipView }) {
  const intl = useIntl();
  const sizeLabel = useSizeLabel();
  const [stock, setStock] = useState<StoreStock | null>(null);
  const [failed, setFailed] = useState(false);
  const name = store.title || store.store;
  const today = store.opening_hours.find((day) => day.weekday === ((new Date().getDay() + 6) % 7) + 1);

  const open = async (isOpen: boolean) => {
    if (!isOpen) return;
    setFailed(false);
    try {
      setStock(await call("GET /api/products/:id/store-stock/", { params: { id: productId } }));
    } catch {
      setFailed(true);
    }
  };

  return (
    <Dialog
      side="sheet"
      className="p-5 md:w-[28rem]"
      testId="in-store"
      title={<FormattedMessage id="inStore.title" values={{ store: name }} />}
      description={<FormattedMessage id="inStore.description" />}
      onOpenChange={(isOpen) => void open(isOpen)}
      trigger={
        <button
          type="button"
          className="inline-flex min-h-6 items-center gap-2 text-sm font-semibold underline underline-offset-2"
          data-testid="in-store-open"
        >
          <Store aria-hidden="true" className="size-4" />
          <FormattedMessage id="inStore.open" values={{ store: name }} />
        </button>
      }
    >
      <div className="flex flex-col gap-4 text-sm">
        {failed && (
          <p role="alert" className="text-red-700">
            <FormattedMessage id="inStore.failed" />
          </p>
        )}
        {stock === null && !failed && (
          <p aria-live="polite">
            <FormattedMessage id="inStore.loading" />
          </p>
        )}
        {stock && stock.sizes.length > 0 && (
          <table className="w-full border-collapse text-left" data-testid="in-store-stock">
            <thead>
              <tr className="border-b border-neutral-900">
                <th scope="col" className="py-1 font-semibold">
                  <FormattedMessage id="inStore.size" />
                </th>
                <th scope="col" className="py-1 font-semibold">
                  <FormattedMessage id="inStore.onShelf" />
                </th>
              </tr>
            </thead>
            <tbody>
              {stock.sizes.map((size) => (
                <tr key={size.size_id} className="border-b border-neutral-200">
                  <th scope="row" className="py-1 font-normal">
                    {sizeLabel(size.name)}
                  </th>
                  <td
                    className={`py-1 ${size.quantity > 0 ? "font-semibold text-pitch-900" : "text-neutral-700"}`}
                  >
                    {size.quantity > 0
                      ? intl.formatMessage({ id: "inStore.pieces" }, { count: size.quantity })
                      : intl.formatMessage({ id: "inStore.none" })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <div>
          <p className="font-semibold">{name}</p>
          <address className="not-italic">
            {store.address.street}
            <br />
            {store.address.city}, {store.address.zip}
          </address>
          {today && (
            <p className="mt-1">
              {today.display
                ? intl.formatMessage({ id: "inStore.todayOpen" }, { hours: today.display })
                : intl.formatMessage({ id: "inStore.todayClosed" })}
            </p>
          )}
        </div>
        <Link to="/stores/" className="font-semibold underline" data-testid="in-store-locator">
          <FormattedMessage id="inStore.allStores" />
        </Link>
      </div>
    </Dialog>
  );
}
