import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { pictureResponses, pictureSlugParams, productPictureParams } from "./media.contract.ts";
import { brandLogo, productPicture } from "./media.service.ts";
import { drawContentArt } from "./product-art.ts";

/** The drawn picture, or 404 when there is none to draw. */
function sendPicture(reply: FastifyReply, svg: string | null) {
  if (svg === null) return notFound(reply);
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
export async function mediaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  const schema = { hide: true, response: pictureResponses };

  app.get("/media/products/:id/:view.svg", { schema }, async (request, reply) => {
    const params = productPictureParams.safeParse(request.params);
    if (!params.success) return notFound(reply);
    return sendPicture(reply, await productPicture(db, params.data.id, params.data.view));
  });

  app.get("/media/brands/:slug.svg", { schema }, async (request, reply) => {
    const params = pictureSlugParams.safeParse(request.params);
    if (!params.success) return notFound(reply);
    return sendPicture(reply, await brandLogo(db, params.data.slug));
  });

  app.get("/media/content/:slug.svg", { schema }, async (request, reply) => {
    const params = pictureSlugParams.safeParse(request.params);
    if (!params.success) return notFound(reply);
    return sendPicture(reply, drawContentArt(params.data.slug));
  });
}
