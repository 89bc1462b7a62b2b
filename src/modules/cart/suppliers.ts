/** The supplier holding the shop's own stock, shown under the shop's name. */
export const OWN_SUPPLIER = "Warehouse";

/**
 * The shop's own suppliers: the main warehouse and the buffer warehouse (slower stock). Shoppers see
 * both under the shop's name, as one package.
 */
export const OWN_SUPPLIERS: readonly string[] = [OWN_SUPPLIER, "Buffer Warehouse"];

/** Whether a supplier name is one of the shop's own warehouses. */
export const isOwnSupplier = (supplier: string) => OWN_SUPPLIERS.includes(supplier);
