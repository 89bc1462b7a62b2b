-- Stock moves with every order; the catalogue's structure (what a listing filters, counts and sorts
-- on) does not. Stock changes now move their own sequence, so the facet index (decision 0047), built
-- per catalogue revision, is not rebuilt after every sale, while cached listings and pages (keyed on
-- both sequences) still show stock at once. A size's other columns still move the catalogue revision.
CREATE SEQUENCE IF NOT EXISTS "stock_revision";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_stock_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('stock_revision');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "product_sizes_catalogue_revision" ON "product_sizes";
--> statement-breakpoint
CREATE TRIGGER "product_sizes_catalogue_revision" AFTER INSERT OR DELETE OR TRUNCATE ON "product_sizes"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "product_sizes_catalogue_revision_update"
  AFTER UPDATE OF "product_id", "sku", "name", "name_short", "sort", "supplier_id" ON "product_sizes"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "product_sizes_stock_revision"
  AFTER INSERT OR UPDATE OF "stock", "store_stock" OR DELETE OR TRUNCATE ON "product_sizes"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_stock_revision"();
