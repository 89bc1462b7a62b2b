import { EventEmitter } from "node:events";
import { LONGEST_WAIT_MS } from "./early-interactions.ts";
import { NO_TAKEOVER_EVENT } from "./no-takeover.ts";

const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW_PRIORITY = Buffer.from(' fetchpriority="low"');
const HEAD_END = Buffer.from("</head>");

/** The page's first bytes, through the end of its head, with parts replaced; and where the head ends. */
export type HeadFiller = (chunk: Buffer, headEnd: number) => { chunk: Buffer; headEnd: number };

/** What React writes into its destination: its text, or bytes it has encoded or keeps encoded. */
type Piece = string | Uint8Array;

/**
 * The destination React renders a page into, and the page's body as a web stream (`readable`), which
 * the response is made of. It passes each of React's flushes on as one piece, and has the page's
 * scripts fetched after its first paint.
 *
 * One piece a flush: React writes a page in 4 KB pieces (and larger strings alone), some seventy for
 * a category page, and calls the destination's `flush()` when a flush of its work is complete. Every
 * piece passed on is a read of the response's stream, a few promises each. Pieces are held until React's `flush()` (or the end) and passed on together, so a page that is
 * ready at once is one piece, and a part that streams later is still sent when React flushes it
 * (decision 0085). A write is always accepted, so React never waits for the response to drain: the
 * page is held whole anyway (decision 0068).
 *
 * No Node stream between React and the response: React needs only `write`, `end`, `destroy`,
 * `flush` and the `drain`, `error` and `close` events of its destination, and the response takes a
 * web stream. A Node stream in between (and the web stream made from it) cost a tenth of an
 * uncached category page's time in their own machinery, and each of React's strings was made a
 * buffer of its own before the pieces were joined; here a flush's pieces are written once into one
 * buffer (decision 0092).
 *
 * Scripts after the first paint: React Router's `<Scripts>` preloads every module of the page at
 * once, and gives no way to change it. The page is readable before any of them runs (HTML and
 * inlined stylesheet), so on a slow phone they should not take the line from the first product
 * pictures: they are fetched once the page has been painted (`scriptsAfterFirstPaint`, decision
 * 0090), or, where the bootstrap script is not in the first piece, preloaded at low priority
 * (decision 0079). Until `</head>` has come, nothing is passed on, so no tag is cut.
 *
 * Head filling: before the head goes out, `fillHead` may replace parts of it, as the inlined
 * stylesheet's placeholder is replaced by its bytes (decision 0086).
 */
export class PageStream extends EventEmitter {
  /** The page's body, as the response sends it. */
  readonly readable: ReadableStream<Uint8Array>;
  #controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  #held: Piece[] = [];
  /** Bytes held, counting a string's UTF-16 units: its UTF-8 size is found as it is written. */
  #heldSize = 0;
  #inHead = true;
  #done = false;
  readonly #onEnd: (() => void) | undefined;
  readonly #fillHead: HeadFiller | undefined;

