-- A sale moves the stock revision (migration 0024), and every card a process kept was read again
-- after it: under steady sales a shop's card cache was as cold as a fresh process's (decision 0097).
-- A stock change now also writes which products it changed, under the revision it moved the sequence
-- to, so that a process reads again only those products' cards. Rows are only added (no two
-- transactions ever wait on one), and a scheduled job removes those older than ten minutes: a kept
-- card is read again after a minute whatever happened.
CREATE TABLE IF NOT EXISTS "product_stock_changes" (
  "revision" bigint NOT NULL,
  "product_id" integer NOT NULL,
  "changed_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "product_stock_changes_pk" PRIMARY KEY ("revision", "product_id")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "record_stock_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved bigint;
BEGIN
  IF EXISTS (SELECT 1 FROM "new_sizes" n JOIN "old_sizes" o ON o."id" = n."id"
              WHERE n."stock" IS DISTINCT FROM o."stock" OR n."store_stock" IS DISTINCT FROM o."store_stock") THEN
    moved := nextval('stock_revision');
    INSERT INTO "product_stock_changes" ("revision", "product_id")
      SELECT DISTINCT moved, n."product_id" FROM "new_sizes" n JOIN "old_sizes" o ON o."id" = n."id"
       WHERE n."stock" IS DISTINCT FROM o."stock" OR n."store_stock" IS DISTINCT FROM o."store_stock";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "product_sizes_stock_revision" ON "product_sizes";
--> statement-breakpoint
CREATE TRIGGER "product_sizes_stock_revision" AFTER INSERT OR DELETE OR TRUNCATE ON "product_sizes"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_stock_revision"();
--> statement-breakpoint
-- Transition tables take no column list: every update of a size runs it, and only a changed stock
-- moves the revision.
CREATE TRIGGER "product_sizes_stock_changes" AFTER UPDATE ON "product_sizes"
  REFERENCING OLD TABLE AS "old_sizes" NEW TABLE AS "new_sizes"
  FOR EACH STATEMENT EXECUTE FUNCTION "record_stock_changes"();
