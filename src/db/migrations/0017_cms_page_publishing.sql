ALTER TABLE "cms_pages" ADD COLUMN "page_type" text DEFAULT 'content.ContentPage' NOT NULL;--> statement-breakpoint
ALTER TABLE "cms_pages" ADD COLUMN "seo_title" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cms_pages" ADD COLUMN "search_description" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cms_pages" ADD COLUMN "published_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "cms_pages" ADD COLUMN "first_published_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "cms_pages" ADD COLUMN "markets" jsonb;