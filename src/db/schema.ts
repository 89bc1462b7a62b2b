// Every module's tables, for the Drizzle client and drizzle-kit. Add a module's schema file here.
export * from "../modules/accounts/accounts.schema.ts";
