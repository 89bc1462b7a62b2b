-- Whole pages for anonymous visitors are cached per catalogue revision (decision 0051): what the
-- home, content, store, masterclass and product pages show besides the catalogue moves it too —
-- CMS pages, policy texts, stores, masterclass lessons, published reviews, delivery methods (the
-- free-delivery line) and print options.
CREATE TRIGGER "cms_pages_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cms_pages"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "policy_texts_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "policy_texts"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "stores_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stores"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "masterclass_positions_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "masterclass_positions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "masterclass_skills_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "masterclass_skills"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "masterclass_videos_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "masterclass_videos"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "product_reviews_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "delivery_methods_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "delivery_methods"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
--> statement-breakpoint
CREATE TRIGGER "customization_options_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "customization_options"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
