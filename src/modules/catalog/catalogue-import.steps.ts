import path from "node:path";
import { pathToFileURL } from "node:url";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { type Db, rows, type Tx } from "#db/client.ts";
import { CURRENCIES } from "#kernel/money.ts";
import {
  brands,
  priceHistory,
  productImages,
  productPrices,
  productSizes,
  products,
} from "./catalog.schema.ts";
import {
  type FeedProduct,
  feedProduct,
  type ImportError,
  isRelativePicturePath,
  type ReadProduct,
} from "./catalogue-feed.ts";
import type { PictureCopy } from "./picture-copy.ts";

/** What an import matches names against: the shop's brands and categories, and its own warehouse. */
export interface ImportContext {
  brands: Map<string, number>;
  categories: Map<string, { id: number; itemType: string | null; bootSurface: string | null }>;
  warehouseId: number;
  /** The import file's folder, against which pictures given as relative paths are found; null: none. */
  pictureBase: string | null;
}

/** Where a picture is copied from: its http(s) address, or the `file:` URL of a path beside the import file. */
export function pictureSource(url: string, pictureBase: string | null): string {
  if (/^https?:\/\//i.test(url) || pictureBase === null) return url;
  return pathToFileURL(path.resolve(pictureBase, url)).href;
}

const key = (name: string) => name.trim().toLocaleLowerCase("en");

export async function importContext(db: Db, pictureBase: string | null = null): Promise<ImportContext> {
  const [brandRows, categoryRows, [warehouse]] = await Promise.all([
    rows<{ id: number; name: string; slug: string }>(db, sql`select id, name, slug from brands`),
    rows<{
      id: number;
      slug: string;
      names: string[];
      item_type: string | null;
      boot_surface: string | null;
    }>(
      db,
      sql`select id, slug, array(select jsonb_each_text.value from jsonb_each_text(name)) as names, item_type, boot_surface
            from categories`,
    ),
    rows<{ id: number }>(db, sql`select id from suppliers where not is_marketplace order by id limit 1`),
  ]);
  const brands = new Map<string, number>();
  for (const brand of brandRows) {
    brands.set(key(brand.name), brand.id);
    brands.set(key(brand.slug), brand.id);
  }
  const categories: ImportContext["categories"] = new Map();
  for (const category of categoryRows) {
    const value = { id: category.id, itemType: category.item_type, bootSurface: category.boot_surface };
    for (const name of [category.slug, ...category.names])
      if (!categories.has(key(name))) categories.set(key(name), value);
  }
  if (!warehouse) throw new Error("The shop has no warehouse of its own to import stock into.");
  return { brands, categories, warehouseId: warehouse.id, pictureBase };
}

/**
 * Every product checked before anything is written: its shape (the feed contract), its category known
 * to the shop, each SKU once in the file and not another product's already, each handle once. All
 * problems are answered, each with its row, so one run shows everything to fix.
 */
export async function checkProducts(
  db: Db,
  read: readonly ReadProduct[],
  context: ImportContext,
): Promise<{ products: FeedProduct[]; errors: ImportError[] }> {
  const errors: ImportError[] = [];
  const products: FeedProduct[] = [];
  const skuOwner = new Map<string, { handle: string; row: number }>();
  const handles = new Set<string>();
  for (const entry of read) {
    const handle =
      typeof (entry.product as { handle?: unknown })?.handle === "string"
        ? (entry.product as { handle: string }).handle
        : null;
    const first = entry.rows[0] ?? 0;
    const parsed = feedProduct.safeParse(entry.product);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [head, index] = issue.path;
        const row =
          head === "sizes" && typeof index === "number" ? (entry.sizeRows?.[index] ?? first) : first;
        errors.push({ row, handle, field: issue.path.join(".") || "product", message: issue.message });
      }
      continue;
    }
    const product = parsed.data;
    if (handles.has(product.handle))
      errors.push({
        row: first,
        handle,
        field: "handle",
        message: `The handle ${product.handle} is in the file twice.`,
      });
    handles.add(product.handle);
    if (!context.categories.has(key(product.category)))
      errors.push({
        row: first,
        handle,
        field: "category",
        message: `The shop has no category "${product.category}" (by slug or name).`,
      });
    if (context.pictureBase === null)
      product.images.forEach((image, i) => {
        if (!/^https?:\/\//i.test(image.url) && isRelativePicturePath(image.url))
          errors.push({
            row: first,
            handle,
            field: `images.${i}.url`,
            message: "A path relative to the import file needs the file: give an http(s) address.",
          });
      });
    product.sizes.forEach((size, i) => {
      const row = entry.sizeRows?.[i] ?? first;
      const owner = skuOwner.get(size.sku);
      if (owner && owner.handle !== product.handle) {
        errors.push({
          row,
          handle,
          field: "sku",
          message: `SKU ${size.sku} is also on ${owner.handle} (row ${owner.row}).`,
        });
        return;
      }
      skuOwner.set(size.sku, { handle: product.handle, row });
    });
    products.push(product);
  }
  // A SKU the shop already has must stay with its product (a size never moves between products).
  const skus = [...skuOwner.keys()];
  for (let i = 0; i < skus.length; i += 5000) {
    const chunk = skus.slice(i, i + 5000);
    const taken = await rows<{ sku: string; slug: string }>(
      db,
      sql`select s.sku, p.slug from product_sizes s join products p on p.id = s.product_id
           where s.sku in ${chunk}`,
    );
    for (const { sku, slug } of taken) {
      const owner = skuOwner.get(sku);
      if (owner && owner.handle !== slug)
        errors.push({
          row: owner.row,
          handle: owner.handle,
          field: "sku",
          message: `SKU ${sku} belongs to the shop's product ${slug}.`,
        });
    }
  }
  errors.sort((a, b) => a.row - b.row);
  return { products, errors };
}

