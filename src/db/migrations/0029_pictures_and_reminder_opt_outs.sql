-- Imported pictures are copied into the shop's own media storage (decision 0055): where each copy
-- stands. Reminder mails carry an unsubscribe link (decision 0058): its tokens, and the guests'
-- addresses that asked for no more reminders.
CREATE TABLE "reminder_opt_outs" (
	"email" text PRIMARY KEY NOT NULL,
	"withdrawn_at" timestamp with time zone DEFAULT now() NOT NULL,
	"via" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_unsubscribe_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"user_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "stored_path" text;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "copy_state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "copy_error" text;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "copied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reminder_unsubscribe_tokens" ADD CONSTRAINT "reminder_unsubscribe_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_unsubscribe_tokens_expiry_idx" ON "reminder_unsubscribe_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "product_images_not_stored_idx" ON "product_images" USING btree ("copy_state") WHERE "product_images"."copy_state" <> 'stored';--> statement-breakpoint
-- Pictures are shown on cached pages and cards (decision 0055): a stored copy moves the catalogue
-- revision like any other change to what a product shows.
CREATE TRIGGER "product_images_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_images"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_revision"();
