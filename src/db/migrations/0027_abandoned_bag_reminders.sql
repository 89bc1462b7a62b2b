CREATE TABLE "bag_restore_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer,
	"token_hash" text NOT NULL,
	"items" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bag_restore_tokens" ADD CONSTRAINT "bag_restore_tokens_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bag_restore_tokens_hash_key" ON "bag_restore_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "bag_restore_tokens_cart_idx" ON "bag_restore_tokens" USING btree ("cart_id");