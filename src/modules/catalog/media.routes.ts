import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { brands, products } from "./catalog.schema.ts";
import { drawBrandLogo, drawContentArt, drawProduct } from "./product-art.ts";

const productParams = z.object({
  id: z.coerce.number().int().positive(),
  view: z.coerce.number().int().min(0).max(7),
});
const slugParams = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,80}$/) });

function sendSvg(reply: FastifyReply, svg: string) {
  return (
    reply
      .header("content-type", "image/svg+xml; charset=utf-8")
      .header("cache-control", "public, max-age=604800")
      // An SVG opened on its own must not run anything.
      .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
      .header("x-content-type-options", "nosniff")
      .send(svg)
  );
}

const notFound = (reply: FastifyReply) =>
  reply.status(404).send({ error: "not_found", message: "No such picture." });

/** Pictures drawn from the catalogue's own data: products per view, brand logos, editorial art. */
export async function mediaRoutes(app: FastifyInstance) {
  const { db } = app.database;

  app.get("/media/products/:id/:view.svg", { schema: { hide: true } }, async (request, reply) => {
    const params = productParams.safeParse(request.params);
    if (!params.success) return notFound(reply);
    const [row] = await db
      .select({
        itemType: products.itemType,
        colours: products.colours,
        imageCount: products.imageCount,
        brandName: brands.name,
        name: products.name,
      })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(eq(products.id, params.data.id));
    if (!row || params.data.view >= row.imageCount) return notFound(reply);
    const amount = row.itemType === "gift_card" ? row.name.replace(/^.*?(\d+)$/, "$1") : undefined;
    return sendSvg(
      reply,
      drawProduct({
        itemType: row.itemType,
        brandName: row.brandName,
        colours: row.colours,
        view: params.data.view,
        label: amount ?? String((params.data.id % 23) + 1),
      }),
    );
  });

  app.get("/media/brands/:slug.svg", { schema: { hide: true } }, async (request, reply) => {
    const params = slugParams.safeParse(request.params);
    if (!params.success) return notFound(reply);
    const [brand] = await db.select().from(brands).where(eq(brands.slug, params.data.slug));
    if (!brand?.hasLogo) return notFound(reply);
    return sendSvg(reply, drawBrandLogo(brand.name, brand.primaryColor, brand.accentColor));
  });

  app.get("/media/content/:slug.svg", { schema: { hide: true } }, async (request, reply) => {
    const params = slugParams.safeParse(request.params);
    if (!params.success) return notFound(reply);
    return sendSvg(reply, drawContentArt(params.data.slug));
  });
}
