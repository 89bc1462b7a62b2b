import { z } from "zod";
import { coercedId } from "#kernel/ids.ts";

// The picture addresses are parsed by the handler, not by the route's schema: a malformed address is a
// picture that does not exist (404, as a static file would answer), not a bad request (400).
export const productPictureParams = z.object({
  id: coercedId(),
  view: z.coerce.number().int().min(0).max(7),
});
export const pictureSlugParams = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,80}$/) });

/**
 * A drawn picture. The body is SVG text sent with its own content type, so Fastify sends it as it is
 * (no JSON serialisation); the schema documents the status and the content type.
 */
export const svgResponse = {
  description: "An SVG picture",
  content: { "image/svg+xml": { schema: z.string() } },
};

export const pictureNotFoundOutput = z.object({ error: z.literal("not_found"), message: z.string() });

/** What every picture call answers. */
export const pictureResponses = { 200: svgResponse, 404: pictureNotFoundOutput };

/** A stored copy of an imported picture, by its name (`<sha-256>.<ext>`). */
export const storedPictureParams = z.object({ name: z.string() });

/** The bytes of a stored picture in its own format's content type (sent as a file stream). */
export const storedPictureResponses = {
  200: {
    description: "A stored product picture",
    content: Object.fromEntries(
      ["image/jpeg", "image/png", "image/gif", "image/webp", "image/avif"].map((type) => [
        type,
        { schema: z.string() },
      ]),
    ),
  },
  304: z.null().describe("Not modified: the copy the browser has is this picture"),
  404: pictureNotFoundOutput,
};

/** A product's picture: drawn, or (for an imported picture the shop has copied) a redirect to the copy. */
export const productPictureResponses = {
  ...pictureResponses,
  302: z.null().describe("The product's imported picture at this position: its stored copy"),
};