const minor = (amount: number, currency: string) =>
  Math.round(amount * 10 ** (CURRENCIES[currency]?.exponent ?? 2));

const slugOf = (name: string) =>
  name
    .toLocaleLowerCase("en")
    .normalize("NFKD")
    .replace(/[^\w]+/g, "-")
    .replace(/^-|-$/g, "") || "brand";

/**
 * Writes checked products inside the caller's transaction, by handle and SKU, a statement per table
 * for the whole batch: products, sizes, prices (with the price history moved on where a price changed,
 * for the 30-day lowest price) and pictures are inserted or brought up to the file; nothing the file
 * does not hold is deleted. Answers the sizes that could not be bought and can now (sold out and in
 * stock again, or in stock and their product back online), for the back-in-stock mails, and the
 * pictures to copy: new ones, ones whose source changed, and ones whose copy failed before (a picture
 * already copied from the same source keeps its copy).
 */
export async function upsertProducts(
  tx: Tx,
  batch: readonly FeedProduct[],
  context: ImportContext,
  now = new Date(),
): Promise<{
  created: number;
  updated: number;
  productIds: number[];
  backInStock: number[];
  pictures: PictureCopy[];
}> {
  if (batch.length === 0) return { created: 0, updated: 0, productIds: [], backInStock: [], pictures: [] };
  const newBrands = [...new Set(batch.map((p) => p.brand).filter((name) => !context.brands.has(key(name))))];
  if (newBrands.length) {
    const made = await tx
      .insert(brands)
      .values(
        newBrands.map((name) => ({
          slug: slugOf(name),
          name,
          primaryColor: "#1f2937",
          accentColor: "#f9fafb",
          hasLogo: false,
        })),
      )
      .onConflictDoUpdate({ target: brands.slug, set: { name: sql`${brands.name}` } })
      .returning({ id: brands.id, slug: brands.slug });
    const bySlug = new Map(made.map((brand) => [brand.slug, brand.id]));
    for (const name of newBrands) context.brands.set(key(name), bySlug.get(slugOf(name)) as number);
  }

  // Products the file brings back online (decision 0088): every size of theirs in stock can be bought
  // again, also one the file leaves out. Read before the products are written.
  const offlineBefore = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(
      and(
        inArray(
          products.slug,
          batch.map((product) => product.handle),
        ),
        eq(products.online, false),
      ),
    );
  const wasOffline = new Set(offlineBefore.map((row) => row.slug));

  const written = await tx
    .insert(products)
    .values(
      batch.map((product) => {
        const category = context.categories.get(key(product.category)) as {
          id: number;
          itemType: string | null;
          bootSurface: string | null;
        };
        return {
          style: product.handle.toUpperCase().slice(0, 60),
          model: product.title,
          name: product.title,
          slug: product.handle,
          relativeUrl: `/p/${product.handle}/`,
          brandId: context.brands.get(key(product.brand)) as number,
          categoryId: category.id,
          itemType: category.itemType ?? "equipment",
          color: product.colour?.toLocaleLowerCase("en") ?? "multi",
          colours: [],
          bootSurface: category.bootSurface,
          ageGroup: "adult" as const,
          specifications: [],
          description: { en: product.description ?? "" },
          online: product.online,
          imageCount: Math.max(1, product.images.length),
          onlineAt: now,
        };
      }),
    )
    .onConflictDoUpdate({
      target: products.slug,
      set: {
        model: sql`excluded.model`,
        name: sql`excluded.name`,
        brandId: sql`excluded.brand_id`,
        categoryId: sql`excluded.category_id`,
        itemType: sql`excluded.item_type`,
        color: sql`excluded.color`,
        bootSurface: sql`excluded.boot_surface`,
        description: sql`excluded.description`,
        online: sql`excluded.online`,
        imageCount: sql`excluded.image_count`,
      },
    })
    .returning({ id: products.id, slug: products.slug, inserted: sql<boolean>`(xmax = 0)` });
  const idOf = new Map(written.map((row) => [row.slug, row.id]));
  const productIds = written.map((row) => row.id);
  const created = written.filter((row) => row.inserted).length;

  const sizes = batch.flatMap((product) =>
    product.sizes.map((size, sort) => ({ productId: idOf.get(product.handle) as number, sort, ...size })),
  );
  const before = await tx
    .select({ sku: productSizes.sku, stock: productSizes.stock })
    .from(productSizes)
    .where(
      inArray(
        productSizes.sku,
        sizes.map((size) => size.sku),
      ),
    );
  const soldOut = new Set(before.filter((size) => size.stock <= 0).map((size) => size.sku));
  const sizeRows = await tx
    .insert(productSizes)
    .values(
      sizes.map((size) => ({
        productId: size.productId,
        sku: size.sku,
        name: size.name,
        nameShort: size.name.slice(0, 12),
        sort: size.sort,
        stock: size.stock,
        supplierId: context.warehouseId,
      })),
    )
    .onConflictDoUpdate({
      target: productSizes.sku,
      set: {
        name: sql`excluded.name`,
        nameShort: sql`excluded.name_short`,
        sort: sql`excluded.sort`,
        stock: sql`excluded.stock`,
      },
    })
    .returning({ id: productSizes.id, sku: productSizes.sku, stock: productSizes.stock });
  // A size can be bought when it is in stock and its product online: sold-out sizes of online
  // products that have stock now, and every size in stock of a product that came online.
  const onlineIds = new Set(
    batch.filter((product) => product.online).map((product) => idOf.get(product.handle)),
  );
  const productOfSku = new Map(sizes.map((size) => [size.sku, size.productId]));
  const backInStock = new Set(
    sizeRows
      .filter((size) => soldOut.has(size.sku) && size.stock > 0 && onlineIds.has(productOfSku.get(size.sku)))
      .map((size) => size.id),
  );
  const cameOnline = batch
    .filter((product) => product.online && wasOffline.has(product.handle))
    .map((product) => idOf.get(product.handle) as number);
  if (cameOnline.length > 0) {
    const inStock = await tx
      .select({ id: productSizes.id })
      .from(productSizes)
      .where(and(inArray(productSizes.productId, cameOnline), gt(productSizes.stock, 0)));
    for (const size of inStock) backInStock.add(size.id);
  }

  const prices = batch.flatMap((product) =>
    product.prices.map((price) => ({
      productId: idOf.get(product.handle) as number,
      currency: price.currency,
      price: minor(price.price, price.currency),
      rrp: minor(price.compare_at ?? price.price, price.currency),
    })),
  );
  const current = await tx
    .select({
      productId: productPrices.productId,
      currency: productPrices.currency,
      price: productPrices.price,
    })
    .from(productPrices)
    .where(inArray(productPrices.productId, productIds));
  const was = new Map(current.map((row) => [`${row.productId}:${row.currency}`, row.price]));
  await tx
    .insert(productPrices)
    .values(prices)
    .onConflictDoUpdate({
      target: [productPrices.productId, productPrices.currency],
      set: { price: sql`excluded.price`, rrp: sql`excluded.rrp` },
    });
  const changed = prices.filter((price) => was.get(`${price.productId}:${price.currency}`) !== price.price);
  if (changed.length) {
    const pairs = sql.join(
      changed.map((price) => sql`(${price.productId}::int, ${price.currency}::text)`),
      sql`, `,
    );
    await tx.execute(
      sql`update price_history set valid_to = ${now.toISOString()}
           where valid_to is null and (product_id, currency) in (${pairs})`,
    );
    await tx.insert(priceHistory).values(
      changed.map((price) => ({
        productId: price.productId,
        currency: price.currency,
        price: price.price,
        validFrom: now,
      })),
    );
  }

  const pictures = await writePictures(tx, batch, idOf, productIds, context.pictureBase);
  return { created, updated: written.length - created, productIds, backInStock: [...backInStock], pictures };
}

