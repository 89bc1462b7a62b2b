-- A sale moves the stock revision (migration 0024), and every card a process kept was read again
-- after it: under steady sales a shop's card cache was as cold as a fresh process's (decision 0097).
-- A stock change now writes which product it changed, under a stock revision taken when its
-- transaction commits (a deferred trigger): a process reads again only those products' cards. Taken
-- at commit, the revision is never one a process could have read before the change was written, as
-- one taken by the update itself was while the order's transaction went on. Rows are only added (no
-- two transactions ever wait on one), and a scheduled job removes those older than ten minutes: a
-- kept card is read again after a minute whatever happened.
CREATE TABLE IF NOT EXISTS "product_stock_changes" (
  "revision" bigint NOT NULL,
  "product_id" integer NOT NULL,
  "changed_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "product_stock_changes_pk" PRIMARY KEY ("revision", "product_id")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "record_stock_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_stock_changes" ("revision", "product_id") VALUES (nextval('stock_revision'), NEW."product_id");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "product_sizes_stock_revision" ON "product_sizes";
--> statement-breakpoint
-- A size added or removed still moves the revision at once (it moves the catalogue revision too).
CREATE TRIGGER "product_sizes_stock_revision" AFTER INSERT OR DELETE OR TRUNCATE ON "product_sizes"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_stock_revision"();
--> statement-breakpoint
-- A changed stock moves it when the transaction commits; an update that leaves stock as it was, not at all.
CREATE CONSTRAINT TRIGGER "product_sizes_stock_changes" AFTER UPDATE OF "stock", "store_stock" ON "product_sizes"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (OLD."stock" IS DISTINCT FROM NEW."stock" OR OLD."store_stock" IS DISTINCT FROM NEW."store_stock")
  EXECUTE FUNCTION "record_stock_change"();
