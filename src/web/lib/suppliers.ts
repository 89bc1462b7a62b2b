import { type CartOutput, OWN_SUPPLIER } from "#modules/cart/cart.contract.ts";

type Line = CartOutput["lines"][number];

export const SHOP_NAME = "Pitchside";

/** Who ships a line, as shoppers read it: the shop's own warehouse under the shop's name. */
export const supplierName = (supplier: string) => (supplier === OWN_SUPPLIER ? SHOP_NAME : supplier);

/** Lines grouped by who ships them, the shop's own first. */
export function groupBySupplier(lines: Line[]): { supplier: string; lines: Line[] }[] {
  const groups = new Map<string, Line[]>();
  for (const line of lines) groups.set(line.supplier, [...(groups.get(line.supplier) ?? []), line]);
  return [...groups.entries()]
    .map(([supplier, grouped]) => ({ supplier, lines: grouped }))
    .sort((a, b) => Number(b.supplier === OWN_SUPPLIER) - Number(a.supplier === OWN_SUPPLIER));
}
