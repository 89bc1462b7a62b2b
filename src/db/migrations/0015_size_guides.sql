CREATE TABLE "size_guides" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"item_types" jsonb NOT NULL,
	"age_groups" jsonb NOT NULL,
	"title" jsonb NOT NULL,
	"how_to_measure" jsonb NOT NULL,
	"columns" jsonb NOT NULL,
	"rows" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "size_guides_slug_key" ON "size_guides" USING btree ("slug");--> statement-breakpoint
-- The product page carries its size guide, and the page is cached per catalogue revision (decision 0014).
CREATE TRIGGER "size_guides_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "size_guides"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
