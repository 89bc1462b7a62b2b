CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"addr_number" text DEFAULT '' NOT NULL,
	"post_nummer" text NOT NULL,
	"town" text NOT NULL,
	"country" text NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"default_delivery" boolean DEFAULT false NOT NULL,
	"default_billing" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"last4" text NOT NULL,
	"currency" text NOT NULL,
	"initial_balance" integer NOT NULL,
	"balance" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"currency" text,
	"minimum_order" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"primary_color" text NOT NULL,
	"accent_color" text NOT NULL,
	"has_logo" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"slug" text NOT NULL,
	"path" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"item_type" text,
	"boot_surface" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customization_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"max_length" integer,
	"prices" jsonb NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_days" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_items" (
	"package_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "package_items_package_id_product_id_pk" PRIMARY KEY("package_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"currency" text NOT NULL,
	"price" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"text" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_prices" (
	"product_id" integer NOT NULL,
	"currency" text NOT NULL,
	"price" integer NOT NULL,
	"rrp" integer NOT NULL,
	CONSTRAINT "product_prices_product_id_currency_pk" PRIMARY KEY("product_id","currency")
);
--> statement-breakpoint
CREATE TABLE "product_sizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"name_short" text NOT NULL,
	"sort" integer NOT NULL,
	"stock" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"store_stock" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"style" text NOT NULL,
	"model" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"relative_url" text NOT NULL,
	"brand_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"color" text NOT NULL,
	"colours" jsonb NOT NULL,
	"boot_surface" text,
	"age_group" text NOT NULL,
	"specifications" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"online" boolean DEFAULT true NOT NULL,
	"is_exclusive" boolean DEFAULT false NOT NULL,
	"excluded_from_discounts" boolean DEFAULT false NOT NULL,
	"is_preorder" boolean DEFAULT false NOT NULL,
	"is_customizable" boolean DEFAULT false NOT NULL,
	"is_package" boolean DEFAULT false NOT NULL,
	"is_giftcard" boolean DEFAULT false NOT NULL,
	"has_360" boolean DEFAULT false NOT NULL,
	"video_id" text,
	"image_count" integer NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"online_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"title" jsonb NOT NULL,
	"benefit_product_ids" jsonb NOT NULL,
	"discount_percentage" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "selling_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"headline" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"icon" text NOT NULL,
	"tags" jsonb NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"is_marketplace" boolean DEFAULT false NOT NULL,
	"min_delivery_days" integer NOT NULL,
	"max_delivery_days" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"market" text NOT NULL,
	"supplier_id" integer,
	"name" jsonb NOT NULL,
	"info_text" jsonb NOT NULL,
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	"price" integer NOT NULL,
	"free_delivery_limit" integer,
	"icon" text NOT NULL,
	"drop_point_provider" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drop_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"provider" text NOT NULL,
	"country_code" text NOT NULL,
	"post_code" text NOT NULL,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"street2" text DEFAULT '' NOT NULL,
	"zipcode" text NOT NULL,
	"city" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"hours" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"market" text NOT NULL,
	"gateway" text NOT NULL,
	"type" text NOT NULL,
	"name" jsonb NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"icons" jsonb NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"blocks" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_pages_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "content_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"category_id" integer,
	"title" jsonb NOT NULL,
	"lead" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"body" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"index_placement" integer,
	"product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "masterclass_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "masterclass_positions_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "masterclass_skills" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "masterclass_skills_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "masterclass_videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"video_id" text NOT NULL,
	"duration_seconds" integer NOT NULL,
	"position_id" integer,
	"skill_id" integer,
	"members_only" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"title" jsonb NOT NULL,
	"html" jsonb NOT NULL,
	CONSTRAINT "policy_texts_supplier_id_unique" UNIQUE("supplier_id")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"group_key" text NOT NULL,
	"title" text NOT NULL,
	"description" jsonb NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"zip" text NOT NULL,
	"country" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"place_id" text NOT NULL,
	"opening_hours" jsonb NOT NULL,
	"is_flagship" boolean DEFAULT false NOT NULL,
	CONSTRAINT "stores_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"session_id" text,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customization_options" ADD CONSTRAINT "customization_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_items" ADD CONSTRAINT "package_items_package_id_products_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_items" ADD CONSTRAINT "package_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_messages" ADD CONSTRAINT "product_messages_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD CONSTRAINT "product_sizes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD CONSTRAINT "product_sizes_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_methods" ADD CONSTRAINT "delivery_methods_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "masterclass_videos" ADD CONSTRAINT "masterclass_videos_position_id_masterclass_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."masterclass_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "masterclass_videos" ADD CONSTRAINT "masterclass_videos_skill_id_masterclass_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."masterclass_skills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_texts" ADD CONSTRAINT "policy_texts_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_code_key" ON "gift_cards" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "gift_cards_expiry_idx" ON "gift_cards" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_key" ON "vouchers" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_slug_key" ON "brands" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_key" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "customization_options_product_idx" ON "customization_options" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "price_history_product_idx" ON "price_history" USING btree ("product_id","currency","valid_from");--> statement-breakpoint
CREATE INDEX "product_messages_product_idx" ON "product_messages" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_prices_currency_idx" ON "product_prices" USING btree ("currency","price");--> statement-breakpoint
CREATE UNIQUE INDEX "product_sizes_sku_key" ON "product_sizes" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "product_sizes_product_idx" ON "product_sizes" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_style_key" ON "products" USING btree ("style");--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_key" ON "products" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_item_type_idx" ON "products" USING btree ("item_type","popularity");--> statement-breakpoint
CREATE INDEX "products_model_idx" ON "products" USING btree ("model");--> statement-breakpoint
CREATE INDEX "promotions_product_idx" ON "promotions" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_code_key" ON "suppliers" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_methods_key" ON "delivery_methods" USING btree ("market","supplier_id","code");--> statement-breakpoint
CREATE INDEX "delivery_methods_market_idx" ON "delivery_methods" USING btree ("market");--> statement-breakpoint
CREATE UNIQUE INDEX "drop_points_external_key" ON "drop_points" USING btree ("provider","external_id");--> statement-breakpoint
CREATE INDEX "drop_points_lookup_idx" ON "drop_points" USING btree ("provider","country_code","post_code");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_key" ON "payment_methods" USING btree ("market","gateway","type");--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_kind_slug_key" ON "content_items" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "content_items_category_idx" ON "content_items" USING btree ("kind","category_id");--> statement-breakpoint
CREATE INDEX "masterclass_videos_filter_idx" ON "masterclass_videos" USING btree ("kind","position_id","skill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "favourites_user_product_key" ON "favourites" USING btree ("user_id","product_id") WHERE "favourites"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "favourites_session_product_key" ON "favourites" USING btree ("session_id","product_id") WHERE "favourites"."session_id" is not null;--> statement-breakpoint
CREATE INDEX "favourites_product_idx" ON "favourites" USING btree ("product_id");