import Fastify from "fastify";
import { isResponseSerializationError, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { compiledSerializer } from "#kernel/compiled-serializer.ts";
import { categoryOutput } from "#modules/search/listing.contract.ts";
import { contractSerializerCompiler } from "./response-serializer.ts";

const card = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number(),
  badge: z.string().nullable(),
  note: z.string().optional(),
  kind: z.enum(["boot", "shirt"]),
  sizes: z.array(z.object({ name: z.string(), stock: z.number().int() })),
  link: z.union([z.object({ url: z.string() }), z.null()]),
});

/** A server with the shop's compiler answering `answer` under the `card` contract. */
async function serverAnswering(answer: unknown, checkEachAnswer: boolean) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setSerializerCompiler(contractSerializerCompiler({ checkEachAnswer }));
  app.setErrorHandler((error, _request, reply) => {
    reply.status(500).send({ contract: isResponseSerializationError(error) });
  });
  app.get("/card", { schema: { response: { 200: card } } }, async () => answer as z.output<typeof card>);
  app.get("/dates", { schema: { response: { 200: z.object({ at: z.date() }) } } }, async () => ({
    at: new Date("2026-11-24T10:00:00Z"),
  }));
  await app.ready();
  return app;
}

const goodCard: z.output<typeof card> = {
  id: 7,
  name: "Torro Raptor Pro FG — “Blå”",
  price: 1299.5,
  badge: null,
  kind: "boot",
  sizes: [{ name: "42½", stock: 3 }],
  link: { url: "/p/torro/" },
};

describe("answers written by the compiled contract", () => {
  const apps: Awaited<ReturnType<typeof serverAnswering>>[] = [];
  afterAll(async () => Promise.all(apps.map((app) => app.close())));
  const server = async (answer: unknown, checkEachAnswer: boolean) => {
    const app = await serverAnswering(answer, checkEachAnswer);
    apps.push(app);
    return app;
  };

  for (const checkEachAnswer of [false, true]) {
    const mode = checkEachAnswer ? "checked (tests, development)" : "production";

    it(`${mode}: writes what zod's encode writes, unicode and nulls included, and leaves out what the contract does not name`, async () => {
      const app = await server(
        { ...goodCard, password_hash: "secret", sizes: [{ name: "42½", stock: 3, cost: 1 }] },
        checkEachAnswer,
      );
      const response = await app.inject({ method: "GET", url: "/card" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(JSON.parse(JSON.stringify(z.encode(card, goodCard))));
      expect(response.body).not.toContain("secret");
      expect(response.body).not.toContain("cost");
    });

    it(`${mode}: an answer missing a property the contract requires is a 500 of the contract, not a half answer`, async () => {
      const { name: _left, ...withoutName } = goodCard;
      const app = await server(withoutName, checkEachAnswer);
      const response = await app.inject({ method: "GET", url: "/card" });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ contract: true });
    });

    it(`${mode}: a contract JSON cannot express exactly (a date) keeps zod's encode`, async () => {
      const app = await server(goodCard, checkEachAnswer);
      const response = await app.inject({ method: "GET", url: "/dates" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ at: "2026-11-24T10:00:00.000Z" });
    });
  }

  it("checked: a value of the wrong type is refused by the contract before anything is sent", async () => {
    const app = await server({ ...goodCard, price: "1299.50" }, true);
    const response = await app.inject({ method: "GET", url: "/card" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ contract: true });
  });

  it("the listing's contract compiles", () => {
    expect(compiledSerializer(categoryOutput)).toBeTypeOf("function");
    expect(compiledSerializer(z.object({ at: z.date() }))).toBeNull();
  });
});