/**
 * The batch's pictures brought up to the file: a position whose source is gone or changed loses its
 * row (and its copy), a kept source keeps its row and copy with the alt text updated. Answers what
 * is to be copied.
 */
async function writePictures(
  tx: Tx,
  batch: readonly FeedProduct[],
  idOf: Map<string, number>,
  productIds: number[],
  pictureBase: string | null,
): Promise<PictureCopy[]> {
  const wanted = batch.flatMap((product) =>
    product.images.map((image, position) => ({
      productId: idOf.get(product.handle) as number,
      position,
      url: pictureSource(image.url, pictureBase),
      alt: image.alt ?? "",
    })),
  );
  const keyOf = (row: { productId: number; position: number }) => `${row.productId}:${row.position}`;
  const wantedUrl = new Map(wanted.map((row) => [keyOf(row), row.url]));
  const existing = await tx
    .select({
      productId: productImages.productId,
      position: productImages.position,
      url: productImages.url,
      copyState: productImages.copyState,
    })
    .from(productImages)
    .where(inArray(productImages.productId, productIds));
  const gone = existing.filter((row) => wantedUrl.get(keyOf(row)) !== row.url);
  if (gone.length)
    await tx.execute(
      sql`delete from product_images where (product_id, position) in (${sql.join(
        gone.map((row) => sql`(${row.productId}::int, ${row.position}::int)`),
        sql`, `,
      )})`,
    );
  if (wanted.length)
    await tx
      .insert(productImages)
      .values(wanted)
      .onConflictDoUpdate({
        target: [productImages.productId, productImages.position],
        set: {
          alt: sql`excluded.alt`,
          copyState: sql`case when ${productImages.copyState} = 'failed' then 'pending' else ${productImages.copyState} end`,
        },
      });
  const kept = new Map(
    existing.filter((row) => wantedUrl.get(keyOf(row)) === row.url).map((row) => [keyOf(row), row.copyState]),
  );
  return wanted
    .filter((row) => {
      const state = kept.get(keyOf(row));
      return state === undefined || state === "failed";
    })
    .map((row) => ({ productId: row.productId, position: row.position, source: row.url }));
}
