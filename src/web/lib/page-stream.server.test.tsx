import { PassThrough, Readable, type Writable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { lowPriorityModulePreloads, PageStream, scriptsAfterFirstPaint } from "./page-stream.server.ts";

const SIZES = Array.from({ length: 400 }, (_, i) => `Størrelse ${i} – på lager`);

function Late({ text }: { text: Promise<string> }) {
  return <p>{use(text)}</p>;
}

/** A page like the shop's: module preloads in the head, a long body, a part streamed later. */
function Page({ late }: { late: Promise<string> }) {
  return (
    <html lang="da">
      <head>
        <title>Fodboldstøvler · Pitchside</title>
        <link rel="modulepreload" href="/assets/entry.client.js" />
        <link rel="modulepreload" href="/assets/root.js" />
      </head>
      <body>
        {SIZES.map((size) => (
          <p key={size}>{size}</p>
        ))}
        <Suspense fallback={<p>Henter…</p>}>
          <Late text={late} />
        </Suspense>
        <pre>{'<link rel="modulepreload" href="/in-the-body.js">'}</pre>
      </body>
    </html>
  );
}

/**
 * How the page is piped: once its shell is ready (a shopper), once all of it is (a crawler), or once
 * its shell is ready and then cut short while its late part still waits (the render's timeout).
 */
type Piping = "shell" | "all" | "abort";

/** The chunks a destination passed on, in order, each with whether the late part had come by then. */
interface Rendered {
  chunks: Buffer[];
  lateCame: boolean[];
}

/** Where React writes a page: a plain Node stream (as React writes it), or the shop's page stream. */
type Destination = PassThrough | PageStream;

/** The page as it leaves the destination: a page stream's is its web stream, read as a Node stream. */
function pageOut(destination: Destination): NodeJS.ReadableStream {
  return destination instanceof PageStream
    ? Readable.fromWeb(destination.readable as WebReadableStream<Uint8Array>)
    : destination;
}

/** Renders the page into destination; the late part comes 5 ms after the shell (not when aborted). */
function renderPiped(destination: Destination, piping: Piping): Promise<Rendered> {
  let came = false;
  let resolveLate: (text: string) => void = () => {};
  const late = new Promise<string>((resolve) => {
    resolveLate = (text) => {
      came = true;
      resolve(text);
    };
  });
  return new Promise((resolve, reject) => {
    const rendered: Rendered = { chunks: [], lateCame: [] };
    const out = pageOut(destination);
    out.on("data", (chunk: Buffer) => {
      rendered.chunks.push(chunk);
      rendered.lateCame.push(came);
    });
    out.on("end", () => resolve(rendered));
    const { pipe, abort } = renderToPipeableStream(<Page late={late} />, {
      onShellReady() {
        if (piping === "all") return;
        pipe(destination as Writable);
        if (piping === "abort") setTimeout(() => abort(), 5);
      },
      onAllReady() {
        if (piping === "all") pipe(destination as Writable);
      },
      onShellError: reject,
    });
    if (piping !== "abort") setTimeout(() => resolveLate("Leveret i morgen"), 5);
  });
}

/** Renders the page into destination, piped once its shell is ready, and resolves with the chunks passed on. */
async function render(destination: Destination): Promise<Buffer[]> {
  return (await renderPiped(destination, "shell")).chunks;
}

/** What a PageStream passes on when written the given pieces, piece by piece. */
async function passedOn(pieces: string[]): Promise<string[]> {
  const stream = new PageStream();
  const chunks: string[] = [];
  const out = pageOut(stream);
  out.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
  const ended = new Promise((resolve) => out.on("end", resolve));
  for (const piece of pieces) stream.write(piece);
  stream.end();
  await ended;
  return chunks;
}

describe("PageStream", () => {
  it("passes React's page on with module preloads in the head at low priority, and nothing else changed", async () => {
    const plain = Buffer.concat(await render(new PassThrough())).toString("utf8");
    let ended = 0;
    const chunks = await render(new PageStream(() => ended++));
    const page = Buffer.concat(chunks).toString("utf8");

    expect(ended).toBe(1);
    expect(page).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client.js"/>');
    expect(page).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/root.js"/>');
    // The same text in the body is content, not a preload.
    expect(page).toContain("&lt;link rel=&quot;modulepreload&quot; href=&quot;/in-the-body.js&quot;&gt;");
    expect(page.replaceAll(' fetchpriority="low"', "")).toBe(plain);
    expect(page).toContain("Størrelse 399 – på lager");
    expect(page).toContain("Leveret i morgen");
  });

  it("passes each of React's flushes on as one piece: the shell, then the part streamed later", async () => {
    const plainChunks = await render(new PassThrough());
    const chunks = await render(new PageStream());

    const plain = plainChunks.map((chunk) => chunk.toString("utf8"));
    const passed = chunks.map((chunk) => chunk.toString("utf8"));
    // React wrote the shell in many 4 KB pieces, then the late part in more.
    expect(plain.length).toBeGreaterThan(3);
    expect(passed).toHaveLength(2);
    const [shell, late] = passed as [string, string];
    expect(shell).toContain("Størrelse 399 – på lager");
    expect(shell).toContain("Henter…");
    expect(shell).not.toContain("Leveret i morgen");
    expect(late).toContain("Leveret i morgen");
    expect(passed.join("").replaceAll(' fetchpriority="low"', "")).toBe(plain.join(""));
  });

  it("passes the shell on before the late part has come", async () => {
    const { chunks, lateCame } = await renderPiped(new PageStream(), "shell");
    expect(chunks).toHaveLength(2);
    expect(lateCame).toEqual([false, true]);
  });

  it("passes a page piped once all of it is ready on as one piece", async () => {
    const plain = Buffer.concat((await renderPiped(new PassThrough(), "all")).chunks).toString("utf8");
    const { chunks } = await renderPiped(new PageStream(), "all");
    expect(chunks).toHaveLength(1);
    const page = chunks[0]?.toString("utf8") ?? "";
    expect(page).toContain("Leveret i morgen");
    expect(page.replaceAll(' fetchpriority="low"', "")).toBe(plain);
  });

  it("passes on all of a render cut short, its fallback in place, and ends", async () => {
    const plain = Buffer.concat((await renderPiped(new PassThrough(), "abort")).chunks).toString("utf8");
    let ended = 0;
    const { chunks } = await renderPiped(new PageStream(() => ended++), "abort");
    const page = Buffer.concat(chunks).toString("utf8");
    expect(ended).toBe(1);
    expect(page).toContain("Henter…");
    expect(page).not.toContain("Leveret i morgen");
    expect(page.replaceAll(' fetchpriority="low"', "")).toBe(plain);
  });

  it("marks a preload cut between pieces, and passes pieces written with no flush on at the end", async () => {
    expect(
      await passedOn([
        '<html><head><link rel="module',
        'preload" href="/a.js"/></he',
        "ad><body>",
        "Støvler</body>",
      ]),
    ).toEqual([
      '<html><head><link rel="modulepreload" fetchpriority="low" href="/a.js"/></head><body>Støvler</body>',
    ]);
  });

  it("passes nothing on before the head has ended, whatever React flushes", async () => {
    const stream = new PageStream();
    const chunks: string[] = [];
    const out = pageOut(stream);
    out.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
    const ended = new Promise((resolve) => out.on("end", resolve));
    stream.write('<html><head><link rel="modulepreload" href="/a.js"/></');
    stream.flush();
    stream.write("he");
    stream.flush();
    stream.write("ad><body>");
    stream.flush();
    stream.write("Ø</body>");
    stream.flush();
    stream.end();
    await ended;
    expect(chunks).toEqual([
      '<html><head><link rel="modulepreload" fetchpriority="low" href="/a.js"/></head><body>',
      "Ø</body>",
    ]);
  });

  it("joins React's text and bytes as they were written, whatever their script", async () => {
    const stream = new PageStream();
    const chunks: Buffer[] = [];
    const out = pageOut(stream);
    out.on("data", (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => out.on("end", resolve));
    stream.write("<html><head></head><body>Støvler ");
    stream.write(new TextEncoder().encode("サッカー 👟 "));
    stream.write("Ærø – ½");
    // Text of three and four bytes a character, far past the room guessed from its length.
    stream.write("サッカー👟".repeat(3000));
    stream.write(new TextEncoder().encode("</body>"));
    stream.end();
    await ended;
    expect(Buffer.concat(chunks).toString("utf8")).toBe(
      `<html><head></head><body>Støvler サッカー 👟 Ærø – ½${"サッカー👟".repeat(3000)}</body>`,
    );
  });

  it("writes lone surrogates as React does, in short text and in text React hands over whole", async () => {
    const odd = (length: number) => `Støvle \uD800 ${"ø\uDC00".repeat(length)} \uDBFF`;
    const page = (
      <html lang="da">
        <head>
          <title>{odd(2)}</title>
        </head>
        <body>
          <p>{odd(3)}</p>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a long text React writes as one string */}
          <div dangerouslySetInnerHTML={{ __html: odd(2000) }} />
        </body>
      </html>
    );
    const plain = await renderWhole(new PassThrough(), page);
    expect(await renderWhole(new PageStream(), page)).toBe(plain);
    expect(plain).toContain("\uFFFD");
  });

  it("stops React's render when the visitor goes away, and tells the page it is over", async () => {
    let ended = 0;
    const stream = new PageStream(() => ended++);
    const reader = stream.readable.getReader();
    const errors: string[] = [];
    const never = new Promise<string>(() => {});
    const { pipe } = renderToPipeableStream(<Page late={never} />, {
      onShellReady: () => pipe(stream as unknown as Writable),
      onError: (error) => {
        errors.push((error as Error).message);
      },
    });
    // The shell has gone out; the late part never comes.
    expect((await reader.read()).value?.byteLength).toBeGreaterThan(0);
    await reader.cancel();
    expect(ended).toBe(1);
    // React aborts the render's waiting parts in a task of its own.
    await vi.waitFor(() => expect(errors).toEqual(["The destination stream closed early."]));
    // What React might still write is dropped.
    expect(stream.write("<p>Efter</p>")).toBe(true);
    stream.end();
    expect(ended).toBe(1);
  });

  it("fails the page when React's render fails, once", async () => {
    let ended = 0;
    const failed = new PageStream(() => ended++);
    failed.write("<html><head></head><body>");
    failed.destroy(new Error("render failed"));
    failed.destroy(new Error("again"));
    failed.end();
    expect(ended).toBe(1);
    await expect(failed.readable.getReader().read()).rejects.toThrow("render failed");
  });
});

describe("lowPriorityModulePreloads", () => {
  const preload = (href: string) => `<link rel="modulepreload" href="${href}"/>`;

  it("marks every preload before the end and none after it", () => {
    const text = `<head>${preload("/a.js")}<title>Ø</title>${preload("/b.js")}</head><body>${preload("/c.js")}`;
    const end = Buffer.from(text).indexOf("</head>");
    const marked = lowPriorityModulePreloads(Buffer.from(text), end).toString("utf8");
    expect(marked).toBe(
      `<head><link rel="modulepreload" fetchpriority="low" href="/a.js"/><title>Ø</title>` +
        `<link rel="modulepreload" fetchpriority="low" href="/b.js"/></head><body>${preload("/c.js")}`,
    );
  });

  it("gives back the same chunk when there is nothing to mark", () => {
    const chunk = Buffer.from("<head><title>Støvler 😀</title></head>");
    expect(lowPriorityModulePreloads(chunk, chunk.length)).toBe(chunk);
    const preloadAfterEnd = Buffer.from(`<head></head>${preload("/x.js")}`);
    expect(lowPriorityModulePreloads(preloadAfterEnd, 6)).toBe(preloadAfterEnd);
  });
});

/** The whole of a page as a destination passed it on, piped once all of it is ready. */
function renderWhole(destination: Destination, page: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const out = pageOut(destination);
    out.on("data", (chunk: Buffer) => chunks.push(chunk));
    out.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    const { pipe } = renderToPipeableStream(page, {
      onAllReady: () => pipe(destination as Writable),
      onShellError: reject,
    });
  });
}

