CREATE TABLE "checkout_sessions" (
	"cart_id" integer PRIMARY KEY NOT NULL,
	"email" text,
	"delivery_address" jsonb,
	"billing_address" jsonb,
	"delivery" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"post_number" text DEFAULT '' NOT NULL,
	"sms_number" text DEFAULT '' NOT NULL,
	"payment_method_id" integer,
	"comment" text DEFAULT '' NOT NULL,
	"payment_reference" text,
	"review" jsonb,
	"authorization_token" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"shipment_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"size_id" integer,
	"product_name" text NOT NULL,
	"product_brand" text NOT NULL,
	"product_url" text NOT NULL,
	"image_url" text NOT NULL,
	"size_name" text,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"unit_rrp" integer NOT NULL,
	"vat_rate" double precision NOT NULL,
	"line_total" integer NOT NULL,
	"line_total_rrp" integer NOT NULL,
	"package_parts" jsonb,
	"sublines" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"supplier_id" integer,
	"supplier_name" text NOT NULL,
	"delivery_method_id" integer NOT NULL,
	"delivery_method_name" text NOT NULL,
	"info_text" text DEFAULT '' NOT NULL,
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	"pickup_address" jsonb,
	"delivery_cost" integer NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"track_and_trace" text
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer,
	"cart_id" integer,
	"market" text NOT NULL,
	"locale" text NOT NULL,
	"currency" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"billing_address" jsonb NOT NULL,
	"delivery_address" jsonb NOT NULL,
	"status" text DEFAULT 'placed' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"goods_total" integer NOT NULL,
	"discount_total" integer NOT NULL,
	"voucher_total" integer NOT NULL,
	"delivery_total" integer NOT NULL,
	"payment_fee" integer NOT NULL,
	"vat_total" integer NOT NULL,
	"total" integer NOT NULL,
	"gift_card_total" integer NOT NULL,
	"amount_due" integer NOT NULL,
	"payment_gateway" text NOT NULL,
	"payment_method" text NOT NULL,
	"payment_reference" text,
	"coupons" jsonb NOT NULL,
	"gift_cards" jsonb NOT NULL,
	"subscribe_newsletters" boolean DEFAULT false NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"confirmation_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"gateway" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"psp_reference" text NOT NULL,
	"authorization_token" text,
	"refusal_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_shipment_id_order_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."order_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_shipments_order_idx" ON "order_shipments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_token_key" ON "orders" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_reference_key" ON "orders" USING btree ("payment_reference");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_psp_key" ON "payment_attempts" USING btree ("psp_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_token_key" ON "payment_attempts" USING btree ("authorization_token");--> statement-breakpoint
CREATE INDEX "payment_attempts_reference_idx" ON "payment_attempts" USING btree ("reference");--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_balance_not_negative" CHECK ("gift_cards"."balance" >= 0);--> statement-breakpoint
ALTER TABLE "product_sizes" ADD CONSTRAINT "product_sizes_stock_not_negative" CHECK ("product_sizes"."stock" >= 0);