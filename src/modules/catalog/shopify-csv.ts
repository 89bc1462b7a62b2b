import { parse } from "csv-parse/sync";
import { CURRENCIES } from "#kernel/money.ts";
import type { ImportError, ReadProduct } from "./catalogue-feed.ts";

/**
 * Reads a Shopify product CSV export (Admin → Products → Export, "plain CSV"): one row per variant,
 * the product's own columns on its first row, further images on rows of their own, all grouped by
 * Handle. Turns each product into the shop's feed shape (catalogue-feed.ts), keeping the file's line
 * numbers so every problem names its row. Shopify has one price per variant, in the shop's currency
 * (`currency`); `Variant Price / DKK`-style columns add prices in other currencies.
 */
export function readShopifyCsv(
  csv: string,
  currency: string,
): { products: ReadProduct[]; errors: ImportError[] } {
  const errors: ImportError[] = [];
  let records: Record<string, string>[];
  try {
    records = parse(csv, {
      columns: true,
      skip_empty_lines: true,
      bom: true,
      relax_column_count: true,
      trim: true,
    });
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return {
      products: [],
      errors: [
        {
          row: line,
          handle: null,
          field: "file",
          message: `Not a readable CSV file: ${(error as Error).message}`,
        },
      ],
    };
  }
  const header = records.length ? Object.keys(records[0] as object) : [];
  for (const needed of ["Handle", "Title", "Variant SKU", "Variant Price"])
    if (records.length && !header.includes(needed))
      errors.push({
        row: 1,
        handle: null,
        field: needed,
        message: `The column "${needed}" is missing: not a Shopify product export.`,
      });
  if (errors.length) return { products: [], errors };
  const extraCurrencies = Object.keys(CURRENCIES).filter(
    (code) => code !== currency && header.includes(`Variant Price / ${code}`),
  );

  const byHandle = new Map<
    string,
    {
      rows: number[];
      first: Record<string, string>;
      variants: { row: number; r: Record<string, string> }[];
      images: { row: number; r: Record<string, string> }[];
    }
  >();
  records.forEach((record, index) => {
    // Line 1 is the header; a quoted field with line breaks would shift this, which Shopify's export does not use for these columns.
    const row = index + 2;
    const handle = record.Handle ?? "";
    if (!handle) {
      errors.push({ row, handle: null, field: "Handle", message: "Every row needs the product's Handle." });
      return;
    }
    let group = byHandle.get(handle);
    if (!group) {
      group = { rows: [], first: record, variants: [], images: [] };
      byHandle.set(handle, group);
    }
    group.rows.push(row);
    if (record["Variant SKU"] || record["Option1 Value"] || record["Variant Price"])
      group.variants.push({ row, r: record });
    if (record["Image Src"]) group.images.push({ row, r: record });
  });

  const number = (value: string | undefined) =>
    value === undefined || value === "" ? undefined : Number(value.replace(",", "."));
  const products: ReadProduct[] = [];
  for (const [handle, group] of byHandle) {
    const first = group.first;
    const sizeOption =
      ["Option1", "Option2", "Option3"].find((option) =>
        /^(size|størrelse|storlek|koko|größe|grösse|taille|rozmiar|taglia|talla|maat)$/i.test(
          first[`${option} Name`] ?? "",
        ),
      ) ?? "Option1";
    const colourOption = ["Option1", "Option2", "Option3"].find((option) =>
      /^(colou?r|farve|färg|farge|väri|farbe|couleur|kolor|colore|kleur)$/i.test(
        first[`${option} Name`] ?? "",
      ),
    );
    const priceOf = (column: string) => number(group.variants[0]?.r[column]);
    // The shop prices a product, not each size: variants with different prices are refused by name.
    const differing = group.variants.find(
      (v) => v.r["Variant Price"] !== group.variants[0]?.r["Variant Price"],
    );
    if (differing)
      errors.push({
        row: differing.row,
        handle,
        field: "Variant Price",
        message: "All sizes of a product have one price in the shop.",
      });
    const status = (first.Status ?? "active").toLowerCase();
    const published = (first.Published ?? "true").toLowerCase();
    products.push({
      rows: group.rows,
      sizeRows: group.variants.map((v) => v.row),
      product: {
        handle,
        title: first.Title,
        description: first["Body (HTML)"] || undefined,
        brand: first.Vendor,
        category: first.Type || first["Product Category"]?.split(">").at(-1)?.trim(),
        colour: colourOption ? first[`${colourOption} Value`] || undefined : undefined,
        online: status === "active" && published !== "false",
        images: group.images
          .sort((a, b) => (number(a.r["Image Position"]) ?? 0) - (number(b.r["Image Position"]) ?? 0))
          .map(({ r }) => ({
            url: r["Image Src"],
            ...(r["Image Alt Text"] ? { alt: r["Image Alt Text"] } : {}),
          })),
        sizes: group.variants.map(({ r }) => ({
          sku: r["Variant SKU"],
          name: r[`${sizeOption} Value`] || "One size",
          stock: number(r["Variant Inventory Qty"]) ?? 0,
        })),
        prices: [
          {
            currency,
            price: priceOf("Variant Price"),
            compare_at: priceOf("Variant Compare At Price") ?? null,
          },
          ...extraCurrencies
            .filter((code) => group.variants[0]?.r[`Variant Price / ${code}`])
            .map((code) => ({
              currency: code,
              price: priceOf(`Variant Price / ${code}`),
              compare_at: priceOf(`Variant Compare At Price / ${code}`) ?? null,
            })),
        ],
      },
    });
  }
  return { products, errors };
}
