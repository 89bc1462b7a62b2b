// Copying imported product pictures into the shop's own storage (decision 0055): a job per picture,
// queued with the import's batch, fetched by the job queue's workers, checked to be a picture, stored
// by its hash and recorded on the product_images row it was queued for.
import dns, { type LookupAddress } from "node:dns";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { and, eq, sql } from "drizzle-orm";
import { type Db, rows, type Tx } from "#db/client.ts";
import type { JobDefinition, JobQueue } from "#modules/jobs/job-queue.ts";
import { type PictureCopyState, productImages } from "./catalog.schema.ts";
import {
  MAX_PICTURE_BYTES,
  PICTURE_TYPES,
  type PictureExtension,
  sniffPicture,
  storePicture,
} from "./picture-store.ts";

export const COPY_PICTURE_JOB = "catalog.copy-picture";

/** Tries after the first: 30 s doubling to the 10-minute cap, about 40 minutes in all. */
export const PICTURE_RETRIES = 6;
/** Pictures one worker fetches at once: the work is waiting on other hosts. */
const PICTURES_AT_ONCE = 8;
/** Redirects followed before giving up. */
const MAX_REDIRECTS = 3;

/** What a copy job carries: the row it is for and the source it was queued with. */
export interface PictureCopy {
  productId: number;
  position: number;
  /** An http(s) address, or a `file:` URL of a path that sat beside the import file. */
  source: string;
}

export interface PictureCopyOptions {
  /** MEDIA_DIR: the stored files go under its `pictures/`. */
  mediaDir: string;
  /**
   * Whether hosts on loopback, private, link-local or other non-public addresses may be fetched: never
   * in production, where an import file must not make the shop reach into its own network.
   */
  allowPrivateHosts: boolean;
  /** Silence on the connection this long fails the try (default 15 s). */
  idleTimeoutMs?: number;
  /** The whole download this long fails the try (default 60 s): a host dripping bytes is not waited on. */
  totalTimeoutMs?: number;
  maxBytes?: number;
}

/** A picture that will not be copied as it stands (not a picture, too large, gone): never retried. */
export class PictureRefused extends Error {}

/** A failure that may pass (no answer, the host's 5xx or 429): the job queue tries again later. */
class PictureUnavailable extends Error {}

const NON_PUBLIC = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const)
  NON_PUBLIC.addSubnet(address, prefix, "ipv4");
for (const [address, prefix] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
] as const)
  NON_PUBLIC.addSubnet(address, prefix, "ipv6");

/** Loopback, private, link-local, carrier-grade NAT, multicast and reserved addresses (v4, v6 and v4-mapped). */
export function isNonPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  return NON_PUBLIC.check(address, family === 6 ? "ipv6" : "ipv4");
}

/**
 * The name lookup of a fetch that must reach only public hosts: the addresses a name resolves to are
 * checked where the connection is made, so a name cannot point elsewhere between check and connect.
 */
function publicOnlyLookup(
  hostname: string,
  options: dns.LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) {
  dns.lookup(hostname, { ...options }, (error, address, family) => {
    if (error) return callback(error, address, family);
    const found = Array.isArray(address) ? address : [{ address, family }];
    const inside = found.find((entry) => isNonPublicAddress(entry.address));
    if (inside)
      return callback(
        new PictureRefused(`${hostname} is not a public address (${inside.address}).`),
        address,
        family,
      );
    callback(null, address, family);
  });
}

interface Downloaded {
  bytes: Buffer;
  /** The content type the host declared, or the one a file's name stands for. */
  declared: string;
}

const TRANSIENT_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);
const megabytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;

