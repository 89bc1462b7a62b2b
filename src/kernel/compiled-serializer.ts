// A zod contract compiled to a JSON writer by fast-json-stringify (decision 0061): the response
// serializer compiles each route's contract with it, and the catalogue compiles the product card's
// contract to keep each card's JSON (decision 0097).
import fastJson from "fast-json-stringify";
import { type ZodType, z } from "zod";

export type Serialize = (data: unknown) => string;

/**
 * The contract compiled, or null when its JSON schema would not say the same: a transform, a pipe or
 * a codec changes values on the way out, and a type JSON schema cannot express (a date, a map) has no
 * exact compiled form. Those answers keep zod's encode.
 */
export function compiledSerializer(schema: ZodType): Serialize | null {
  try {
    const jsonSchema = z.toJSONSchema(schema, { io: "input", target: "draft-7", unrepresentable: "throw" });
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]) as Serialize;
  } catch {
    return null;
  }
}
