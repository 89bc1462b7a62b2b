import PDFDocument from "pdfkit";
import { registerShopFonts } from "#kernel/pdf-fonts.ts";

/** Where returned parcels go: the shop's own warehouse. */
export const RETURN_ADDRESS = ["Pitchside Returns", "Returvej 1", "6000 Kolding", "Denmark"];

/** Everything the slip prints, already in the order's language. */
export interface ReturnSlipFacts {
  title: string;
  returnNumber: string;
  labels: { returnNumber: string; order: string; date: string; from: string; to: string; items: string };
  orderNumber: string;
  date: string;
  from: string[];
  lines: { text: string; reason: string }[];
  instructions: string[];
}

/**
 * The return slip: a printable A4 page to put in the parcel, with the return number large enough
 * for the warehouse to read at a glance, the order, the sender, the goods and why, and where to send it.
 */
export function returnSlipPdf(facts: ReturnSlipFacts): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      margin: 56,
      info: { Title: `${facts.title} ${facts.returnNumber}`, Author: "Pitchside" },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    registerShopFonts(doc);
    doc.font("Bold").fontSize(22).text("Pitchside", { continued: false });
    doc.moveDown(0.3).font("Body").fontSize(16).text(facts.title);
    doc.moveDown(1);
    doc.font("Body").fontSize(11).text(facts.labels.returnNumber);
    doc.font("Bold").fontSize(30).text(facts.returnNumber);
    doc.moveDown(0.5).font("Body").fontSize(11);
    doc.text(`${facts.labels.order}: ${facts.orderNumber}`);
    doc.text(`${facts.labels.date}: ${facts.date}`);
    doc.moveDown(1);
    const top = doc.y;
    doc.font("Bold").text(facts.labels.from, 56, top);
    doc.font("Body").text(facts.from.join("\n"), 56, doc.y, { width: 220 });
    const leftBottom = doc.y;
    doc.font("Bold").text(facts.labels.to, 320, top);
    doc.font("Body").text(RETURN_ADDRESS.join("\n"), 320, doc.y, { width: 220 });
    doc.y = Math.max(leftBottom, doc.y);
    doc.x = 56;
    doc.moveDown(1.5);
    doc.font("Bold").fontSize(13).text(facts.labels.items, 56);
    doc.moveDown(0.3).font("Body").fontSize(11);
    for (const line of facts.lines) {
      doc.text(line.text, { continued: false });
      doc.fillColor("#4b5563").text(`   ${line.reason}`).fillColor("#000000");
      doc.moveDown(0.3);
    }
    doc.moveDown(1);
    for (const paragraph of facts.instructions) doc.text(paragraph).moveDown(0.5);
    doc.end();
  });
}
