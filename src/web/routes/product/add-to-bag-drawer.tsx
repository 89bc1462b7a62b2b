import { Check } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useRevalidator } from "react-router";
import type { CustomizationInput } from "#modules/cart/customization.contract.ts";
import type { ProductDetail } from "#modules/product/product.contract.ts";
import { SizeRadioGroup } from "#web/components/size-radio-group.tsx";
import { call } from "#web/lib/api.ts";
import { track, trackItem } from "#web/lib/tracking.ts";
import { Dialog, DialogClose } from "#web/ui/dialog.tsx";
import {
  type DrawerEvent,
  type DrawerState,
  PACKAGE_ADVANCE_MS,
  packageComplete,
} from "./add-to-bag-machine.ts";

// The print panel (with its form library and contract) loads only when a shopper opens it.
const CustomizationPanel = lazy(() =>
  import("./customization-panel.tsx").then((module) => ({ default: module.CustomizationPanel })),
);

/** The bag is read after an add to show its total; a slow read is given up after 2 s. */
export const CART_READ_TIMEOUT_MS = 2000;

/**
 * The add-to-bag drawer. Its state is the pure reducer in add-to-bag-machine.ts; this component
 * renders the current step and makes the calls.
 */
export function AddToBagDrawer({
  product,
  state,
  dispatch,
}: {
  product: ProductDetail;
  state: DrawerState;
  dispatch: (event: DrawerEvent) => void;
}) {
  const intl = useIntl();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [bagTotal, setBagTotal] = useState<{ amount: number; currency: string } | null>(null);
  const open = state.step !== "none";

  // A package moves on to its next item a moment after a size is chosen.
  const itemIds = product.subitems.map((item) => item.product_id);
  const chosenCount = Object.keys(state.packageSizes).length;
  useEffect(() => {
    if (state.step !== "package" || chosenCount === 0) return;
    const timer = setTimeout(
      () => dispatch({ type: "nextPackageItem", itemCount: itemIds.length }),
      PACKAGE_ADVANCE_MS,
    );
    return () => clearTimeout(timer);
  }, [chosenCount, state.step, dispatch, itemIds.length]);

  const afterAdd = async (lineId: number, customized: boolean) => {
    const sizeName = product.stock.find((size) => size.size_id === state.sizeId)?.name ?? null;
    dispatch({ type: "added", added: { lineId, sizeName, customized } });
    track({ event: "add_to_cart", ecommerce: trackItem(product) });
    revalidator.revalidate();
    try {
      const cart = await call("GET /cart/data/", { signal: AbortSignal.timeout(CART_READ_TIMEOUT_MS) });
      setBagTotal({ amount: cart.cart_total_amount, currency: cart.currency });
    } catch {
      setBagTotal(null);
    }
  };

  const addSize = async (sizeId: number, customization: CustomizationInput | null) => {
    setBusy(true);
    setFailed(false);
    try {
      const result = await call("POST /cart/items/add_to_cart/", {
        form: { product: String(product.id), size: String(sizeId), amount: "1" },
      });
      const lineId = result.data?.pk as number;
      if (customization) {
        await call("POST /customizations/update/:id/", {
          params: { id: lineId },
          form: { ...customization },
        });
      }
      await afterAdd(lineId, Boolean(customization));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const addPackage = async () => {
    setBusy(true);
    setFailed(false);
    try {
      // The button is enabled only once every item has its size (packageComplete).
      const sizeOf = (id: number) => state.packageSizes[id] as number;
      const result = await call("POST /cart/items/new_cart/", {
        json: {
          product: { product_id: product.id, amount: 1 },
          subproducts: itemIds.map((id) => ({ product_id: id, size_id: sizeOf(id), amount: 1 })),
          promotions: [],
        },
      });
      await afterAdd(result.data?.pk as number, false);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const [pendingPrint, setPendingPrint] = useState<CustomizationInput | null>(null);
  const titleId =
    state.step === "powerstep"
      ? "drawer.added"
      : state.step === "package"
        ? "drawer.package"
        : state.step === "customization"
          ? "customization.title"
          : "drawer.chooseSize";

  return (
    <Dialog
      side="sheet"
      className="p-5 md:w-[28rem]"
      testId="add-to-bag-drawer"
      open={open}
      onOpenChange={(next) => !next && dispatch({ type: "close" })}
      title={<FormattedMessage id={titleId} />}
      description={`${product.brand} ${product.name}`}
    >
      {(state.step === "sizes" || state.step === "customizationSizes") && (
        <div className="flex flex-col gap-4">
          <SizeList
            sizes={product.stock}
            selected={state.sizeId}
            disableMarketplace={state.step === "customizationSizes"}
            onSelect={(sizeId) => dispatch({ type: "selectSize", sizeId })}
          />
          {state.step === "customizationSizes" && (
            <p className="text-sm text-neutral-700">
              <FormattedMessage id="customization.marketplaceSizes" />
            </p>
          )}
          <AddFailed failed={failed} onDismiss={() => setFailed(false)} />
          <button
            type="button"
            disabled={state.sizeId === null || busy}
            onClick={() =>
              state.sizeId !== null &&
              addSize(state.sizeId, state.step === "customizationSizes" ? pendingPrint : null)
            }
            className="rounded-full bg-neutral-900 px-5 py-3 font-semibold text-white disabled:opacity-50"
          >
            <FormattedMessage id={state.sizeId === null ? "drawer.chooseSizeFirst" : "product.addToBag"} />
          </button>
          {product.is_customizable && state.step === "sizes" && (
            <button
              type="button"
              onClick={() => dispatch({ type: "customize" })}
              data-testid="customize"
              className="rounded-full border border-neutral-900 px-5 py-3 font-semibold"
            >
              <FormattedMessage id="customization.open" />
            </button>
          )}
        </div>
      )}

      {state.step === "customization" && (
        <Suspense fallback={<div className="h-40 animate-pulse rounded bg-neutral-100" aria-busy="true" />}>
          <CustomizationPanel
            productId={product.id}
            busy={busy}
            error={failed}
            onDismissError={() => setFailed(false)}
            onSubmit={(values) => {
              const chosen = product.stock.find((size) => size.size_id === state.sizeId);
              // A print needs a size the print shop holds; without one the print sizes come next.
              if (chosen && !(values && chosen.is_marketplace)) {
                void addSize(chosen.size_id, values);
              } else {
                setPendingPrint(values);
                dispatch({ type: "chooseSizeForPrint" });
              }
            }}
          />
        </Suspense>
      )}

      {state.step === "package" && <PackageSteps product={product} state={state} dispatch={dispatch} />}
      {state.step === "package" && (
        <div className="mt-4 flex flex-col gap-2">
          <AddFailed failed={failed} onDismiss={() => setFailed(false)} />
          <button
            type="button"
            disabled={!packageComplete(state, itemIds) || busy}
            onClick={addPackage}
            data-testid="add-package"
            className="rounded-full bg-neutral-900 px-5 py-3 font-semibold text-white disabled:opacity-50"
          >
            <FormattedMessage id="product.addToBag" />
          </button>
        </div>
      )}

      {state.step === "powerstep" && state.added && (
        <div className="flex flex-col gap-4" data-testid="powerstep">
          <div className="flex gap-3">
            <img
              src={product.images[0]?.src}
              alt=""
              width={80}
              height={80}
              className="size-20 rounded bg-neutral-100 object-contain"
            />
            <div className="text-sm">
              <p className="flex items-center gap-1 font-semibold text-green-800">
                <Check aria-hidden="true" className="size-4" />
                <FormattedMessage id="drawer.addedToBag" />
              </p>
              <p>
                {product.brand} {product.name}
              </p>
              {state.added.sizeName && (
                <p>
                  <FormattedMessage id="drawer.size" values={{ size: state.added.sizeName }} />
                </p>
              )}
              {state.added.customized && (
                <p>
                  <FormattedMessage id="drawer.withPrint" />
                </p>
              )}
            </div>
          </div>
          {bagTotal && (
            <p className="font-semibold">
              <FormattedMessage
                id="drawer.bagTotal"
                values={{
                  total: intl.formatNumber(bagTotal.amount, {
                    style: "currency",
                    currency: bagTotal.currency,
                  }),
                }}
              />
            </p>
          )}
          <Link
            to="/cart/"
            className="rounded-full bg-neutral-900 px-5 py-3 text-center font-semibold text-white"
          >
            <FormattedMessage id="drawer.goToBag" />
          </Link>
          <DialogClose className="rounded-full border border-neutral-900 px-5 py-3 font-semibold">
            <FormattedMessage id="drawer.continue" />
          </DialogClose>
        </div>
      )}
    </Dialog>
  );
}

function AddFailed({ failed, onDismiss }: { failed: boolean; onDismiss: () => void }) {
  if (!failed) return null;
  return (
    <div
      role="alert"
      className="flex items-start justify-between gap-2 rounded border border-red-700 bg-red-50 p-3 text-sm text-red-800"
    >
      <FormattedMessage id="drawer.addFailed" />
      <button type="button" onClick={onDismiss} className="font-semibold underline">
        <FormattedMessage id="common.dismiss" />
      </button>
    </div>
  );
}

/** The sizes to choose from: the shop's one size picker, a radio group (shared with other pickers). */
export const SizeList = SizeRadioGroup;

function PackageSteps({
  product,
  state,
  dispatch,
}: {
  product: ProductDetail;
  state: DrawerState;
  dispatch: (event: DrawerEvent) => void;
}) {
  return (
    <ol className="flex flex-col gap-3" data-testid="package-items">
      {product.subitems.map((item, index) => {
        const chosen = item.sizes.find((size) => size.size_id === state.packageSizes[item.product_id]);
        const current = index === state.packageIndex;
        return (
          <li key={item.product_id} className="rounded border border-neutral-300 p-3">
            <button
              type="button"
              aria-expanded={current}
              onClick={() => dispatch({ type: "showPackageItem", index })}
              className="flex w-full items-center gap-3 text-left"
            >
              <img
                src={item.image}
                alt=""
                width={48}
                height={48}
                className="size-12 rounded bg-neutral-100 object-contain"
              />
              <span className="flex-1 text-sm font-semibold">{item.name}</span>
              <span className="text-sm">
                {chosen ? chosen.name : <FormattedMessage id="drawer.noSizeYet" />}
              </span>
            </button>
            {current && (
              <div className="mt-3">
                <SizeList
                  sizes={item.sizes}
                  selected={state.packageSizes[item.product_id] ?? null}
                  onSelect={(sizeId) =>
                    dispatch({ type: "selectPackageSize", productId: item.product_id, sizeId })
                  }
                />
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
