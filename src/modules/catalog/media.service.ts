import { eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { brands, products } from "./catalog.schema.ts";
import { drawBrandLogo, drawProduct } from "./product-art.ts";

/**
 * A product's picture at a position: the stored copy of its imported picture there (the copies in
 * order, decision 0055), or else one drawn from its type, brand and colours (`imported`: the product
 * has imported pictures not copied yet, so the drawing only stands in). Null when there is no such
 * product or it has fewer pictures than that.
 */
export async function productPicture(
  db: Db,
  productId: number,
  view: number,
): Promise<{ kind: "stored"; name: string } | { kind: "drawn"; svg: string; imported: boolean } | null> {
  const [row] = await db
    .select({
      itemType: products.itemType,
      colours: products.colours,
      imageCount: products.imageCount,
      brandName: brands.name,
      name: products.name,
      imported: sql<boolean>`exists (select 1 from product_images i where i.product_id = ${products.id})`,
      stored: sql<string | null>`(select i.stored_path from product_images i
        where i.product_id = ${products.id} and i.stored_path is not null
        order by i.position offset ${view} limit 1)`,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.id, productId));
  if (!row) return null;
  if (row.stored) return { kind: "stored", name: row.stored };
  if (view >= row.imageCount) return null;
  // A gift card shows its amount (the number its name ends with); other products a shirt number.
  const amount = row.itemType === "gift_card" ? row.name.replace(/^.*?(\d+)$/, "$1") : undefined;
  const svg = drawProduct({
    itemType: row.itemType,
    brandName: row.brandName,
    colours: row.colours,
    view,
    label: amount ?? String((productId % 23) + 1),
  });
  return { kind: "drawn", svg, imported: row.imported };
}

/** A brand's logo in its colours; null for an unknown brand or one that shows no logo. */
export async function brandLogo(db: Db, slug: string): Promise<string | null> {
  const [brand] = await db.select().from(brands).where(eq(brands.slug, slug));
  if (!brand?.hasLogo) return null;
  return drawBrandLogo(brand.name, brand.primaryColor, brand.accentColor);
}
