import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough, Readable, type Writable } from "node:stream";
import type { ReadableStream } from "node:stream/web";
import { renderToPipeableStream } from "react-dom/server";
import { afterAll, describe, expect, it } from "vitest";
import { InlinedStylesheets, stylesheetText } from "./inline-stylesheet.server.ts";
import { InlineStylesheet, StylesheetTextContext } from "./inline-stylesheet.tsx";
import { PageStream } from "./page-stream.server.ts";

const build = fs.mkdtempSync(path.join(os.tmpdir(), "pitchside-client-"));
fs.mkdirSync(path.join(build, "assets"));
fs.writeFileSync(path.join(build, "assets", "app-Ab1_x.css"), "body{margin:0}");
fs.writeFileSync(path.join(build, "secret.css"), "not a stylesheet of the build");
// Characters a stylesheet of the shop holds: a child selector, quotes, a dash and a Danish letter;
// and what React escapes in a <style>'s text, which would otherwise end the element early.
const APP_CSS =
  'nav>a::after{content:"–"}.size[data-label="Størrelse"]{margin:0}.x::before{content:"</style><STYLE>"}';
fs.writeFileSync(path.join(build, "assets", "app-Cd2_y.css"), APP_CSS);
afterAll(() => fs.rmSync(build, { recursive: true, force: true }));

describe("the stylesheet written into each page", () => {
  it("is the built stylesheet's text", () => {
    expect(stylesheetText("/assets/app-Ab1_x.css", build)).toBe("body{margin:0}");
  });

  it("is nothing for a stylesheet the build does not have, or one Vite serves in development", () => {
    expect(stylesheetText("/assets/app-missing.css", build)).toBeNull();
    expect(stylesheetText("/src/web/app.css", build)).toBeNull();
  });

  it("never reads a file outside the build's stylesheets", () => {
    expect(stylesheetText("/assets/../secret.css", build)).toBeNull();
    expect(stylesheetText("/assets/app.js", build)).toBeNull();
  });
});

/** A page like the shop's: the stylesheet in the head, then a title and a body of the shop's own texts. */
function Page({ title, body }: { title: string; body: string }) {
  return (
    <html lang="da">
      <head>
        <InlineStylesheet href="/assets/app-Cd2_y.css" />
        <title>{title}</title>
      </head>
      <body>
        <p>{body}</p>
      </body>
    </html>
  );
}

/** The page as it leaves the destination, whole, with the stylesheet given by textOf. */
function rendered(
  textOf: (href: string) => string | null,
  destination: PassThrough | PageStream,
  page = { title: "Fodboldstøvler · Pitchside", body: "Størrelse 42 – på lager" },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    // A page stream's page leaves as a web stream.
    const out =
      destination instanceof PageStream
        ? Readable.fromWeb(destination.readable as ReadableStream<Uint8Array>)
        : destination;
    out.on("data", (chunk: Buffer) => chunks.push(chunk));
    out.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    const { pipe } = renderToPipeableStream(
      <StylesheetTextContext value={textOf}>
        <Page {...page} />
      </StylesheetTextContext>,
      { onShellReady: () => pipe(destination as Writable), onShellError: reject },
    );
  });
}

describe("the stylesheet put into the page after React (decision 0086)", () => {
  it("goes out as the very page React writes when given the stylesheet's text", async () => {
    const stylesheets = new InlinedStylesheets(build);
    const given = await rendered((href) => stylesheetText(href, build), new PassThrough());
    const filled = await rendered(stylesheets.placeholder, new PageStream(undefined, stylesheets.fill));

    expect(given).toContain('>nav>a::after{content:"–"}.size[data-label="Størrelse"]{margin:0}');
    expect(given).toContain('content:"</\\73 tyle><\\53 TYLE>"}</style>');
    expect(filled).toBe(given);
  });

  it("is given to React as a short placeholder, and nothing for a stylesheet the build does not have", () => {
    const stylesheets = new InlinedStylesheets(build);
    const placeholder = stylesheets.placeholder("/assets/app-Cd2_y.css") ?? "";
    expect(placeholder).toMatch(/^\/\*[\w-]+ \/assets\/app-Cd2_y\.css\*\/$/);
    expect(placeholder).not.toContain(APP_CSS);
    expect(stylesheets.placeholder("/assets/app-missing.css")).toBeNull();
    expect(stylesheets.placeholder("/assets/../secret.css")).toBeNull();
  });

  it("leaves a shopper's text that looks like a placeholder as it was written, in the title or the body", async () => {
    const stylesheets = new InlinedStylesheets(build);
    const placeholder = stylesheets.placeholder("/assets/app-Cd2_y.css") ?? "";
    // A guess made by another process (another token) and, past the head, even this process's own.
    const guess = "/*00000000-0000-4000-8000-000000000000 /assets/app-Cd2_y.css*/";
    const page = { title: `Støvle ${guess}`, body: `Beskrivelse ${placeholder}` };
    const filled = await rendered(stylesheets.placeholder, new PageStream(undefined, stylesheets.fill), page);

    expect(filled).toContain(`<title>Støvle ${guess}</title>`);
    expect(filled).toContain(`<p>Beskrivelse ${placeholder}</p>`);
    expect(filled.split("nav>a::after")).toHaveLength(2);
  });

  it("moves the head's end by what it put in", () => {
    const stylesheets = new InlinedStylesheets(build);
    const placeholder = stylesheets.placeholder("/assets/app-Cd2_y.css") ?? "";
    const head = Buffer.from(`<head><style>${placeholder}</style></head><body>`);
    const { chunk, headEnd } = stylesheets.fill(head, head.indexOf("</head>"));
    const written = APP_CSS.replace("</style><STYLE>", "</\\73 tyle><\\53 TYLE>");
    expect(chunk.toString("utf8")).toBe(`<head><style>${written}</style></head><body>`);
    expect(chunk.subarray(headEnd).toString("utf8")).toBe("</head><body>");
  });
});
