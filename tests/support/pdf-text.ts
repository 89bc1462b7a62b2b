import zlib from "node:zlib";

/**
 * The text a PDF made by the shop (pdfkit, built-in fonts) shows, one line per text operator: each
 * content stream is inflated and its TJ/Tj strings decoded (hex or literal, Windows-1252). Enough to
 * check that a slip or an invoice names what it must; not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const texts: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (const match of raw.matchAll(streams)) {
    const bytes = Buffer.from(match[1] as string, "latin1");
    let content: string;
    try {
      content = zlib.inflateSync(bytes).toString("latin1");
    } catch {
      content = bytes.toString("latin1");
    }
    for (const op of content.matchAll(/(\[(?:[^\]]*)\]\s*TJ|(?:<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\))\s*Tj)/g)) {
      const parts = (op[0] as string).match(/<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\)/g) ?? [];
      texts.push(
        parts
          .map((part) =>
            part.startsWith("<")
              ? Buffer.from(part.slice(1, -1), "hex").toString("latin1")
              : part.slice(1, -1).replace(/\\([()\\])/g, "$1"),
          )
          .join(""),
      );
    }
  }
  return texts.join("\n");
}
