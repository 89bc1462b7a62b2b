-- Imported pictures are copied into the shop's own media storage (decision 0055): where each copy stands.
ALTER TABLE "product_images" ADD COLUMN "stored_path" text;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "copy_state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "copy_error" text;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "copied_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "product_images_not_stored_idx" ON "product_images" USING btree ("copy_state") WHERE "product_images"."copy_state" <> 'stored';--> statement-breakpoint
-- Pictures are shown on cached pages and cards (decision 0055): a stored copy moves the catalogue
-- revision like any other change to what a product shows.
CREATE TRIGGER "product_images_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_images"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