/** One GET: the answer's bytes, or where it redirects to. */
function get(url: URL, options: PictureCopyOptions): Promise<Downloaded | { redirect: URL }> {
  const maxBytes = options.maxBytes ?? MAX_PICTURE_BYTES;
  const idle = options.idleTimeoutMs ?? 15_000;
  const total = options.totalTimeoutMs ?? 60_000;
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const request = client.get(
      url,
      {
        headers: {
          accept: "image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9",
          "user-agent": "Pitchside picture copy (catalogue import)",
        },
        timeout: idle,
        ...(options.allowPrivateHosts ? {} : { lookup: publicOnlyLookup as never }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location) {
          response.resume();
          return resolve({ redirect: new URL(location, url) });
        }
        if (status !== 200) {
          response.resume();
          const message = `The host answered ${status}.`;
          return reject(
            TRANSIENT_STATUSES.has(status) ? new PictureUnavailable(message) : new PictureRefused(message),
          );
        }
        const declared = (response.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
        if (!declared.startsWith("image/")) {
          response.destroy();
          return reject(new PictureRefused(`Not a picture: the host sent ${declared || "no content type"}.`));
        }
        if (Number(response.headers["content-length"]) > maxBytes) {
          response.destroy();
          return reject(new PictureRefused(`Larger than ${megabytes(maxBytes)}.`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            reject(new PictureRefused(`Larger than ${megabytes(maxBytes)}.`));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve({ bytes: Buffer.concat(chunks), declared }));
        response.on("error", (error) => reject(new PictureUnavailable(error.message)));
        response.on("close", () => reject(new PictureUnavailable("The host closed the connection early.")));
      },
    );
    const deadline = setTimeout(
      () => request.destroy(new PictureUnavailable(`Not downloaded within ${total / 1000} s.`)),
      total,
    );
    request.on("close", () => clearTimeout(deadline));
    request.on("timeout", () =>
      request.destroy(new PictureUnavailable(`No answer within ${idle / 1000} s.`)),
    );
    request.on("error", (error) =>
      reject(
        error instanceof PictureRefused || error instanceof PictureUnavailable
          ? error
          : new PictureUnavailable(error.message),
      ),
    );
  });
}

/** A picture file beside the import file (its path resolved by the import): its bytes and the type its name stands for. */
async function readLocal(url: URL, maxBytes: number): Promise<Downloaded> {
  const file = fileURLToPath(url);
  const extension = path.extname(file).slice(1).toLowerCase();
  const declared = PICTURE_TYPES[(extension === "jpeg" ? "jpg" : extension) as PictureExtension];
  if (!declared)
    throw new PictureRefused(
      `Not a picture: ${path.basename(file)} is not named .jpg, .png, .gif, .webp or .avif.`,
    );
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!stat?.isFile()) throw new PictureRefused(`There is no file ${file}.`);
  if (stat.size > maxBytes) throw new PictureRefused(`Larger than ${megabytes(maxBytes)}.`);
  return { bytes: await fs.promises.readFile(file), declared };
}

/** The source's bytes: a file, or http(s) with up to three redirects, every hop checked the same way. */
export async function downloadPicture(source: string, options: PictureCopyOptions): Promise<Downloaded> {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    throw new PictureRefused("Not an address.");
  }
  if (url.protocol === "file:") return readLocal(url, options.maxBytes ?? MAX_PICTURE_BYTES);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw new PictureRefused(`Only http(s) addresses are fetched, not ${url.protocol}`);
    // An address written as an IP is connected to without a lookup: checked here instead.
    const literal = url.hostname.replace(/^\[|\]$/g, "");
    if (!options.allowPrivateHosts && isNonPublicAddress(literal))
      throw new PictureRefused(`${literal} is not a public address.`);
    const answer = await get(url, options);
    if (!("redirect" in answer)) return answer;
    url = answer.redirect;
  }
  throw new PictureRefused(`More than ${MAX_REDIRECTS} redirects.`);
}

const sameRow = (copy: PictureCopy) =>
  and(
    eq(productImages.productId, copy.productId),
    eq(productImages.position, copy.position),
    // A later import may have given the position another picture: then this copy is not its.
    eq(productImages.url, copy.source),
  );

/**
 * Fetches one picture, checks that it is one (an image content type, and bytes that are JPEG, PNG,
 * GIF, WebP or AVIF: SVG and anything else is refused), stores it and records the stored name on its
 * row. Throws PictureRefused for a picture that will never do, another error for one worth a retry.
 */
