/**
 * The add-to-bag drawer's states, as the spec names them: none (closed), sizes, package,
 * customization, customization sizes, powerstep (what was added). Pure, so that every transition is
 * tested on its own; the drawer renders whatever state this returns.
 */
export type DrawerStep = "none" | "sizes" | "package" | "customization" | "customizationSizes" | "powerstep";

export interface Added {
  lineId: number;
  sizeName: string | null;
  customized: boolean;
}

export interface DrawerState {
  step: DrawerStep;
  sizeId: number | null;
  /** Package: the size chosen for each item (product id → size id) and the item being chosen. */
  packageSizes: Record<number, number>;
  packageIndex: number;
  added: Added | null;
}

export const initialDrawer: DrawerState = {
  step: "none",
  sizeId: null,
  packageSizes: {},
  packageIndex: 0,
  added: null,
};

export type DrawerEvent =
  | { type: "open"; kind: "package" | "sizes" }
  | { type: "customize" }
  | { type: "chooseSizeForPrint" }
  | { type: "selectSize"; sizeId: number }
  | { type: "selectPackageSize"; productId: number; sizeId: number }
  | { type: "nextPackageItem"; itemCount: number }
  | { type: "showPackageItem"; index: number }
  | { type: "added"; added: Added }
  | { type: "close" };

/** How long a package waits after a size is chosen before moving on to the next item. */
export const PACKAGE_ADVANCE_MS = 300;

export function drawerReducer(state: DrawerState, event: DrawerEvent): DrawerState {
  switch (event.type) {
    case "open":
      return { ...initialDrawer, step: event.kind };
    case "customize":
      return { ...state, step: "customization" };
    case "chooseSizeForPrint":
      return { ...state, step: "customizationSizes" };
    case "selectSize":
      // Clicking the chosen size again un-chooses it.
      return { ...state, sizeId: state.sizeId === event.sizeId ? null : event.sizeId };
    case "selectPackageSize":
      return { ...state, packageSizes: { ...state.packageSizes, [event.productId]: event.sizeId } };
    case "nextPackageItem":
      return { ...state, packageIndex: Math.min(state.packageIndex + 1, Math.max(0, event.itemCount - 1)) };
    case "showPackageItem":
      return { ...state, packageIndex: event.index };
    case "added":
      return { ...state, step: "powerstep", added: event.added };
    case "close":
      return initialDrawer;
  }
}

/** Every item of the package has a size: only then can it be added. */
export function packageComplete(state: DrawerState, itemIds: number[]): boolean {
  return itemIds.length > 0 && itemIds.every((id) => state.packageSizes[id] !== undefined);
}

/** What the bag button does: a package opens its items, a one-size product goes in at once. */
export function bagButtonAction(product: {
  is_package: boolean;
  stock: { size_id: number; name_short: string; stock_info: number }[];
}): { kind: "package" } | { kind: "direct"; sizeId: number } | { kind: "sizes" } {
  if (product.is_package) return { kind: "package" };
  const [only] = product.stock;
  if (
    product.stock.length === 1 &&
    only &&
    SINGLE_SIZE_SHORT_NAMES.has(only.name_short) &&
    only.stock_info > 0
  )
    return { kind: "direct", sizeId: only.size_id };
  return { kind: "sizes" };
}

/** The shop's single-size sizes (balls, bags, gift cards): these are added without a size step. */
export const SINGLE_SIZE_SHORT_NAMES = new Set(["OS"]);
