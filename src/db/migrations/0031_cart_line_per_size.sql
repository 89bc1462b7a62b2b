-- A bag holds one line per size without a print (decision 0060). Lines that already repeat a size
-- (a print taken off a shirt could leave two) are merged into the first, within the line maximum.
WITH "ranked" AS (
  SELECT "id", first_value("id") OVER w AS "keep", sum("quantity") OVER w AS "total"
    FROM "cart_lines"
   WHERE "customization" IS NULL AND "size_id" IS NOT NULL
  WINDOW w AS (PARTITION BY "cart_id", "product_id", "size_id" ORDER BY "id"
               ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
), "merged" AS (
  UPDATE "cart_lines" l SET "quantity" = least(r."total", 99)
    FROM "ranked" r
   WHERE l."id" = r."id" AND r."id" = r."keep" AND l."quantity" <> least(r."total", 99)
)
DELETE FROM "cart_lines" l USING "ranked" r WHERE l."id" = r."id" AND r."id" <> r."keep";
--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_unprinted_size_idx" ON "cart_lines" USING btree ("cart_id","product_id","size_id") WHERE "cart_lines"."customization" is null;