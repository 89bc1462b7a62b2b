import { useEffect, useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useRevalidator } from "react-router";
import type { ProductCard } from "#modules/catalog/catalog.contract.ts";
import { productTitle } from "#modules/catalog/product-name.ts";
import type { StockEntry } from "#modules/product/product.contract.ts";
import { call } from "#web/lib/api.ts";
import { Dialog, DialogClose } from "#web/ui/dialog.tsx";
import { Check } from "#web/ui/icons.tsx";
import { SizeGrid } from "../product/size-grid.tsx";

/**
 * Adding a reel's product to the bag: the product page's sheet and size grid, with the sizes read
 * when it opens (`GET /api/availability/{id}/`). A size must be chosen; after the add, the sheet says
 * so and leads to the bag.
 */
export function ReelProductSheet({ product, onClose }: { product: ProductCard; onClose: () => void }) {
  const intl = useIntl();
  const revalidator = useRevalidator();
  const errorId = useId();
  const [sizes, setSizes] = useState<StockEntry[] | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [needSize, setNeedSize] = useState(false);
  const [state, setState] = useState<"idle" | "busy" | "added" | "failed">("idle");
  const name = productTitle(product.brand, product.name);

  useEffect(() => {
    const controller = new AbortController();
    call("GET /api/availability/:id/", { params: { id: product.product_id }, signal: controller.signal })
      .then((entries) => {
        setSizes(entries);
        const inStock = entries.filter((size) => size.stock_info > 0);
        if (inStock.length === 1) setSelected(inStock[0]?.size_id ?? null);
      })
      .catch(() => {
        if (!controller.signal.aborted) setSizes([]);
      });
    return () => controller.abort();
  }, [product.product_id]);

  const add = async () => {
    if (selected === null) {
      setNeedSize(true);
      return;
    }
    setState("busy");
    try {
      const result = await call("POST /cart/items/add_to_cart/", {
        form: { product: String(product.product_id), size: String(selected), amount: "1" },
      });
      if (!result.success) throw new Error(result.error_messages.join(" "));
      setState("added");
      // The header's bag count follows.
      revalidator.revalidate();
    } catch {
      setState("failed");
    }
  };

  const available = sizes?.some((size) => size.stock_info > 0) ?? false;
  return (
    <Dialog
      side="sheet"
      open
      onOpenChange={(open) => !open && onClose()}
      title={<FormattedMessage id={state === "added" ? "drawer.added" : "drawer.chooseSize"} />}
      description={name}
      className="p-5 md:w-[28rem]"
      testId="reel-add-sheet"
    >
      <div className="flex items-center gap-3">
        <img src={product.image} alt="" width={64} height={64} className="size-16 rounded object-contain" />
        <div className="text-sm">
          <p className="font-semibold">{name}</p>
          <p className="font-bold">
            {intl.formatNumber(product.prices.min_price, {
              style: "currency",
              currency: product.prices.currency,
            })}
          </p>
        </div>
      </div>
      {state === "added" ? (
        <div className="mt-6 flex flex-col gap-3">
          <p className="flex items-center gap-2 font-semibold" role="status">
            <Check aria-hidden="true" className="size-5 text-green-700" />
            <FormattedMessage id="drawer.addedToBag" />
          </p>
          <Link
            to="/cart/"
            className="rounded-full bg-pitch-900 px-4 py-3 text-center font-bold text-white"
            data-testid="reel-go-to-bag"
          >
            <FormattedMessage id="drawer.goToBag" />
          </Link>
          <DialogClose className="rounded-full border border-neutral-500 px-4 py-3 font-semibold">
            <FormattedMessage id="drawer.continue" />
          </DialogClose>
        </div>
      ) : (
        <div className="mt-6 flex flex-col gap-4">
          {sizes === null ? (
            <p role="status" className="text-sm text-neutral-700">
              <FormattedMessage id="reels.loading" />
            </p>
          ) : !available ? (
            <p className="text-sm">
              <FormattedMessage id="reels.noSizes" />
            </p>
          ) : (
            <SizeGrid
              sizes={sizes}
              selected={selected}
              onSelect={(sizeId) => {
                setSelected((before) => (before === sizeId ? null : sizeId));
                setNeedSize(false);
                setState("idle");
              }}
              label={<FormattedMessage id="product.sizes" />}
              describedBy={needSize ? errorId : undefined}
              testId="reel-sizes"
            />
          )}
          {needSize && (
            <p id={errorId} className="text-sm font-semibold text-red-700" role="alert">
              <FormattedMessage id="drawer.chooseSizeFirst" />
            </p>
          )}
          {state === "failed" && (
            <p className="text-sm font-semibold text-red-700" role="alert">
              <FormattedMessage id="drawer.addFailed" />
            </p>
          )}
          <button
            type="button"
            onClick={add}
            disabled={!available || state === "busy"}
            className="rounded-full bg-pitch-900 px-4 py-3 font-bold text-white disabled:opacity-60"
            data-testid="reel-add-to-bag"
          >
            <FormattedMessage id="product.addToBag" />
          </button>
        </div>
      )}
    </Dialog>
  );
}