export async function copyPicture(db: Db, copy: PictureCopy, options: PictureCopyOptions): Promise<string> {
  const { bytes, declared } = await downloadPicture(copy.source, options);
  const format = sniffPicture(bytes);
  if (!format)
    throw new PictureRefused(
      `Not a picture: sent as ${declared}, but the bytes are not JPEG, PNG, GIF, WebP or AVIF.`,
    );
  const name = storePicture(options.mediaDir, bytes, format);
  await db
    .update(productImages)
    .set({ storedPath: name, copyState: "stored", copyError: null, copiedAt: new Date() })
    .where(sameRow(copy));
  return name;
}

async function recordProblem(db: Db, copy: PictureCopy, state: PictureCopyState, message: string) {
  await db
    .update(productImages)
    .set({ storedPath: null, copyState: state, copyError: message.slice(0, 500), copiedAt: null })
    .where(sameRow(copy));
}

interface Logger {
  warn(object: object, message: string): void;
}

/**
 * The job: a refused picture is recorded (and logged) and not tried again; any other failure is
 * recorded and thrown so the queue retries it with growing waits, until the last try records it failed.
 */
export function copyPictureJob(db: Db, options: PictureCopyOptions, log: Logger): JobDefinition<PictureCopy> {
  return {
    name: COPY_PICTURE_JOB,
    retryLimit: PICTURE_RETRIES,
    retryDelaySeconds: 30,
    concurrency: PICTURES_AT_ONCE,
    deleteAfterSeconds: 86_400,
    run: async (copy, job) => {
      try {
        await copyPicture(db, copy, options);
      } catch (error) {
        const message = (error as Error).message;
        const refused = error instanceof PictureRefused;
        const last = job.retryCount >= PICTURE_RETRIES;
        await recordProblem(db, copy, refused ? "refused" : last ? "failed" : "pending", message);
        if (refused || last) {
          log.warn({ job: COPY_PICTURE_JOB, ...copy, reason: message }, "product picture not copied");
          return;
        }
        throw error;
      }
    },
  };
}

/** Queues a copy of each picture, with the caller's transaction (the import's batch). */
export async function queuePictureCopies(
  tx: Db | Tx,
  queue: Pick<JobQueue, "addMany">,
  copies: readonly PictureCopy[],
): Promise<void> {
  await queue.addMany(tx, COPY_PICTURE_JOB, [...copies]);
}

export interface PictureProblem {
  handle: string;
  position: number;
  source: string;
  state: PictureCopyState;
  error: string | null;
}

/** How the copies stand: counted by state, with every picture not stored (refused, failed, or retrying with its last error). */
export async function picturesReport(
  db: Db,
  limit = 200,
): Promise<{ counts: Record<PictureCopyState, number>; problems: PictureProblem[] }> {
  const [counts, problems] = await Promise.all([
    rows<{ state: PictureCopyState; count: number }>(
      db,
      sql`select copy_state as state, count(*)::int as count from product_images group by copy_state`,
    ),
    rows<PictureProblem>(
      db,
      sql`select p.slug as handle, i.position, i.url as source, i.copy_state as state, i.copy_error as error
            from product_images i join products p on p.id = i.product_id
           where i.copy_state <> 'stored' and (i.copy_state <> 'pending' or i.copy_error is not null)
           order by p.slug, i.position limit ${limit}`,
    ),
  ]);
  const byState: Record<PictureCopyState, number> = { pending: 0, stored: 0, refused: 0, failed: 0 };
  for (const row of counts) byState[row.state] = row.count;
  return { counts: byState, problems };
}

/** Queues again every picture not stored and not refused (left pending by an older shop, or failed). */
export async function requeuePictures(db: Db, queue: Pick<JobQueue, "addMany">): Promise<number> {
  return db.transaction(async (tx) => {
    const waiting = await rows<{ product_id: number; position: number; url: string }>(
      tx,
      sql`update product_images set copy_state = 'pending', copy_error = null
           where copy_state in ('pending', 'failed')
       returning product_id, position, url`,
    );
    await queuePictureCopies(
      tx,
      queue,
      waiting.map((row) => ({ productId: row.product_id, position: row.position, source: row.url })),
    );
    return waiting.length;
  });
}