/** React Router's bootstrap as its `<Scripts>` writes it: the route modules, then the client entry. */
const BOOTSTRAP =
  'import "/assets/manifest.js";\nimport * as route0 from "/assets/root.js";\n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client.js");';

/** The page's data after the bootstrap, as React Router writes it: quotes in it are escaped. */
const DATA_SCRIPT = `window.__reactRouterContext.streamController.enqueue(${JSON.stringify(
  JSON.stringify(['<script type="module">']),
)});`;

/** A page with React Router's scripts as the shop's root writes them. */
function ShopPage() {
  return (
    <html lang="da">
      <head>
        <title>Støvler</title>
        <link rel="modulepreload" href="/assets/manifest.js" nonce="n0nce" />
        <link rel="modulepreload" href="/assets/entry.client.js" nonce="n0nce" />
        <link rel="modulepreload" href="/assets/root.js?v=1&amp;x=2" nonce="n0nce" />
      </head>
      <body>
        <p>{'Ikke et script: <script type="module">'}</p>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: React Router's own scripts, as its <Scripts> writes them */}
        <script nonce="n0nce" dangerouslySetInnerHTML={{ __html: "window.__reactRouterContext = {};" }} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: as above */}
        <script nonce="n0nce" type="module" async dangerouslySetInnerHTML={{ __html: BOOTSTRAP }} />
        <p>Efter scripts</p>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the page's data as React Router streams it after the bootstrap */}
        <script nonce="n0nce" dangerouslySetInnerHTML={{ __html: DATA_SCRIPT }} />
      </body>
    </html>
  );
}

