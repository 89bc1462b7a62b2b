-- Search: full text over name, brand, style, category, description and specifications, plus
-- trigram similarity on the name for typo tolerance. Maintained by refreshSearchDocuments().
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_name" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_document" tsvector;
--> statement-breakpoint
CREATE INDEX "products_search_document_idx" ON "products" USING gin ("search_document");
--> statement-breakpoint
CREATE INDEX "products_search_name_trgm_idx" ON "products" USING gin ("search_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "products_color_idx" ON "products" ("color");
