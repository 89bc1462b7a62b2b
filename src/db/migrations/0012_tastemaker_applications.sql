CREATE TABLE "tastemaker_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"birth_year" integer NOT NULL,
	"gender" text NOT NULL,
	"position" text NOT NULL,
	"boot_size" text NOT NULL,
	"level" text NOT NULL,
	"favorite_brand" text,
	"phone_number" text,
	"motivation" text NOT NULL,
	"instagram" text,
	"instagram_followers" text,
	"instagram_account" text,
	"tiktok" text,
	"tiktok_followers" text,
	"tiktok_account" text,
	"youtube" text,
	"youtube_followers" text,
	"locale" text NOT NULL,
	"market" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tastemaker_applications" ADD CONSTRAINT "tastemaker_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tastemaker_applications_user_key" ON "tastemaker_applications" USING btree ("user_id");