/**
 * What a loader script does once run, in a stand-in for the browser: the elements it adds, in order,
 * after the frames and tasks it waits for (a task of a later time is noted, not run).
 */
function runLoader(script: string, nonce: string, visibilityState = "visible") {
  const added: { to: string; tag: string; props: Record<string, string> }[] = [];
  const waits: string[] = [];
  const listening: string[] = [];
  const element = (tag: string) => ({ tag, props: {} as Record<string, string> });
  const document = {
    currentScript: { nonce },
    visibilityState,
    documentElement: { hasAttribute: () => false },
    createElement: (tag: string) => {
      const made = element(tag);
      return new Proxy(made, {
        set: (_target, key, value) => {
          made.props[String(key)] = String(value);
          return true;
        },
      });
    },
    head: { appendChild: (child: ReturnType<typeof element>) => added.push({ to: "head", ...child }) },
    body: { appendChild: (child: ReturnType<typeof element>) => added.push({ to: "body", ...child }) },
  };
  const window = { addEventListener: (type: string) => listening.push(type) };
  class MutationObserver {
    observe() {}
    disconnect() {}
  }
  const requestAnimationFrame = (callback: () => void) => {
    waits.push("frame");
    callback();
  };
  const setTimeout = (callback: () => void, delay: number) => {
    waits.push(delay === 0 ? "task" : `after ${delay} ms`);
    if (delay === 0) callback();
  };
  new Function("document", "window", "MutationObserver", "requestAnimationFrame", "setTimeout", script)(
    document,
    window,
    MutationObserver,
    requestAnimationFrame,
    setTimeout,
  );
  return { added, waits, listening };
}

