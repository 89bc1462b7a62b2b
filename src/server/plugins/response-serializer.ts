// Answers serialised from their response contract by a compiled serializer (decision 0061). The zod
// contract stays the one source: its JSON schema is compiled once per route by fast-json-stringify,
// which writes only the contract's properties (anything else a service returns is left out, as zod's
// encode strips it) in a fraction of the time `JSON.stringify(z.encode(...))` takes on a listing.
import { isDeepStrictEqual } from "node:util";
import type { FastifySerializerCompiler } from "fastify/types/schema.js";
import {
  ResponseSerializationError,
  serializerCompiler as zodSerializerCompiler,
} from "fastify-type-provider-zod";
import { type ZodType, z } from "zod";
import { compiledSerializer, type Serialize } from "#kernel/compiled-serializer.ts";

function zodSchemaOf(schema: unknown): ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof z.ZodType ? properties : null;
}

/** Whether the schema changes values when encoded (transform, pipe, codec, preprocess) anywhere inside. */
function hasCodec(schema: ZodType): boolean {
  const seen = new Set<unknown>();
  const visit = (node: unknown): boolean => {
    if (!node || typeof node !== "object" || seen.has(node)) return false;
    seen.add(node);
    const def = (node as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) return false;
    if (def.type === "pipe" || def.type === "transform") return true;
    return Object.values(def).some((value) =>
      Array.isArray(value) ? value.some(visit) : value && typeof value === "object" ? visit(value) : false,
    );
  };
  return visit(schema);
}

/** The error the shop answers 500 for (and reports) when an answer does not fit its contract. */
const notTheContract = (method: string, url: string, message: string) =>
  new ResponseSerializationError(method, url, {
    cause: new z.ZodError([{ code: "custom", message, path: [], input: undefined }]),
  });

/**
 * The shop's serializer compiler. In production an answer is written by the compiled contract alone.
 * Elsewhere (development and every test) the answer is also encoded and checked by zod, as before, and
 * the compiled output must parse to exactly what `JSON.stringify` of the encoded answer gives: a
 * contract the compiled form would write differently fails the test that sends it, not a shopper's
 * request.
 */
export function contractSerializerCompiler(options: {
  checkEachAnswer: boolean;
}): FastifySerializerCompiler<unknown> {
  return (route) => {
    const { schema, method, url } = route as { schema: unknown; method: string; url: string };
    const zodSchema = zodSchemaOf(schema);
    const compiled = zodSchema && !hasCodec(zodSchema) ? compiledSerializer(zodSchema) : null;
    if (!zodSchema || !compiled)
      return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]) as Serialize;
    const write: Serialize = (data) => {
      try {
        return compiled(data);
      } catch (error) {
        throw notTheContract(method, url, error instanceof Error ? error.message : String(error));
      }
    };
    if (!options.checkEachAnswer) return write;
    return (data) => {
      const encoded = z.safeEncode(zodSchema, data);
      if (encoded.error) throw new ResponseSerializationError(method, url, { cause: encoded.error });
      // What production sends (the answer as the service gave it, compiled) against what zod's encode
      // gives: a default, a strip or a type the compiled form would write otherwise shows here.
      const written = write(data);
      const expected = JSON.stringify(encoded.data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected)))
        throw notTheContract(
          method,
          url,
          `the compiled contract wrote ${written.slice(0, 500)} for ${expected.slice(0, 500)}`,
        );
      return written;
    };
  };
}
