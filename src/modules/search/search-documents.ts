import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";

/**
 * Rebuilds the search columns of every product (or of the given ones) in one statement: the name
 * and brand weigh most, then style and category names in every language, then description and
 * specification values. English stemming plus an unstemmed copy, so both "boot" and "boots" and
 * exact codes match.
 */
export async function refreshSearchDocuments(db: Db, productIds?: number[]) {
  const only = productIds?.length
    ? sql`and p.id in (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  await db.execute(sql`
    update products p set
      search_name = lower(b.name || ' ' || p.name),
      search_document =
        setweight(to_tsvector('english', p.name || ' ' || b.name), 'A') ||
        setweight(to_tsvector('simple', p.name || ' ' || b.name), 'A') ||
        setweight(to_tsvector('simple', p.style || ' ' || coalesce(p.boot_surface, '')), 'B') ||
        setweight(to_tsvector('simple', coalesce((select string_agg(value, ' ') from jsonb_each_text(c.name)), '')), 'B') ||
        setweight(to_tsvector('english', coalesce(p.description->>'en', '')), 'C') ||
        setweight(to_tsvector('simple', coalesce((select string_agg(s->>'value', ' ') from jsonb_array_elements(p.specifications) s), '')), 'C')
    from brands b, categories c
    where b.id = p.brand_id and c.id = p.category_id ${only}`);
}

/** Rebuilds every product's search columns, then refreshes the planner's statistics for them. */
export async function reindexSearch(db: Db) {
  await refreshSearchDocuments(db);
  await db.execute(sql`analyze products`);
}
