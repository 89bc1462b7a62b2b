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
let fonts: { regular: Font; bold: Font } | undefined;
function shopFonts() {
  const open = (file: string) =>
    fontkit.create(fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)));
  fonts ??= { regular: open("DejaVuSans.ttf") as Font, bold: open("DejaVuSans-Bold.ttf") as Font };
  return fonts;
}

/** Registers the shop's two faces on a pdfkit document as "Body" and "Bold". */
export function registerShopFonts(doc: PDFKit.PDFDocument) {
  const { regular, bold } = shopFonts();
  // pdfkit takes a parsed fontkit font as well as a file (its types name only files).
  doc.registerFont("Body", regular as unknown as Buffer);
  doc.registerFont("Bold", bold as unknown as Buffer);
}