  /**
   * onEnd: called once when the page is over (React has written everything, the response was
   * cancelled, or the render failed); fillHead: what the head has filled in.
   */
  constructor(onEnd?: () => void, fillHead?: HeadFiller) {
    super();
    this.#onEnd = onEnd;
    this.#fillHead = fillHead;
    this.readable = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.#controller = controller;
      },
      // The visitor went away: React stops rendering (its `close` listener aborts the render).
      cancel: () => {
        if (this.#done) return;
        this.#done = true;
        this.#held = [];
        this.#onEnd?.();
        this.emit("close");
      },
    });
  }

  /** A piece React wrote: held until its flush. Always accepted (React never waits to drain). */
  write(piece: Piece): boolean {
    if (this.#done) return true;
    this.#held.push(piece);
    this.#heldSize += typeof piece === "string" ? piece.length : piece.byteLength;
    return true;
  }

  /** Called by React when a flush of its work is complete: what it wrote goes on as one piece. */
  flush() {
    if (!this.#done) this.#passHeld(false);
  }

  /** React has written everything. */
  end() {
    if (this.#done) return;
    this.#passHeld(true);
    this.#done = true;
    this.#onEnd?.();
    this.#controller?.close();
  }

  /** React's render failed past its shell: the response fails with it. */
  destroy(error?: Error) {
    if (this.#done) return;
    this.#done = true;
    this.#held = [];
    this.#onEnd?.();
    this.#controller?.error(error ?? new Error("The page's render failed."));
  }

  /**
   * The held pieces as one buffer, each string encoded straight into it. Its size is guessed from the
   * strings' lengths (a page is nearly all one byte a character) and grown should a string need more:
   * measuring each string in bytes first read every string twice (React measures them too).
   */
  #joinHeld(): Buffer {
    const held = this.#held;
    const only = held[0];
    if (held.length === 1 && only !== undefined && typeof only !== "string") {
      return Buffer.from(only.buffer, only.byteOffset, only.byteLength);
    }
    let joined: Buffer = Buffer.allocUnsafe(this.#heldSize + (this.#heldSize >> 4) + 64);
    let at = 0;
    for (const piece of held) {
      if (typeof piece !== "string") {
        if (at + piece.byteLength > joined.length) joined = grown(joined, at, piece.byteLength);
        joined.set(piece, at);
        at += piece.byteLength;
        continue;
      }
      let rest = piece;
      for (;;) {
        // encodeInto writes what fits, never half a character, and says how much of the string it took.
        const { read, written } = UTF8.encodeInto(rest, joined.subarray(at));
        at += written;
        if (read === rest.length) break;
        rest = rest.slice(read);
        joined = grown(joined, at, rest.length * 3);
      }
    }
    return joined.subarray(0, at);
  }

  #passHeld(atEnd: boolean) {
    if (this.#held.length === 0) return;
    const held = this.#joinHeld();
    this.#held = [];
    this.#heldSize = 0;
    if (!this.#inHead) {
      this.#controller?.enqueue(held);
      return;
    }
    const headEnd = held.indexOf(HEAD_END);
    // A head not ended yet waits for the rest (a piece must not end inside a tag being marked).
    if (headEnd === -1 && !atEnd) {
      this.#held = [held];
      this.#heldSize = held.byteLength;
      return;
    }
    this.#inHead = false;
    const head = { chunk: held, headEnd: headEnd === -1 ? held.length : headEnd };
    const filled = this.#fillHead ? this.#fillHead(head.chunk, head.headEnd) : head;
    this.#controller?.enqueue(
      scriptsAfterFirstPaint(filled.chunk, filled.headEnd) ??
        lowPriorityModulePreloads(filled.chunk, filled.headEnd),
    );
  }
}

const UTF8 = new TextEncoder();

/** A buffer with room for `more` bytes after its first `used`, those copied over. */
function grown(buffer: Buffer, used: number, more: number): Buffer {
  const larger = Buffer.allocUnsafe(Math.max(buffer.length * 2, used + more + 64));
  buffer.copy(larger, 0, 0, used);
  return larger;
}

const SCRIPT_OPEN = Buffer.from("<script");
const SCRIPT_CLOSE = Buffer.from("</script>");
const MODULE_TYPE = Buffer.from(' type="module"');
/** What React Router's bootstrap script sets: the mark that a module script is that one. */
const ROUTE_MODULES = "window.__reactRouterRouteModules";

/**
 * The page's scripts fetched only once its first paint is done (decision 0090): its module preloads
 * taken out of the head, and React Router's bootstrap module script (which imports the page's route
 * modules, then the client entry) replaced by a classic script that, on the frame after the first
 * paint, preloads those same modules and then adds the bootstrap as a module script with the page's
 * nonce. Null when the bootstrap is not in this chunk (a page whose shell flush did not hold it):
 * the page is then left as React wrote it, to be given low-priority preloads.
 *
 * Why: the page is readable from its HTML alone (inlined stylesheet, eager first pictures) and its
 * links and forms work before any script runs (0078). Fetched at once, the 170–210 KB of modules
 * share a phone's line with the first product pictures, whatever their priority, and Lighthouse's
 * simulated largest paint counted every one that arrived before the observed paint (0079).
 */
export function scriptsAfterFirstPaint(chunk: Buffer, headEnd: number): Buffer | null {
  // Searched from the end: React Router writes its bootstrap after the page's markup, with only the
  // page's data after it (classic scripts, whose text holds no unescaped quote). From the head's
  // end, the search read the whole of a category page's markup first.
  const typeAt = chunk.lastIndexOf(MODULE_TYPE);
  if (typeAt === -1 || typeAt < headEnd) return null;
  const openAt = chunk.lastIndexOf(SCRIPT_OPEN, typeAt);
  const textAt = chunk.indexOf(">", typeAt) + 1;
  // The attribute must be the bootstrap's own open tag's, not text after another element.
  if (openAt === -1 || openAt < headEnd || chunk.subarray(openAt, typeAt).includes(">")) return null;
  const closeAt = chunk.indexOf(SCRIPT_CLOSE, textAt);
  if (textAt === 0 || closeAt === -1) return null;
  const openTag = chunk.toString("latin1", openAt, textAt);
  const nonce = / nonce="([^"]*)"/.exec(openTag)?.[1];
  const bootstrap = chunk.toString("utf8", textAt, closeAt);
  if (!bootstrap.includes(ROUTE_MODULES)) return null;

  const hrefs: string[] = [];
  const parts: Buffer[] = [];
  // The preloads are looked for in the head alone: the last search no longer reads the whole page.
  const head = chunk.subarray(0, headEnd);
  let from = 0;
  for (let at = head.indexOf(MODULE_PRELOAD); at !== -1; at = head.indexOf(MODULE_PRELOAD, from)) {
    const tagEnd = chunk.indexOf(">", at) + 1;
    if (tagEnd === 0 || tagEnd > headEnd) break;
    const href = / href="([^"]*)"/.exec(chunk.toString("latin1", at, tagEnd))?.[1];
    if (href) hrefs.push(href.replaceAll("&amp;", "&"));
    parts.push(chunk.subarray(from, at));
    from = tagEnd;
  }
  parts.push(
    chunk.subarray(from, openAt),
    Buffer.from(
      `<script${nonce === undefined ? "" : ` nonce="${nonce}"`}>${loaderScript(hrefs, bootstrap)}</script>`,
    ),
    chunk.subarray(closeAt + SCRIPT_CLOSE.length),
  );
  return Buffer.concat(parts);
}

