CREATE TABLE "search_entries" (
	"id" integer PRIMARY KEY NOT NULL,
	"online" boolean NOT NULL,
	"name" text NOT NULL,
	"brand_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"color" text NOT NULL,
	"boot_surface" text,
	"age_group" text NOT NULL,
	"is_exclusive" boolean NOT NULL,
	"is_preorder" boolean NOT NULL,
	"is_customizable" boolean NOT NULL,
	"popularity" integer NOT NULL,
	"online_at" timestamp with time zone NOT NULL,
	"search_name" text NOT NULL,
	"document" "tsvector" NOT NULL,
	"title" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_entries" ADD CONSTRAINT "search_entries_id_products_id_fk" FOREIGN KEY ("id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_entries_document_idx" ON "search_entries" USING gin ("document");--> statement-breakpoint
CREATE INDEX "search_entries_search_name_trgm_idx" ON "search_entries" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
-- Hand-added: the search columns move from the wide products rows to search_entries (decision 0042).
-- Run `pitchside reindex` once after this migration to fill search_entries for existing products.
DROP INDEX IF EXISTS "products_search_document_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_search_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN IF EXISTS "search_document";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN IF EXISTS "search_name";
