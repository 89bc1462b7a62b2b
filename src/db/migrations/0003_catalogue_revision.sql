-- Catalogue revision: a counter moved by every change to what a product listing shows (products,
-- prices, price history, sizes and stock, brands, categories, editorial content). Listing results are cached per
-- revision; a sequence is used because nextval never waits on another transaction, so stock
-- changes during checkout do not queue behind each other here.
CREATE SEQUENCE IF NOT EXISTS "catalogue_revision";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_catalogue_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('catalogue_revision');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "product_prices_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_prices"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "price_history_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "price_history"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "product_sizes_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_sizes"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "brands_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "brands"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "categories_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "content_items_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