/** A string as a script's JavaScript literal, safe inside a `<script>` element. */
const scriptLiteral = (value: unknown) =>
  JSON.stringify(value)
    .replaceAll("<", "\\u003c")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");

/**
 * The classic script standing in for the bootstrap: after the first paint (the frame's callback, then
 * a task after its paint; at once in a hidden tab, which paints no frame), the modules' preloads in
 * parallel, then the bootstrap itself. Its nonce is this script's own (read from the element: the
 * attribute is hidden once parsed).
 *
 * Until the page is live (`data-hydrated` on the document element, set once React has taken the page
 * over and run its effects), a tap on a button and a form's submission are kept, as decision 0078
 * keeps them for a later part (`early-interactions.ts`, whose rules this follows): stopped before any
 * other listener hears them (a later part's own hold included, so a tap is never done twice), the
 * button marked as waiting (`data-waiting`), and done again once the page is live, in order, each
 * once, unless kept longer than `LONGEST_WAIT_MS`. What was typed into fields meanwhile is written
 * back first, so that React's state learns it (React keeps a field's text when it takes the page
 * over, but not in its state). Links, fields, labels and summaries are left alone (they work without
 * script). Should the page not be taken over (a module that failed to load, the client entry's
 * `NO_TAKEOVER_EVENT`, or nothing after `GIVE_UP_MS`), nothing more is kept and what was kept is done
 * as the browser does it without script.
 *
 * Written out by hand, as the browser runs it: no build step sees it, and it holds no `<`.
 */
const GIVE_UP_MS = 30_000;
const LOADER = `(function(p,m){
var d=document,w=window,h=d.documentElement,n=d.currentScript.nonce,kept=[],typed=new Map(),holding=true;
function live(){return h.hasAttribute("data-hydrated")}
function keep(e){
if(!holding||live())return;
var t=e.target,b=t;
if(e.type==="click"){
if(!t.closest||t.closest("a[href],input,select,textarea,option,optgroup,label,summary"))return;
b=t.closest("button,[role=button]");if(!b)return}
e.preventDefault();e.stopImmediatePropagation();
if(!kept.some(function(k){return k.el===b})){kept.push({el:b,at:Date.now(),by:e.submitter||null});
if(e.type==="click")b.setAttribute("data-waiting","")}}
function note(e){var f=e.target;
if(live()||!/^(INPUT|SELECT|TEXTAREA)$/.test(f.tagName)||f.type==="file")return;
typed.delete(f);typed.set(f,f.type==="checkbox"||f.type==="radio"?f.checked:f.value)}
function put(f,v){
if(f.tagName==="SELECT"){f.value=v;f.dispatchEvent(new Event("change",{bubbles:true}));return}
if(typeof v==="boolean"){if(v||f.type!=="radio"){f.checked=!v;f.click()}return}
var own=Object.getOwnPropertyDescriptor(Object.getPrototypeOf(f),"value");if(!own||!own.set)return;
f.value=v===""?" ":"";own.set.call(f,v);f.dispatchEvent(new Event("input",{bubbles:true}))}
var on=[["click",keep],["submit",keep],["input",note],["change",note]];
on.forEach(function(l){w.addEventListener(l[0],l[1],true)});
function stop(){holding=false;on.forEach(function(l){w.removeEventListener(l[0],l[1],true)});
var all=kept;kept=[];all.forEach(function(k){k.el.removeAttribute("data-waiting")});return all}
function redo(all){var since=Date.now()-${LONGEST_WAIT_MS};all.forEach(function(k){if(k.at>=since&&k.el.isConnected){
if(k.el.tagName==="FORM")k.el.requestSubmit(k.by&&k.by.form===k.el?k.by:undefined);else k.el.click()}})}
var o=new MutationObserver(function(){if(!live())return;o.disconnect();
setTimeout(function(){var all=stop();typed.forEach(function(v,f){if(f.isConnected)put(f,v)});redo(all)},0)});
o.observe(h,{attributes:true,attributeFilter:["data-hydrated"]});
function fail(){if(!holding)return;o.disconnect();redo(stop())}
w.addEventListener("${NO_TAKEOVER_EVENT}",fail);setTimeout(fail,${GIVE_UP_MS});
function go(){
p.forEach(function(u){var l=d.createElement("link");l.rel="modulepreload";l.href=u;d.head.appendChild(l)});
var s=d.createElement("script");s.type="module";s.nonce=n;s.onerror=fail;s.textContent=m;d.body.appendChild(s)}
if(d.visibilityState==="hidden")setTimeout(go,0);else requestAnimationFrame(function(){setTimeout(go,0)})})`.replaceAll(
  "\n",
  "",
);

function loaderScript(hrefs: string[], bootstrap: string): string {
  return `${LOADER}(${scriptLiteral(hrefs)},${scriptLiteral(bootstrap)})`;
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
