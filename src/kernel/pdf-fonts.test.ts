import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { pdfText } from "../../tests/support/pdf-text.ts";
import { openShopFont, registerShopFonts, type ShopFonts } from "./pdf-fonts.ts";

function printed(faces: ShopFonts, text: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4" });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    registerShopFonts(doc, faces);
    doc.font("Body").text(text);
    doc.font("Bold").text(text);
    doc.end();
  });
}

describe("the fonts of the shop's documents", () => {
  it("keep every letter in the text layer of each document a process prints, whatever came before", async () => {
    // Faces parsed here, not the process's: earlier suites in the worker must not decide the outcome.
    const faces = { regular: openShopFont("DejaVuSans.ttf"), bold: openShopFont("DejaVuSans-Bold.ttf") };
    // Ö and å are drawn from O and a with an accent: a first document with them and no O or a.
    expect(await pdfText(await printed(faces, "Österreich Óbidos Åbenrå"))).toContain(
      "Österreich Óbidos Åbenrå",
    );
    const text = await pdfText(await printed(faces, "Kod rabatowy KICKOFF · Opłata za płatność · Aarhus"));
    expect(text).toBe(
      "Kod rabatowy KICKOFF · Opłata za płatność · Aarhus Kod rabatowy KICKOFF · Opłata za płatność · Aarhus",
    );
  });

  it("write a ligature's glyph into the text layer as the letters it joins", () => {
    // pdfkit writes each glyph's characters into the text layer: "fi" must stay two letters, not ﬁ.
    for (const file of ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"] as const) {
      const { glyphs } = openShopFont(file).layout("Profil offline");
      expect(glyphs.some((glyph) => glyph.codePoints.length > 1)).toBe(true);
      expect(glyphs.map((glyph) => String.fromCodePoint(...glyph.codePoints)).join("")).toBe(
        "Profil offline",
      );
    }
  });
});
