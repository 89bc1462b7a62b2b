import { sql } from "drizzle-orm";
import { type Db, rows, type Tx } from "#db/client.ts";
import { CURRENCIES } from "#kernel/money.ts";
import { productImages } from "./catalog.schema.ts";
import { type FeedProduct, feedProduct, type ImportError, type ReadProduct } from "./catalogue-feed.ts";

/** What an import matches names against: the shop's brands and categories, and its own warehouse. */
export interface ImportContext {
  brands: Map<string, number>;
  categories: Map<string, { id: number; itemType: string | null; bootSurface: string | null }>;
  warehouseId: number;
}

const key = (name: string) => name.trim().toLocaleLowerCase("en");

export async function importContext(db: Db): Promise<ImportContext> {
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
  return { brands, categories, warehouseId: warehouse.id };
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

/**
 * Writes checked products inside the caller's transaction, by handle and SKU: a product, its sizes,
 * prices (with the price history moved on when a price changed, for the 30-day lowest price) and
 * pictures are inserted or brought up to the file; nothing the file does not hold is deleted. Answers
 * the sizes that were sold out and have stock now, for the back-in-stock mails.
 */
export async function upsertProducts(
  tx: Tx,
  products: readonly FeedProduct[],
  context: ImportContext,
  now = new Date(),
): Promise<{ created: number; updated: number; productIds: number[]; backInStock: number[] }> {
  let created = 0;
  let updated = 0;
  const productIds: number[] = [];
  const backInStock: number[] = [];
  for (const product of products) {
    let brandId = context.brands.get(key(product.brand));
    if (brandId === undefined) {
      const slug =
        product.brand
          .toLocaleLowerCase("en")
          .normalize("NFKD")
          .replace(/[^\w]+/g, "-")
          .replace(/^-|-$/g, "") || "brand";
      const [brand] = await rows<{ id: number }>(
        tx,
        sql`insert into brands (slug, name, primary_color, accent_color, has_logo)
            values (${slug}, ${product.brand}, '#1f2937', '#f9fafb', false)
            on conflict (slug) do update set name = brands.name returning id`,
      );
      brandId = brand?.id as number;
      context.brands.set(key(product.brand), brandId);
    }
    const category = context.categories.get(key(product.category)) as {
      id: number;
      itemType: string | null;
      bootSurface: string | null;
    };
    const description = JSON.stringify({ en: product.description ?? "" });
    const [written] = await rows<{ id: number; inserted: boolean }>(
      tx,
      sql`insert into products (style, model, name, slug, relative_url, brand_id, category_id, item_type, color, colours,
                                boot_surface, age_group, specifications, description, online, image_count, online_at)
          values (${product.handle.toUpperCase().slice(0, 60)}, ${product.title}, ${product.title}, ${product.handle},
                  ${`/p/${product.handle}/`}, ${brandId}, ${category.id}, ${category.itemType ?? "equipment"},
                  ${product.colour?.toLocaleLowerCase("en") ?? "multi"}, '[]'::jsonb, ${category.bootSurface}, 'adult',
                  '[]'::jsonb, ${description}::jsonb, ${product.online}, ${Math.max(1, product.images.length)}, ${now.toISOString()})
          on conflict (slug) do update set
            model = excluded.model, name = excluded.name, brand_id = excluded.brand_id, category_id = excluded.category_id,
            item_type = excluded.item_type, color = excluded.color, boot_surface = excluded.boot_surface,
            description = excluded.description, online = excluded.online, image_count = excluded.image_count
          returning id, (xmax = 0) as inserted`,
    );
    const productId = written?.id as number;
    if (written?.inserted) created++;
    else updated++;
    productIds.push(productId);

    const before = await rows<{ id: number; sku: string; stock: number }>(
      tx,
      sql`select id, sku, stock from product_sizes where product_id = ${productId}`,
    );
    const stockBefore = new Map(before.map((size) => [size.sku, size]));
    for (const [sort, size] of product.sizes.entries()) {
      const [row] = await rows<{ id: number }>(
        tx,
        sql`insert into product_sizes (product_id, sku, name, name_short, sort, stock, supplier_id)
            values (${productId}, ${size.sku}, ${size.name}, ${size.name.slice(0, 12)}, ${sort}, ${size.stock}, ${context.warehouseId})
            on conflict (sku) do update set name = excluded.name, name_short = excluded.name_short, sort = excluded.sort,
              stock = excluded.stock
            returning id`,
      );
      const previous = stockBefore.get(size.sku);
      if (row && previous && previous.stock <= 0 && size.stock > 0) backInStock.push(row.id);
    }

    for (const price of product.prices) {
      const amount = minor(price.price, price.currency);
      const rrp = minor(price.compare_at ?? price.price, price.currency);
      const [current] = await rows<{ price: number }>(
        tx,
        sql`select price from product_prices where product_id = ${productId} and currency = ${price.currency}`,
      );
      await tx.execute(
        sql`insert into product_prices (product_id, currency, price, rrp) values (${productId}, ${price.currency}, ${amount}, ${rrp})
            on conflict (product_id, currency) do update set price = excluded.price, rrp = excluded.rrp`,
      );
      if (current?.price !== amount) {
        await tx.execute(
          sql`update price_history set valid_to = ${now.toISOString()}
               where product_id = ${productId} and currency = ${price.currency} and valid_to is null`,
        );
        await tx.execute(
          sql`insert into price_history (product_id, currency, price, valid_from) values (${productId}, ${price.currency}, ${amount}, ${now.toISOString()})`,
        );
      }
    }

    await tx.delete(productImages).where(sql`${productImages.productId} = ${productId}`);
    if (product.images.length)
      await tx.insert(productImages).values(
        product.images.map((image, position) => ({
          productId,
          position,
          url: image.url,
          alt: image.alt ?? "",
        })),
      );
  }
  return { created, updated, productIds, backInStock };
}
