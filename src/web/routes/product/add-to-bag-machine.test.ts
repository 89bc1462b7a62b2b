import { describe, expect, it } from "vitest";
import { bagButtonAction, drawerReducer, initialDrawer, packageComplete } from "./add-to-bag-machine.ts";

describe("add-to-bag drawer", () => {
  it("opens on sizes, toggles a size off when it is clicked again, and resets when closed", () => {
    let state = drawerReducer(initialDrawer, { type: "open", kind: "sizes" });
    expect(state.step).toBe("sizes");
    state = drawerReducer(state, { type: "selectSize", sizeId: 4 });
    expect(state.sizeId).toBe(4);
    state = drawerReducer(state, { type: "selectSize", sizeId: 4 });
    expect(state.sizeId).toBeNull();
    state = drawerReducer(state, { type: "selectSize", sizeId: 5 });
    state = drawerReducer(state, { type: "added", added: { lineId: 1, sizeName: "42", customized: false } });
    expect(state.step).toBe("powerstep");
    expect(drawerReducer(state, { type: "close" })).toEqual(initialDrawer);
  });

  it("walks a package item by item and is complete once every item has a size", () => {
    let state = drawerReducer(initialDrawer, { type: "open", kind: "package" });
    expect(state.step).toBe("package");
    state = drawerReducer(state, { type: "selectPackageSize", productId: 10, sizeId: 100 });
    expect(packageComplete(state, [10, 11])).toBe(false);
    state = drawerReducer(state, { type: "nextPackageItem", itemCount: 2 });
    expect(state.packageIndex).toBe(1);
    state = drawerReducer(state, { type: "selectPackageSize", productId: 11, sizeId: 110 });
    state = drawerReducer(state, { type: "nextPackageItem", itemCount: 2 });
    expect(state.packageIndex).toBe(1);
    expect(packageComplete(state, [10, 11])).toBe(true);
  });

  it("goes from the print panel to the print sizes", () => {
    let state = drawerReducer(initialDrawer, { type: "open", kind: "sizes" });
    state = drawerReducer(state, { type: "customize" });
    expect(state.step).toBe("customization");
    state = drawerReducer(state, { type: "chooseSizeForPrint" });
    expect(state.step).toBe("customizationSizes");
  });

  it("adds a one-size product at once, opens a package's items, and otherwise asks for a size", () => {
    expect(bagButtonAction({ is_package: true, stock: [] })).toEqual({ kind: "package" });
    expect(
      bagButtonAction({ is_package: false, stock: [{ size_id: 3, name_short: "OS", stock_info: 5 }] }),
    ).toEqual({
      kind: "direct",
      sizeId: 3,
    });
    expect(
      bagButtonAction({ is_package: false, stock: [{ size_id: 3, name_short: "42", stock_info: 5 }] }),
    ).toEqual({
      kind: "sizes",
    });
  });
});
