import { Transform, type TransformCallback } from "node:stream";

const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW_PRIORITY = Buffer.from(' fetchpriority="low"');
const HEAD_END = Buffer.from("</head>");

/**
 * The destination React renders a page into, between React and the response: it puts the page's
 * module preloads at low priority.
 *
 * React Router's `<Scripts>` preloads every module of the page at the browser's default, high
 * priority, and gives no way to change it. The page is readable before any of them runs (HTML and
 * inlined stylesheet), so on a slow phone they should not take the line from the first product
 * pictures. Lighthouse counts high-priority scripts that arrive before the first paint as holding it
 * back, which put its simulated first paint at 2.3–2.8 s whenever the document came quickly
 * (decision 0065).
 *
 * React writes the head in 4 KB pieces within one flush: they are held until `</head>` has come, so
 * no tag is cut, and passed on together. Everything after the head goes on as React wrote it.
 */
export class PageStream extends Transform {
  #held: Buffer[] = [];
  #inHead = true;
  /** The end of the last piece held, for a `</head>` cut between two pieces. */
  #tail: Buffer = Buffer.alloc(0);
  readonly #onEnd: (() => void) | undefined;

  /** onEnd: called once React has written everything. */
  constructor(onEnd?: () => void) {
    super();
    this.#onEnd = onEnd;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    if (!this.#inHead) return callback(null, chunk);
    this.#held.push(chunk);
    const seam = Buffer.concat([this.#tail, chunk.subarray(0, HEAD_END.length - 1)]);
    if (chunk.includes(HEAD_END) || seam.includes(HEAD_END)) this.#passHead();
    // The last bytes seen, across pieces however short: a `</head>` cut over three pieces is found.
    else this.#tail = Buffer.concat([this.#tail, chunk]).subarray(-(HEAD_END.length - 1));
    callback();
  }

  #passHead() {
    this.#inHead = false;
    const head = Buffer.concat(this.#held);
    this.#held = [];
    const headEnd = head.indexOf(HEAD_END);
    this.push(lowPriorityModulePreloads(head, headEnd === -1 ? head.length : headEnd));
  }

  override _flush(callback: TransformCallback) {
    if (this.#inHead && this.#held.length > 0) this.#passHead();
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
