import type { Db } from "#db/client.ts";
import { moveCatalogueRevision } from "#modules/catalog/catalogue-cache.ts";
import type { ImportError, ReadProduct } from "#modules/catalog/catalogue-feed.ts";
import { checkProducts, importContext, upsertProducts } from "#modules/catalog/catalogue-import.steps.ts";
import { queuePictureCopies } from "#modules/catalog/picture-copy.ts";
import type { JobQueue } from "#modules/jobs/job-queue.ts";
import type { MailOutbox } from "#modules/mail/mail-outbox.ts";
import type { PublicUrlFor } from "#modules/markets/public-addresses.ts";
import { notifyBackInStock } from "./stock-alerts.service.ts";

/** Products written per transaction: a failure loses at most one batch, which a re-run writes again. */
export const IMPORT_BATCH_SIZE = 250;

export interface ImportReport {
  products: number;
  created: number;
  updated: number;
  /** Back-in-stock e-mails queued for sizes the import brought back. */
  notified: number;
  /** Pictures queued to be copied into the shop's storage (new or changed sources, failed copies). */
  picturesQueued: number;
  dryRun: boolean;
  /** Every problem found; when there is one, nothing was written. */
  errors: ImportError[];
}

/**
 * `pitchside import` as steps (decision 0055): read (the caller: Shopify CSV or the shop's JSON feed)
 * → check every product against the feed contract and the shop (catalog) → nothing is written when
 * any row is wrong → per batch, in one transaction, upsert products, sizes, prices and pictures
 * (catalog), mail the back-in-stock subscribers of sizes that came back (product) and queue a copy
 * of each new picture (catalog; the job queue's workers fetch them, so slow hosts never hold the
 * import up and failed downloads are retried) → `afterBatch`, where the caller refreshes the batch's
 * search entries (search, a module of this level). Re-running the same file changes nothing more.
 */
export async function importCatalogue(
  db: Db,
  deps: { mail: MailOutbox; publicUrlFor: PublicUrlFor; jobs: Pick<JobQueue, "addMany"> },
  read: { products: ReadProduct[]; errors: ImportError[] },
  options: {
    dryRun?: boolean;
    batchSize?: number;
    /** The import file's folder: pictures given as paths relative to it are copied from there. */
    pictureBase?: string;
    onProgress?: (done: number, total: number) => void;
    /** After each batch commits: the caller refreshes what reads the products (the search entries). */
    afterBatch?: (productIds: number[]) => Promise<void>;
  } = {},
): Promise<ImportReport> {
  const context = await importContext(db, options.pictureBase ?? null);
  const checked = await checkProducts(db, read.products, context);
  const errors = [...read.errors, ...checked.errors].sort((a, b) => a.row - b.row);
  const report: ImportReport = {
    products: checked.products.length,
    created: 0,
    updated: 0,
    notified: 0,
    picturesQueued: 0,
    dryRun: options.dryRun ?? false,
    errors,
  };
  if (errors.length || report.dryRun) return report;
  const size = options.batchSize ?? IMPORT_BATCH_SIZE;
  options.onProgress?.(0, checked.products.length);
  for (let start = 0; start < checked.products.length; start += size) {
    const batch = checked.products.slice(start, start + size);
    const written = await db.transaction(async (tx) => {
      const result = await upsertProducts(tx, batch, context);
      let notified = 0;
      for (const sizeId of result.backInStock)
        notified += await notifyBackInStock(tx, deps.mail, deps.publicUrlFor, sizeId);
      await queuePictureCopies(tx, deps.jobs, result.pictures);
      return { ...result, notified };
    });
    // The batch's writes moved the revision as they were made, before the commit: a listing, bag or
    // page read in between is kept at the new revision with what was there before. Moving it again
    // now the batch is visible ends that at once rather than after the caches' time limit.
    await moveCatalogueRevision(db);
    await options.afterBatch?.(written.productIds);
    report.created += written.created;
    report.updated += written.updated;
    report.notified += written.notified;
    report.picturesQueued += written.pictures.length;
    options.onProgress?.(Math.min(start + size, checked.products.length), checked.products.length);
  }
  return report;
}
