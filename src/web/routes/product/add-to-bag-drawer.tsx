import { lazy, Suspense, useEffect, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import type { CustomizationInput } from "#modules/cart/customization.contract.ts";
import { productTitle } from "#modules/catalog/product-name.ts";
import { useSizeLabel } from "#web/lib/sizes.ts";
import { useSecondary } from "#web/lib/use-secondary.ts";
import { Dialog, DialogClose } from "#web/ui/dialog.tsx";
import { Check } from "#web/ui/icons.tsx";
import {
  type DrawerEvent,
  type DrawerState,
  PACKAGE_ADVANCE_MS,
  packageComplete,
} from "./add-to-bag-machine.ts";
import type { ProductView } from "./product-view.ts";
import { SizeGrid } from "./size-grid.tsx";
import { SizeGuideButton } from "./size-guide.tsx";
import type { AddToBag } from "./use-add-to-bag.ts";

// The print panel (with its form library and contract) loads only when a shopper opens it.
const CustomizationPanel = lazy(() =>
  import("./customization-panel.tsx").then((module) => ({ default: module.CustomizationPanel })),
);

/**
 * The add-to-bag drawer. Its state is the pure reducer in add-to-bag-machine.ts; this component
 * renders the current step, and `bag` (use-add-to-bag.ts) makes the calls.
 */
export function AddToBagDrawer({
  product,
  state,
  dispatch,
  bag,
}: {
  product: ProductView;
  state: DrawerState;
  dispatch: (event: DrawerEvent) => void;
  bag: AddToBag;
}) {
  const sizeLabel = useSizeLabel();
  const open = state.step !== "none";
  const title = productTitle(product.brand, product.name);

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

  const sizeNameOf = (sizeId: number) => product.stock.find((size) => size.size_id === sizeId)?.name ?? null;
  const addSize = (sizeId: number, customization: CustomizationInput | null) =>
    bag.addSize(sizeId, sizeNameOf(sizeId), customization);
  // The button is enabled only once every item has its size (packageComplete).
  const addPackage = () =>
    bag.addPackage(itemIds.map((id) => ({ product_id: id, size_id: state.packageSizes[id] as number })));

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
      description={title}
    >
      {(state.step === "sizes" || state.step === "customizationSizes") && (
        <div className="flex flex-col gap-4">
          <SizeGrid
            sizes={product.stock}
            selected={state.sizeId}
            disabledSize={state.step === "customizationSizes" ? (size) => size.is_marketplace : undefined}
            onSelect={(sizeId) => dispatch({ type: "selectSize", sizeId })}
            label={<FormattedMessage id="product.sizes" />}
            labelAside={
              product.size_guide && (
                <SizeGuideButton
                  guide={product.size_guide}
                  productSizes={product.stock.flatMap((size) => [size.name, size.name_short])}
                  testId="drawer-size-guide-open"
                />
              )
            }
          />
          {state.step === "customizationSizes" && (
            <p className="text-sm text-neutral-700">
              <FormattedMessage id="customization.marketplaceSizes" />
            </p>
          )}
          <AddFailed failed={bag.failed} onDismiss={bag.dismissFailure} />
          <button
            type="button"
            disabled={state.sizeId === null || bag.busy}
            onClick={() =>
              state.sizeId !== null &&
              addSize(state.sizeId, state.step === "customizationSizes" ? pendingPrint : null)
            }
            data-testid="drawer-add"
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
            busy={bag.busy}
            error={bag.failed}
            onDismissError={bag.dismissFailure}
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
          <AddFailed failed={bag.failed} onDismiss={bag.dismissFailure} />
          <button
            type="button"
            disabled={!packageComplete(state, itemIds) || bag.busy}
            onClick={addPackage}
            data-testid="add-package"
            className="rounded-full bg-neutral-900 px-5 py-3 font-semibold text-white disabled:opacity-50"
          >
            <FormattedMessage id="product.addToBag" />
          </button>
        </div>
      )}

      {state.step === "powerstep" && state.added && (
        <Powerstep
          product={product}
          title={title}
          sizeName={state.added.sizeName ? sizeLabel(state.added.sizeName) : null}
          customized={state.added.customized}
          bag={bag}
        />
      )}
    </Dialog>
  );
}

