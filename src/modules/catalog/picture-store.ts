// The shop's own copies of imported product pictures (decision 0055): files named by the SHA-256 of
// their bytes under MEDIA_DIR/pictures, served from the shop's origin at /media/pictures/<name>.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** The raster formats the shop keeps and serves. SVG is not among them: it can carry scripts. */
export const PICTURE_TYPES = {
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
} as const;
export type PictureExtension = keyof typeof PICTURE_TYPES;

/** The largest picture copied (bytes). Originals are kept as they are (the shop has no resizer). */
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;

/** A stored picture's name: 64 hex digits and the extension of its format. */
export const STORED_PICTURE_NAME = /^[0-9a-f]{64}\.(?:jpg|png|gif|webp|avif)$/;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The format the bytes really are, by their magic numbers (never by a name or a header): JPEG, PNG,
 * GIF, WebP (RIFF….WEBP) or AVIF (an ISO-BMFF `ftyp` box of brand avif/avis); null for anything else.
 */
export function sniffPicture(bytes: Uint8Array): PictureExtension | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  if (
    startsWith(bytes, ascii("ftyp"), 4) &&
    (startsWith(bytes, ascii("avif"), 8) || startsWith(bytes, ascii("avis"), 8))
  )
    return "avif";
  return null;
}

/** Where a stored picture's file is: sharded by its first two hex digits so no folder grows huge. */
export function storedPictureFile(mediaDir: string, name: string): string {
  return path.join(mediaDir, "pictures", name.slice(0, 2), name);
}

/** The address the storefront shows a stored picture at (the shop's own origin). */
export function storedPictureUrl(name: string): string {
  return `/media/pictures/${name}`;
}

/**
 * Keeps the bytes as a file named by their SHA-256 (written beside and renamed, so a reader never
 * sees half a file; the same picture imported twice is one file). Returns the stored name.
 */
export function storePicture(mediaDir: string, bytes: Uint8Array, extension: PictureExtension): string {
  const name = `${crypto.createHash("sha256").update(bytes).digest("hex")}.${extension}`;
  const file = storedPictureFile(mediaDir, name);
  if (fs.existsSync(file)) return name;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.part`;
  fs.writeFileSync(partial, bytes);
  fs.renameSync(partial, file);
  return name;
}
