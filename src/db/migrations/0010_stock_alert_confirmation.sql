ALTER TABLE "stock_alerts" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "confirm_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_token_key" ON "stock_alerts" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "stock_alerts_unconfirmed_idx" ON "stock_alerts" USING btree ("token_expires_at") WHERE "stock_alerts"."confirmed_at" is null;--> statement-breakpoint
-- Alerts taken before double opt-in keep working: they count as confirmed when they were made (decision 0028).
UPDATE "stock_alerts" SET "confirmed_at" = "created_at" WHERE "confirmed_at" IS NULL;
