import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** The browser build, next to the server build (build/server/index.js → build/client). */
const CLIENT_DIR = path.resolve(import.meta.dirname, "..", "client");

const texts = new Map<string, string | null>();

/**
 * The text of a built stylesheet (`/assets/…css` of the browser build), read once per process; null
 * when there is none to read (development, where Vite serves the stylesheet itself) or the address
 * is not one of the build's stylesheets.
 */
export function stylesheetText(href: string, clientDir: string = CLIENT_DIR): string | null {
  if (!/^\/assets\/[\w-]+(\.[\w-]+)*\.css$/.test(href)) return null;
  const file = path.join(clientDir, href);
  const known = texts.get(file);
  if (known !== undefined) return known;
  let text: string | null;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    text = null;
  }
  texts.set(file, text);
  return text;
}

/** React's escaping of a `<style>`'s text (react-dom-server's styleRegex and styleReplacer). */
const STYLE_TAG = /(<\/|<)(s)(tyle)/gi;

function asReactWritesIt(text: string): string {
  return text.replace(
    STYLE_TAG,
    (_match, prefix: string, s: string, suffix: string) =>
      `${prefix}${s === "s" ? "\\73 " : "\\53 "}${suffix}`,
  );
}

/**
 * Stylesheets put into a page after React has rendered it, as bytes encoded once per process
 * (decision 0086). Given the text, React scans each page's 56 KB of stylesheet for `</style` and
 * encodes it to UTF-8 again: about 0.17 ms of a product page's 3.5 ms. React is given a short
 * placeholder instead, and the page's head has it replaced by the bytes on its way out (`fill`,
 * called by the page stream before anything is sent). The bytes are the text as React would write
 * it: `<style` and `</style` in it (in a string, say) escaped as React escapes them, once.
 *
 * The placeholder carries a number drawn when the process starts, so no text a shopper or an editor
 * wrote (a product's name in the title, say) can be taken for one; only the head is searched, and
 * each stylesheet only once.
 */
export class InlinedStylesheets {
  readonly #token = crypto.randomUUID();
  readonly #clientDir: string;
  readonly #byHref = new Map<string, { placeholder: string; marker: Buffer; bytes: Buffer } | null>();

  constructor(clientDir: string = CLIENT_DIR) {
    this.#clientDir = clientDir;
  }

  /** What React writes inside the stylesheet's `<style>`: null when the build has no such file. */
  placeholder = (href: string): string | null => {
    let kept = this.#byHref.get(href);
    if (kept === undefined) {
      const text = stylesheetText(href, this.#clientDir);
      if (text === null) kept = null;
      else {
        // A CSS comment: were it ever sent as it is, the page would only lack its styles.
        const placeholder = `/*${this.#token} ${href}*/`;
        kept = { placeholder, marker: Buffer.from(placeholder), bytes: Buffer.from(asReactWritesIt(text)) };
      }
      this.#byHref.set(href, kept);
    }
    return kept?.placeholder ?? null;
  };

  /**
   * The page's first bytes with each placeholder before `headEnd` replaced by its stylesheet, and
   * where the head now ends.
   */
  fill = (chunk: Buffer, headEnd: number): { chunk: Buffer; headEnd: number } => {
    let filled = chunk;
    let end = headEnd;
    for (const kept of this.#byHref.values()) {
      if (!kept) continue;
      const { marker, bytes } = kept;
      const at = filled.subarray(0, end).indexOf(marker);
      if (at === -1) continue;
      filled = Buffer.concat([filled.subarray(0, at), bytes, filled.subarray(at + marker.length)]);
      end += bytes.length - marker.length;
    }
    return { chunk: filled, headEnd: end };
  };
}
