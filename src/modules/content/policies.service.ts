import { eq } from "drizzle-orm";
import PDFDocument from "pdfkit";
import sanitizeHtml from "sanitize-html";
import type { Db } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { registerShopFonts } from "#kernel/pdf-fonts.ts";
import { textWithoutMarkup } from "#kernel/plain-text.ts";
import { translate } from "#kernel/translate.ts";
import { suppliers } from "#modules/catalog/catalog.schema.ts";
import { escapeHtml } from "#modules/mail/mail.service.ts";
import { policyTexts } from "./content.schema.ts";

/** A supplier's terms in the shopper's language (sanitised when stored, and again here). */
export async function supplierPolicy(db: Db, code: string, locale: string) {
  const [row] = await db
    .select({ title: policyTexts.title, html: policyTexts.html })
    .from(policyTexts)
    .innerJoin(suppliers, eq(suppliers.id, policyTexts.supplierId))
    .where(eq(suppliers.code, code));
  if (!row) throw new HttpError(404, "policy_not_found", "policy.error.notFound");
  const title = translate(row.title, locale);
  return { title, titleHtml: escapeHtml(title), html: sanitizeHtml(translate(row.html, locale)) };
}

/** The terms as the slide-out panel shows them: the title as a heading, then the sanitised text. */
export function policyHtml(policy: { titleHtml: string; html: string }): string {
  return `<h1>${policy.titleHtml}</h1>${policy.html}`;
}

/**
 * The terms as a PDF: the title, then each paragraph and list item as text, in the shop's own faces
 * (PDF's built-in Helvetica has no ą, ł or ż: a Polish shopper's terms came out garbled).
 */
export function policyPdf(policy: { title: string; html: string }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", margin: 56, info: { Title: policy.title } });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    registerShopFonts(doc);
    doc.font("Bold").fontSize(18).text(policy.title, { paragraphGap: 12 });
    const blocks = policy.html
      .replace(/<li[^>]*>/g, "\n• ")
      .replace(/<\/(p|h\d|li|ul|ol)>/g, "\n")
      .split("\n")
      .map((block) => textWithoutMarkup(block).trim())
      .filter(Boolean);
    doc.font("Body").fontSize(11);
    for (const block of blocks) doc.text(block, { paragraphGap: 6 });
    doc.end();
  });
}
