CREATE TABLE "adyen_modifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"attempt_id" integer NOT NULL,
	"payment_psp_reference" text NOT NULL,
	"order_id" integer,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"psp_reference" text,
	"failure" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adyen_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"psp_reference" text NOT NULL,
	"original_reference" text,
	"event_code" text NOT NULL,
	"merchant_reference" text NOT NULL,
	"success" boolean NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "adyen_modifications_attempt_idx" ON "adyen_modifications" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "adyen_modifications_psp_idx" ON "adyen_modifications" USING btree ("psp_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "adyen_modifications_idempotency_key" ON "adyen_modifications" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "adyen_notifications_event_key" ON "adyen_notifications" USING btree ("psp_reference","event_code");