import { z } from "zod";

export const policyParams = z.object({ supplier: z.string() });
export const policyQuery = z.object({ format: z.enum(["html", "pdf"]).default("html") });

/**
 * The terms as HTML (default) or as a PDF. Both bodies are sent as they are with their own content
 * type (Fastify serialises only objects), so the schema documents them rather than checks them.
 */
export const policyResponse = {
  description: "A supplier's terms of sale: sanitised HTML, or a PDF with ?format=pdf",
  content: {
    "text/html": { schema: z.string() },
    "application/pdf": { schema: z.instanceof(Buffer).meta({ type: "string", format: "binary" }) },
  },
};