/**
 * After an add: what went in (picture, name, size, the line's price), the bag's total, the way to
 * the bag, and a few things that go with it ("complete the look").
 */
function Powerstep({
  product,
  title,
  sizeName,
  customized,
  bag,
}: {
  product: ProductView;
  title: string;
  sizeName: string | null;
  customized: boolean;
  bag: AddToBag;
}) {
  const intl = useIntl();
  const { line } = bag;
  const money = (amount: number) =>
    intl.formatNumber(amount, { style: "currency", currency: line?.currency ?? product.prices.currency });
  const suggestions = useSecondary(
    "GET /api/products/complete_the_look/:id/",
    { params: { id: product.id } },
    (result) => result.results,
    [],
  );
  return (
    <div className="flex flex-col gap-4" data-testid="powerstep">
      <div className="flex gap-3">
        <img
          src={product.images[0]?.src}
          alt=""
          width={80}
          height={80}
          className="size-20 shrink-0 rounded bg-neutral-100 object-contain"
        />
        <div className="flex-1 text-sm">
          <p className="flex items-center gap-1 font-semibold text-green-800">
            <Check aria-hidden="true" className="size-4" />
            <FormattedMessage id="drawer.addedToBag" />
          </p>
          <p data-testid="powerstep-name">{title}</p>
          {sizeName && (
            <p>
              <FormattedMessage id="drawer.size" values={{ size: sizeName }} />
            </p>
          )}
          {customized && (
            <p>
              <FormattedMessage id="drawer.withPrint" />
            </p>
          )}
          {line && line.quantity > 1 && (
            <p>
              <FormattedMessage id="drawer.quantityInBag" values={{ count: line.quantity }} />
            </p>
          )}
        </div>
        {line && (
          <p className="text-right text-sm" data-testid="powerstep-price">
            <span className="block font-semibold">{money(line.lineTotal)}</span>
            {line.lineTotalRrp > line.lineTotal && (
              <s className="block text-neutral-700">
                <span className="sr-only">{intl.formatMessage({ id: "card.rrp" }, { price: "" })}</span>
                {money(line.lineTotalRrp)}
              </s>
            )}
          </p>
        )}
      </div>
      {line && (
        <p className="flex justify-between border-t border-neutral-200 pt-3 font-semibold">
          <FormattedMessage id="drawer.bagTotal" values={{ total: money(line.bagTotal) }} />
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
      {suggestions.length > 0 && (
        <section aria-labelledby="complete-the-look" data-testid="complete-the-look">
          <h3 id="complete-the-look" className="mb-2 font-semibold">
            <FormattedMessage id="drawer.completeTheLook" />
          </h3>
          <ul className="flex flex-col gap-2">
            {suggestions.map((card) => (
              <li key={card.product_id}>
                <Link
                  to={card.relative_url}
                  className="flex items-center gap-3 rounded border border-neutral-200 p-2 hover:border-neutral-900"
                >
                  <img
                    src={card.image}
                    alt=""
                    width={56}
                    height={56}
                    loading="lazy"
                    className="size-14 shrink-0 rounded bg-neutral-100 object-contain"
                  />
                  <span className="flex-1 text-sm">
                    <span className="block">{productTitle(card.brand, card.name)}</span>
                    <span className="block font-semibold">
                      {intl.formatNumber(card.prices.min_price, {
                        style: "currency",
                        currency: card.prices.currency,
                      })}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
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

function PackageSteps({
  product,
  state,
  dispatch,
}: {
  product: ProductView;
  state: DrawerState;
  dispatch: (event: DrawerEvent) => void;
}) {
  const sizeLabel = useSizeLabel();
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
                {chosen ? sizeLabel(chosen.name) : <FormattedMessage id="drawer.noSizeYet" />}
              </span>
            </button>
            {current && (
              <div className="mt-3">
                <SizeGrid
                  sizes={item.sizes}
                  selected={state.packageSizes[item.product_id] ?? null}
                  onSelect={(sizeId) =>
                    dispatch({ type: "selectPackageSize", productId: item.product_id, sizeId })
                  }
                  label={<FormattedMessage id="product.sizes" />}
                />
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
