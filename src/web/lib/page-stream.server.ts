import { Transform, type TransformCallback } from "node:stream";

const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW_PRIORITY = Buffer.from(' fetchpriority="low"');
const HEAD_END = Buffer.from("</head>");

/** The page's first bytes, through the end of its head, with parts replaced; and where the head ends. */
export type HeadFiller = (chunk: Buffer, headEnd: number) => { chunk: Buffer; headEnd: number };

/**
 * The destination React renders a page into, between React and the response. It passes each of
 * React's flushes on as one piece, and puts the page's module preloads at low priority.
 *
 * One piece a flush: React writes a page in 4 KB pieces (and larger strings alone), some seventy for
 * a category page, and calls the destination's `flush()` when a flush of its work is complete. Every
 * piece passed on goes through React Router's web stream and the adapter's Node stream again, two
 * copies and a few promises each: about a tenth of the server's time on an uncached category page.
 * Pieces are held until React's `flush()` (or the end) and passed on together, so a page that is
 * ready at once is one piece, and a part that streams later is still sent when React flushes it
 * (decision 0085). A write is always accepted, so React never waits for the response to drain: the
 * page is held whole anyway (decision 0068).
 *
 * Low priority: React Router's `<Scripts>` preloads every module of the page at the browser's
 * default, high priority, and gives no way to change it. The page is readable before any of them
 * runs (HTML and inlined stylesheet), so on a slow phone they should not take the line from the
 * first product pictures. Lighthouse counts high-priority scripts that arrive before the first paint
 * as holding it back, which put its simulated first paint at 2.3–2.8 s whenever the document came
 * quickly (decision 0065). Until `</head>` has come, nothing is passed on, so no tag is cut.
 *
 * Head filling: before the head goes out, `fillHead` may replace parts of it, as the inlined
 * stylesheet's placeholder is replaced by its bytes (decision 0086).
 */
export class PageStream extends Transform {
  #held: Buffer[] = [];
  #inHead = true;
  readonly #onEnd: (() => void) | undefined;
  readonly #fillHead: HeadFiller | undefined;

  /** onEnd: called once React has written everything; fillHead: what the head has filled in. */
  constructor(onEnd?: () => void, fillHead?: HeadFiller) {
    super();
    this.#onEnd = onEnd;
    this.#fillHead = fillHead;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.#held.push(chunk);
    callback();
  }

  /** Called by React when a flush of its work is complete: what it wrote goes on as one piece. */
  flush() {
    this.#passHeld(false);
  }

  override _flush(callback: TransformCallback) {
    this.#passHeld(true);
    this.#onEnd?.();
    callback();
  }

  #passHeld(atEnd: boolean) {
    if (this.#held.length === 0) return;
    const held = this.#held.length === 1 ? (this.#held[0] as Buffer) : Buffer.concat(this.#held);
    if (!this.#inHead) {
      this.#held = [];
      this.push(held);
      return;
    }
    const headEnd = held.indexOf(HEAD_END);
    // A head not ended yet waits for the rest (a piece must not end inside a tag being marked).
    if (headEnd === -1 && !atEnd) {
      this.#held = [held];
      return;
    }
    this.#inHead = false;
    this.#held = [];
    const head = { chunk: held, headEnd: headEnd === -1 ? held.length : headEnd };
    const filled = this.#fillHead ? this.#fillHead(head.chunk, head.headEnd) : head;
    this.push(lowPriorityModulePreloads(filled.chunk, filled.headEnd));
  }
}

/** chunk with `fetchpriority="low"` added to every module preload that starts before `end`. */
export function lowPriorityModulePreloads(chunk: Buffer, end: number): Buffer {
  // Searched up to the head's end only: the chunk is most often the whole page.
  const head = chunk.subarray(0, Math.min(chunk.length, end + MODULE_PRELOAD.length - 1));
  const parts: Buffer[] = [];
  let from = 0;
  let at = head.indexOf(MODULE_PRELOAD);
  while (at !== -1 && at < end) {
    const cut = at + MODULE_PRELOAD.length;
    parts.push(chunk.subarray(from, cut), LOW_PRIORITY);
    from = cut;
    at = head.indexOf(MODULE_PRELOAD, from);
  }
  if (parts.length === 0) return chunk;
  parts.push(chunk.subarray(from));
  return Buffer.concat(parts);
}
