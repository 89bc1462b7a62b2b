import { PassThrough, type Writable } from "node:stream";
import { Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads, PageStream } from "./page-stream.server.ts";

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

/** Renders the page into destination; the late part comes 5 ms after the shell (not when aborted). */
function renderPiped(destination: Writable & NodeJS.ReadableStream, piping: Piping): Promise<Rendered> {
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
    destination.on("data", (chunk: Buffer) => {
      rendered.chunks.push(chunk);
      rendered.lateCame.push(came);
    });
    destination.on("end", () => resolve(rendered));
    const { pipe, abort } = renderToPipeableStream(<Page late={late} />, {
      onShellReady() {
        if (piping === "all") return;
        pipe(destination);
        if (piping === "abort") setTimeout(() => abort(), 5);
      },
      onAllReady() {
        if (piping === "all") pipe(destination);
      },
      onShellError: reject,
    });
    if (piping !== "abort") setTimeout(() => resolveLate("Leveret i morgen"), 5);
  });
}

/** Renders the page into destination, piped once its shell is ready, and resolves with the chunks passed on. */
async function render(destination: Writable & NodeJS.ReadableStream): Promise<Buffer[]> {
  return (await renderPiped(destination, "shell")).chunks;
}

/** What a PageStream passes on when written the given pieces, piece by piece. */
async function passedOn(pieces: string[]): Promise<string[]> {
  const stream = new PageStream();
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
  const ended = new Promise((resolve) => stream.on("end", resolve));
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
    stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
    const ended = new Promise((resolve) => stream.on("end", resolve));
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
