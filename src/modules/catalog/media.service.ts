import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { brands, products } from "./catalog.schema.ts";
import { drawBrandLogo, drawProduct } from "./product-art.ts";

/**
 * A product's picture from one angle, drawn from its type, brand and colours; null when there is no
 * such product or it has fewer pictures than that.
 */
export async function productPicture(db: Db, productId: number, view: number): Promise<string | null> {
  const [row] = await db
    .select({
      itemType: products.itemType,
      colours: products.colours,
      imageCount: products.imageCount,
      brandName: brands.name,
      name: products.name,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.id, productId));
  if (!row || view >= row.imageCount) return null;
  // A gift card shows its amount (the number its name ends with); other products a shirt number.
  const amount = row.itemType === "gift_card" ? row.name.replace(/^.*?(\d+)$/, "$1") : undefined;
  return drawProduct({
    itemType: row.itemType,
    brandName: row.brandName,
    colours: row.colours,
    view,
    label: amount ?? String((productId % 23) + 1),
  });
}

/** A brand's logo in its colours; null for an unknown brand or one that shows no logo. */
export async function brandLogo(db: Db, slug: string): Promise<string | null> {
  const [brand] = await db.select().from(brands).where(eq(brands.slug, slug));
  if (!brand?.hasLogo) return null;
  return drawBrandLogo(brand.name, brand.primaryColor, brand.accentColor);
}
