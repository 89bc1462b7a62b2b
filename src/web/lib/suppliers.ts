import type { CartOutput } from "#modules/cart/cart.contract.ts";
import { isOwnSupplier, OWN_SUPPLIER } from "#modules/cart/suppliers.ts";

type Line = CartOutput["lines"][number];

export const SHOP_NAME = "Pitchside";

/** Who ships a line, as shoppers read it: the shop's own warehouses under the shop's name. */
export const supplierName = (supplier: string) => (isOwnSupplier(supplier) ? SHOP_NAME : supplier);

/** The supplier a line is grouped under: the shop's own warehouses are one package. */
export const shipperOf = (supplier: string) => (isOwnSupplier(supplier) ? OWN_SUPPLIER : supplier);

/** Lines grouped by who ships them, the shop's own first. */
export function groupBySupplier(lines: Line[]): { supplier: string; lines: Line[] }[] {
  const groups = new Map<string, Line[]>();
  for (const line of lines) {
    const supplier = shipperOf(line.supplier);
    groups.set(supplier, [...(groups.get(supplier) ?? []), line]);
  }
  return [...groups.entries()]
    .map(([supplier, grouped]) => ({ supplier, lines: grouped }))
    .sort((a, b) => Number(b.supplier === OWN_SUPPLIER) - Number(a.supplier === OWN_SUPPLIER));
}