describe("scriptsAfterFirstPaint", () => {
  it("takes the module preloads out of the head and has the bootstrap added, after them, once the page is painted", async () => {
    const plain = await renderWhole(new PassThrough(), <ShopPage />);
    const page = await renderWhole(new PageStream(), <ShopPage />);
    expect(plain).toContain('<link rel="modulepreload"');
    expect(page).not.toContain('<link rel="modulepreload"');
    expect(page).not.toContain(' type="module" async');
    // The page around the scripts is as React wrote it.
    expect(page).toContain("Ikke et script: &lt;script type=&quot;module&quot;&gt;");
    expect(page).toContain('<script nonce="n0nce">window.__reactRouterContext = {};</script>');
    expect(page).toContain("<p>Efter scripts</p>");
    expect(page).toContain(`<script nonce="n0nce">${DATA_SCRIPT}</script>`);
    const loader = /<script nonce="n0nce">(\(function\(p,m\)[^<]*)<\/script>/.exec(page)?.[1];
    expect(loader).toBeTruthy();

    const { added, waits, listening } = runLoader(loader as string, "n0nce");
    // Taps, submissions and typing are kept until the page is live, or until it will not be.
    expect(listening).toEqual(["click", "submit", "input", "change", "pitchside:no-takeover"]);
    // Nothing is fetched before the frame after the first paint.
    expect(waits).toEqual(["after 30000 ms", "frame", "task"]);
    expect(added).toEqual([
      { to: "head", tag: "link", props: { rel: "modulepreload", href: "/assets/manifest.js" } },
      { to: "head", tag: "link", props: { rel: "modulepreload", href: "/assets/entry.client.js" } },
      { to: "head", tag: "link", props: { rel: "modulepreload", href: "/assets/root.js?v=1&x=2" } },
      {
        to: "body",
        tag: "script",
        props: { type: "module", nonce: "n0nce", onerror: expect.any(String), textContent: BOOTSTRAP },
      },
    ]);
    // A tab opened in the background paints no frame: its modules are fetched at once.
    expect(runLoader(loader as string, "n0nce", "hidden").waits).toEqual(["after 30000 ms", "task"]);
  });

  it("leaves a page without React Router's bootstrap to low-priority preloads", () => {
    const head = '<html><head><link rel="modulepreload" href="/a.js"/></head>';
    const other = Buffer.from(`${head}<body><script type="module">import "/b.js";</script></body></html>`);
    expect(scriptsAfterFirstPaint(other, other.indexOf("</head>"))).toBeNull();
    const none = Buffer.from(`${head}<body><p>Støvler</p></body></html>`);
    expect(scriptsAfterFirstPaint(none, none.indexOf("</head>"))).toBeNull();
    // Another module script after the bootstrap: the page is left to low-priority preloads.
    const after = Buffer.from(
      `${head}<body><script type="module">${BOOTSTRAP}</script><script type="module">import "/b.js";</script></body></html>`,
    );
    expect(scriptsAfterFirstPaint(after, after.indexOf("</head>"))).toBeNull();
  });

  it("writes the bootstrap as a literal with no < in it, so no text in it can end or open a script", () => {
    const text = `${BOOTSTRAP}\n// "<script>" <!-- \u2028 ø`;
    const page = Buffer.from(
      `<html><head><link rel="modulepreload" href="/x.js"/></head><body><script type="module" async="">${text}</script></body></html>`,
    );
    const out = scriptsAfterFirstPaint(page, page.indexOf("</head>"))?.toString("utf8") ?? "";
    const loader = /<body><script>([\s\S]*)<\/script><\/body>/.exec(out)?.[1] as string;
    expect(loader).not.toContain("<");
    const { added } = runLoader(loader, "");
    expect(added.map((element) => element.props.href ?? element.props.textContent)).toEqual(["/x.js", text]);
  });
});
