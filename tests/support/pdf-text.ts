import { extractText } from "unpdf";

/**
 * The text a PDF shows, read back with a real PDF reader (unpdf, pdf.js), every kind of space
 * (no-break, narrow) as one plain space: enough to check that an invoice or a slip names what it must.
 */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return text.replace(/\s+/g, " ");
}
