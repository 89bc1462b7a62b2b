// Every module's tables, for the Drizzle client and drizzle-kit. Add a module's schema file here.
export * from "../modules/accounts/accounts.schema.ts";
export * from "../modules/accounts/addresses.schema.ts";
export * from "../modules/cart/cart.schema.ts";
export * from "../modules/cart/vouchers.schema.ts";
export * from "../modules/catalog/catalog.schema.ts";
export * from "../modules/checkout/checkout.schema.ts";
export * from "../modules/content/content.schema.ts";
export * from "../modules/favourites/favourites.schema.ts";
export * from "../modules/orders/orders.schema.ts";
export * from "../modules/payments/payments.schema.ts";
