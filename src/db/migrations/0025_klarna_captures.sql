CREATE TABLE "payment_captures" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"shipment_id" integer,
	"kind" text NOT NULL,
	"gateway" text NOT NULL,
	"provider_order_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_reference" text,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "payment_captures_order_idx" ON "payment_captures" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_captures_shipment_kind_key" ON "payment_captures" USING btree ("shipment_id","kind");