import fs from "node:fs";
import { createRequire } from "node:module";
import type { Font } from "fontkit";
import * as fontkit from "fontkit";

/**
 * DejaVu Sans (from the dejavu-fonts-ttf package; Bitstream Vera licence, DejaVu changes in the
 * public domain) is embedded in every document the shop prints — invoices and return slips: it has
 * every letter of the shop's languages (ł ą ę ś ż, æ ø å, ä ö ü ß, é è ç, ő ű, ř č) and the signs
 * that money and dates are written with (€, the narrow no-break space, the minus sign), which the PDF
 * standard fonts lack. Parsed once per process (parsing takes several times longer than drawing a
 * page); pdfkit embeds only the glyphs a document uses.
 */
const require = createRequire(import.meta.url);

export type ShopFontFile = "DejaVuSans.ttf" | "DejaVuSans-Bold.ttf";
export interface ShopFonts {
  regular: Font;
  bold: Font;
}

/**
 * One face, parsed, with every character's glyph asked for once. fontkit keeps one object per glyph
 * with the characters it was first reached from, and pdfkit writes those into each document's text
 * layer (what copying, search and screen readers read). A glyph first reached as a part of another
 * (the O inside Ö, in a document with Ö and no O) was kept with none, and every later document the
 * process printed lost that letter from its text layer. Asked for first, each glyph keeps its own
 * character (about 20 ms once per face). Compatibility characters are left out: the ligature ﬁ's
 * glyph is reached from "f" and "i" in text, and asked for as U+FB01 it would copy as "ﬁ".
 */
export function openShopFont(file: ShopFontFile): Font {
  const font = fontkit.create(fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`))) as Font;
  for (const codePoint of font.characterSet) {
    const character = String.fromCodePoint(codePoint);
    if (character.normalize("NFKC") === character) font.glyphForCodePoint(codePoint);
  }
  return font;
}

let fonts: ShopFonts | undefined;

/** The process's two faces, parsed on first use. */
function processFonts(): ShopFonts {
  fonts ??= { regular: openShopFont("DejaVuSans.ttf"), bold: openShopFont("DejaVuSans-Bold.ttf") };
  return fonts;
}

/** Registers the shop's two faces on a pdfkit document as "Body" and "Bold". */
export function registerShopFonts(doc: PDFKit.PDFDocument, faces?: ShopFonts) {
  const { regular, bold } = faces ?? processFonts();
  // pdfkit takes a parsed fontkit font as well as a file (its types name only files).
  doc.registerFont("Body", regular as unknown as Buffer);
  doc.registerFont("Bold", bold as unknown as Buffer);
}
