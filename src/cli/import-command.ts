// `pitchside import <file>`: loads a catalogue from a Shopify product CSV export or the shop's own
// JSON feed (decision 0055). Every row is checked first; with any error nothing is written.
import fs from "node:fs";
import path from "node:path";
import type { Db } from "#db/client.ts";
import { catalogueFeed, type ImportError, type ReadProduct } from "#modules/catalog/catalogue-feed.ts";
import { picturesReport, requeuePictures } from "#modules/catalog/picture-copy.ts";
import { readShopifyCsv } from "#modules/catalog/shopify-csv.ts";
import type { JobQueue } from "#modules/jobs/job-queue.ts";
import type { MailOutbox } from "#modules/mail/mail-outbox.ts";
import type { PublicUrlFor } from "#modules/markets/public-addresses.ts";
import { importCatalogue } from "#modules/product/catalogue-import.flow.ts";
import { refreshSearchDocuments } from "#modules/search/search-documents.ts";

export const IMPORT_USAGE = `       pitchside import <file.csv|file.json> [--dry-run] [--currency EUR]
       pitchside pictures [--retry]`;

export const IMPORT_HELP = `import reads a Shopify product CSV export (prices in --currency, default EUR; "Variant Price / DKK"
columns add others) or the shop's JSON feed ({"products": [...]}); it checks every row and writes
nothing while any is wrong, then upserts by handle and SKU. --dry-run only checks. Pictures (http(s)
addresses, or paths relative to the file) are copied into MEDIA_DIR by the shop's job workers.

pictures tells how the copies of imported pictures stand and lists those refused or failed, with the
reason; --retry queues the failed ones (and any never queued) again.`;

/** Errors printed in full before the rest is only counted. */
const ERRORS_SHOWN = 200;

export interface ImportIo {
  out(text: string): void;
  err(text: string): void;
  /** A terminal gets a progress bar redrawn in place; anything else plain lines. */
  isTty: boolean;
  now(): number;
}

function readFeed(file: string, currency: string): { products: ReadProduct[]; errors: ImportError[] } {
  const text = fs.readFileSync(file, "utf8");
  if (file.toLowerCase().endsWith(".csv")) return readShopifyCsv(text, currency);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      products: [],
      errors: [{ row: 1, handle: null, field: "file", message: `Not JSON: ${(error as Error).message}` }],
    };
  }
  const feed = catalogueFeed.safeParse(json);
  if (!feed.success)
    return {
      products: [],
      errors: [{ row: 1, handle: null, field: "products", message: 'The feed is {"products": [...]}.' }],
    };
  return {
    products: feed.data.products.map((product, index) => ({ rows: [index + 1], product })),
    errors: [],
  };
}

/** "1,250/50,000 products · 420/s · about 1 min 56 s left", with a bar on a terminal. */
export function progressLine(done: number, total: number, elapsedMs: number, width = 24): string {
  const number = new Intl.NumberFormat("en");
  const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const left = rate > 0 ? Math.round((total - done) / rate) : null;
  const eta =
    left === null
      ? ""
      : ` · about ${left >= 60 ? `${Math.floor(left / 60)} min ${left % 60} s` : `${left} s`} left`;
  const filled = total ? Math.round((done / total) * width) : width;
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${number.format(done)}/${number.format(total)} products · ${number.format(Math.round(rate))}/s${eta}`;
}

export async function runImportCommand(
  db: Db,
  deps: { mail: MailOutbox; publicUrlFor: PublicUrlFor; jobs: Pick<JobQueue, "addMany"> },
  args: string[],
  io: ImportIo,
): Promise<0 | 1 | 2> {
  let dryRun = false;
  let currency = "EUR";
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--dry-run") dryRun = true;
    else if (arg === "--currency") currency = (args[++i] ?? "").toUpperCase();
    else files.push(arg);
  }
  const [file] = files;
  if (!file || files.length > 1 || file.startsWith("--")) {
    io.err("Use: import <file.csv|file.json> [--dry-run] [--currency EUR].");
    return 2;
  }
  if (!fs.existsSync(file)) {
    io.err(`There is no file ${file}.`);
    return 2;
  }
  const started = io.now();
  let lastPlain = -1;
  const report = await importCatalogue(db, deps, readFeed(file, currency), {
    dryRun,
    pictureBase: path.dirname(path.resolve(file)),
    afterBatch: (productIds) => refreshSearchDocuments(db, productIds),
    onProgress: (done, total) => {
      const line = progressLine(done, total, io.now() - started);
      if (io.isTty) io.out(`\r${line}${done === total ? "\n" : ""}`);
      else {
        const tenth = total ? Math.floor((done / total) * 10) : 10;
        if (tenth !== lastPlain) {
          lastPlain = tenth;
          io.out(`${line}\n`);
        }
      }
    },
  });
  if (report.errors.length) {
    for (const error of report.errors.slice(0, ERRORS_SHOWN))
      io.err(`row ${error.row}${error.handle ? ` (${error.handle})` : ""}: ${error.field}: ${error.message}`);
    if (report.errors.length > ERRORS_SHOWN) io.err(`… and ${report.errors.length - ERRORS_SHOWN} more.`);
    io.err(`${report.errors.length} problem(s) found; nothing was written.`);
    return 1;
  }
  const seconds = ((io.now() - started) / 1000).toFixed(1);
  io.out(
    dryRun
      ? `${report.products} product(s) checked, no problem found; nothing written (--dry-run).\n`
      : `${report.products} product(s) imported in ${seconds} s: ${report.created} new, ${report.updated} updated; ${report.notified} back-in-stock e-mail(s) queued; ${report.picturesQueued} picture(s) queued for copying (see: pitchside pictures).\n`,
  );
  return 0;
}

/** `pitchside pictures [--retry]`: how the copies of imported pictures stand, and what went wrong. */
export async function runPicturesCommand(
  db: Db,
  jobs: Pick<JobQueue, "addMany">,
  args: string[],
  io: Pick<ImportIo, "out" | "err">,
): Promise<0 | 1 | 2> {
  if (args.some((arg) => arg !== "--retry")) {
    io.err("Use: pictures [--retry].");
    return 2;
  }
  if (args.includes("--retry")) io.out(`${await requeuePictures(db, jobs)} picture(s) queued again.\n`);
  const { counts, problems } = await picturesReport(db, ERRORS_SHOWN);
  io.out(
    `Pictures: ${counts.stored} stored, ${counts.pending} waiting to be copied, ${counts.refused} refused, ${counts.failed} failed.\n`,
  );
  for (const problem of problems)
    io.out(
      `${problem.handle} #${problem.position + 1} (${problem.state}${problem.state === "pending" ? ", retrying" : ""}): ${problem.source}: ${problem.error ?? ""}\n`,
    );
  return counts.refused + counts.failed > 0 ? 1 : 0;
}
