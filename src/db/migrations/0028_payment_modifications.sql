-- Adyen's captures, refunds and cancels join Klarna's in payment_captures (decision 0057): one
-- table, one job. Rows already there keep the idempotency key they were sent with.
ALTER TABLE "payment_captures" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_captures" ADD COLUMN "return_id" integer;--> statement-breakpoint
ALTER TABLE "payment_captures" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "payment_captures" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
UPDATE "payment_captures" SET "idempotency_key" = 'pitchside-' || "kind" || '-' || "id", "sent_at" = "created_at";--> statement-breakpoint
INSERT INTO "payment_captures" ("order_id", "kind", "gateway", "provider_order_id", "amount", "currency", "status", "provider_reference", "failure", "idempotency_key", "created_at", "sent_at", "done_at")
SELECT "order_id", "kind", 'adyen', "payment_psp_reference", "amount", "currency",
       CASE "status" WHEN 'confirmed' THEN 'done' ELSE "status" END,
       "psp_reference", "failure", "idempotency_key", "created_at", "created_at",
       CASE "status" WHEN 'confirmed' THEN "created_at" END
  FROM "adyen_modifications" ORDER BY "id";--> statement-breakpoint
ALTER TABLE "payment_captures" ALTER COLUMN "idempotency_key" SET NOT NULL;--> statement-breakpoint
DROP TABLE "adyen_modifications" CASCADE;--> statement-breakpoint
CREATE INDEX "payment_captures_provider_reference_idx" ON "payment_captures" USING btree ("provider_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_captures_return_kind_key" ON "payment_captures" USING btree ("return_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_captures_idempotency_key" ON "payment_captures" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_captures_order_capture_key" ON "payment_captures" USING btree ("order_id") WHERE "payment_captures"."kind" = 'capture' and "payment_captures"."shipment_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_captures_cancel_key" ON "payment_captures" USING btree ("gateway","provider_order_id") WHERE "payment_captures"."kind" = 'cancel';
