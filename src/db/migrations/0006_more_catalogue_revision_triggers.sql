-- The product page is cached per catalogue revision too (decision 0014): what it shows from
-- suppliers, package contents, selling points, product messages and offers moves the revision.
CREATE TRIGGER "suppliers_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "suppliers"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "package_items_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "package_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "selling_points_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "selling_points"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "product_messages_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_messages"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "promotions_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "promotions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
