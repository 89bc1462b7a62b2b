import { Transform, type TransformCallback } from "node:stream";

const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW_PRIORITY = Buffer.from(' fetchpriority="low"');
const HEAD_END = Buffer.from("</head>");

/**
 * The destination React renders a page into, between React and the response.
 *
 * - **Module preloads at low priority.** React Router's `<Scripts>` preloads every module of the page
 *   at the browser's default, high priority, and gives no way to change it. The page is readable
 *   before any of them runs (HTML and inlined stylesheet), so on a slow phone they should not take
 *   the line from the stylesheet's fonts and the first product images. Lighthouse counts
 *   high-priority scripts that arrive before the first paint as holding it back, which cost the
 *   home, category and product pages 5–10 points whenever the document came quickly (decision 0065).
 * - **One chunk per flush.** React writes in 4 KB pieces and calls `flush()` when a flush is over;
 *   held until then, the shell goes to the socket in one write and each streamed part in one more,
 *   instead of some 45 writes for a category page. Streaming is kept.
 */
export class PageStream extends Transform {
  #held: Buffer[] = [];
  #bytes = 0;
  #inHead = true;
  readonly #onEnd: (() => void) | undefined;

  /** onEnd: called once React has written everything. */
  constructor(onEnd?: () => void) {
    super();
    this.#onEnd = onEnd;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.#held.push(chunk);
    this.#bytes += chunk.length;
    callback();
  }

  /** Called by React at the end of every flush: what it wrote since goes on as one chunk. */
  flush() {
    if (this.#bytes === 0) return;
    let chunk = this.#held.length === 1 ? (this.#held[0] as Buffer) : Buffer.concat(this.#held, this.#bytes);
    this.#held = [];
    this.#bytes = 0;
    // React writes the whole head in the shell's flush, so no tag is cut between two chunks. The
    // patterns are ASCII, so byte offsets are safe in UTF-8.
    if (this.#inHead) {
      const headEnd = chunk.indexOf(HEAD_END);
      this.#inHead = headEnd === -1;
      chunk = lowPriorityModulePreloads(chunk, headEnd === -1 ? chunk.length : headEnd);
    }
    this.push(chunk);
  }

  override _flush(callback: TransformCallback) {
    this.flush();
    this.#onEnd?.();
    callback();
  }
}

/** chunk with `fetchpriority="low"` added to every module preload that starts before `end`. */
export function lowPriorityModulePreloads(chunk: Buffer, end: number): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  let at = chunk.indexOf(MODULE_PRELOAD);
  while (at !== -1 && at < end) {
    const cut = at + MODULE_PRELOAD.length;
    parts.push(chunk.subarray(from, cut), LOW_PRIORITY);
    from = cut;
    at = chunk.indexOf(MODULE_PRELOAD, from);
  }
  if (parts.length === 0) return chunk;
  parts.push(chunk.subarray(from));
  return Buffer.concat(parts);
}
