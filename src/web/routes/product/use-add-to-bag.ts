import { useState } from "react";
import { useRevalidator } from "react-router";
import type { CustomizationInput } from "#modules/cart/customization.contract.ts";
import { call } from "#web/lib/api.ts";
import { track, trackItem } from "#web/lib/tracking.ts";
import type { DrawerEvent } from "./add-to-bag-machine.ts";
import type { ProductView } from "./product-view.ts";

/** The bag is read after an add to show the line and the total; a slow read is given up after 2 s. */
export const CART_READ_TIMEOUT_MS = 2000;

/** What the powerstep shows of the line just added, read back from the bag. */
export interface AddedLine {
  lineTotal: number;
  lineTotalRrp: number;
  quantity: number;
  bagTotal: number;
  currency: string;
}

export interface AddToBag {
  busy: boolean;
  failed: boolean;
  dismissFailure: () => void;
  line: AddedLine | null;
  addSize: (
    sizeId: number,
    sizeName: string | null,
    customization: CustomizationInput | null,
  ) => Promise<void>;
  addPackage: (sizes: { product_id: number; size_id: number }[]) => Promise<void>;
}

/**
 * Putting the product in the bag, from the page (a size chosen in the grid) or from the drawer: the
 * calls, then the drawer moves to its powerstep with the line's price and the bag's total.
 */
export function useAddToBag(product: ProductView, dispatch: (event: DrawerEvent) => void): AddToBag {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [line, setLine] = useState<AddedLine | null>(null);

  const afterAdd = async (lineId: number, sizeName: string | null, customized: boolean) => {
    setLine(null);
    dispatch({ type: "added", added: { lineId, sizeName, customized } });
    track({ event: "add_to_cart", ecommerce: trackItem(product) });
    revalidator.revalidate();
    try {
      const cart = await call("GET /cart/data/", { signal: AbortSignal.timeout(CART_READ_TIMEOUT_MS) });
      const added = cart.lines.find((l) => l.line_id === lineId);
      setLine({
        lineTotal: added?.line_total ?? 0,
        lineTotalRrp: added?.line_total_rrp ?? 0,
        quantity: added?.quantity ?? 1,
        bagTotal: cart.cart_total_amount,
        currency: cart.currency,
      });
    } catch {
      setLine(null);
    }
  };

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailed(false);
    try {
      await work();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return {
    busy,
    failed,
    dismissFailure: () => setFailed(false),
    line,
    addSize: (sizeId, sizeName, customization) =>
      attempt(async () => {
        // A print goes with the add: the shirt becomes a printed line of its own, never the plain
        // line of that size already in the bag.
        const result = await call("POST /cart/items/add_to_cart/", {
          form: { product: String(product.id), size: String(sizeId), amount: "1", ...customization },
        });
        const lineId = result.data?.pk as number;
        await afterAdd(lineId, sizeName, Boolean(customization));
      }),
    addPackage: (sizes) =>
      attempt(async () => {
        const result = await call("POST /cart/items/new_cart/", {
          json: {
            product: { product_id: product.id, amount: 1 },
            subproducts: sizes.map((size) => ({ ...size, amount: 1 })),
            promotions: [],
          },
        });
        await afterAdd(result.data?.pk as number, null, false);
      }),
  };
}
