import fs from "node:fs";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  pictureResponses,
  pictureSlugParams,
  productPictureParams,
  productPictureResponses,
  storedPictureParams,
  storedPictureResponses,
} from "./media.contract.ts";
import { brandLogo, productPicture } from "./media.service.ts";
import {
  PICTURE_TYPES,
  type PictureExtension,
  STORED_PICTURE_NAME,
  storedPictureFile,
  storedPictureUrl,
} from "./picture-store.ts";
import { drawContentArt } from "./product-art.ts";

/** A week for drawn pictures; five minutes for one standing in while an imported picture is copied. */
const DRAWN_MAX_AGE = 604_800;
const STAND_IN_MAX_AGE = 300;

/** The drawn picture, or 404 when there is none to draw. */
function sendPicture(reply: FastifyReply, svg: string | null, maxAge = DRAWN_MAX_AGE) {
  if (svg === null) return notFound(reply);
  return (
    reply
      .header("content-type", "image/svg+xml; charset=utf-8")
      .header("cache-control", `public, max-age=${maxAge}`)
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

  // The product's picture at a position, wherever a page only knows the product (bag, orders): its
  // imported picture's stored copy when there is one, else the drawn one.
  app.get(
    "/media/products/:id/:view.svg",
    { schema: { hide: true, response: productPictureResponses } },
    async (request, reply) => {
      const params = productPictureParams.safeParse(request.params);
      if (!params.success) return notFound(reply);
      const picture = await productPicture(db, params.data.id, params.data.view);
      if (picture?.kind === "stored")
        return reply
          .header("cache-control", `public, max-age=${STAND_IN_MAX_AGE}`)
          .redirect(storedPictureUrl(picture.name), 302);
      return sendPicture(reply, picture?.svg ?? null, picture?.imported ? STAND_IN_MAX_AGE : DRAWN_MAX_AGE);
    },
  );

  // A stored copy of an imported picture (decision 0055): named by its bytes' hash, so it never
  // changes and may be kept by browsers and caches for a year.
  app.get(
    "/media/pictures/:name",
    { schema: { hide: true, response: storedPictureResponses } },
    async (request, reply) => {
      const params = storedPictureParams.safeParse(request.params);
      const name = params.success ? params.data.name : "";
      if (!STORED_PICTURE_NAME.test(name)) return notFound(reply);
      const file = storedPictureFile(fastify.config.mediaDir, name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat?.isFile()) return notFound(reply);
      const etag = `"${name.slice(0, 64)}"`;
      reply
        .header("etag", etag)
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff");
      if (request.headers["if-none-match"] === etag) return reply.status(304).send(null);
      return (
        reply
          .header("content-type", PICTURE_TYPES[name.split(".")[1] as PictureExtension])
          .header("content-length", stat.size)
          // A stream is sent as it is (no serialisation); the contract names the content types.
          .send(fs.createReadStream(file) as never)
      );
    },
  );

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
