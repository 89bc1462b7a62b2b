import PDFDocument from "pdfkit";

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
 * The built-in PDF fonts (no font file to ship) write Windows-1252: a letter outside it (ł, ő, č …)
 * is printed as its plain letter, so a Polish or Czech name stays readable rather than garbled.
 */
export function pdfText(text: string): string {
  const special: Record<string, string> = { ł: "l", Ł: "L", đ: "d", Đ: "D", ı: "i", ß: "ß" };
  return [...text]
    .map((char) => {
      if (char.charCodeAt(0) < 0x100 || "€–—‘’“”•…™ŠšŽžŒœŸ".includes(char)) return char;
      if (special[char]) return special[char];
      const plain = char.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      return plain.length === 1 && plain.charCodeAt(0) < 0x100 ? plain : "?";
    })
    .join("");
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
      info: { Title: `${pdfText(facts.title)} ${facts.returnNumber}`, Author: "Pitchside" },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    const t = pdfText;
    doc.font("Helvetica-Bold").fontSize(22).text("Pitchside", { continued: false });
    doc.moveDown(0.3).font("Helvetica").fontSize(16).text(t(facts.title));
    doc.moveDown(1);
    doc.font("Helvetica").fontSize(11).text(t(facts.labels.returnNumber));
    doc.font("Helvetica-Bold").fontSize(30).text(facts.returnNumber);
    doc.moveDown(0.5).font("Helvetica").fontSize(11);
    doc.text(`${t(facts.labels.order)}: ${facts.orderNumber}`);
    doc.text(`${t(facts.labels.date)}: ${t(facts.date)}`);
    doc.moveDown(1);
    const top = doc.y;
    doc.font("Helvetica-Bold").text(t(facts.labels.from), 56, top);
    doc.font("Helvetica").text(facts.from.map(t).join("\n"), 56, doc.y, { width: 220 });
    const leftBottom = doc.y;
    doc.font("Helvetica-Bold").text(t(facts.labels.to), 320, top);
    doc.font("Helvetica").text(RETURN_ADDRESS.join("\n"), 320, doc.y, { width: 220 });
    doc.y = Math.max(leftBottom, doc.y);
    doc.x = 56;
    doc.moveDown(1.5);
    doc.font("Helvetica-Bold").fontSize(13).text(t(facts.labels.items), 56);
    doc.moveDown(0.3).font("Helvetica").fontSize(11);
    for (const line of facts.lines) {
      doc.text(t(line.text), { continued: false });
      doc
        .fillColor("#4b5563")
        .text(`   ${t(line.reason)}`)
        .fillColor("#000000");
      doc.moveDown(0.3);
    }
    doc.moveDown(1);
    for (const paragraph of facts.instructions) doc.text(t(paragraph)).moveDown(0.5);
    doc.end();
  });
}
