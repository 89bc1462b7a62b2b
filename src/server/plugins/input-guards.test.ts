import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { isUnstorableText, unstorableFields } from "./input-guards.ts";

describe("text that cannot be stored", () => {
  it("is a NUL or half a surrogate pair; whole characters of any script are fine", () => {
    for (const text of ["\u0000", "a\u0000", "\ud800", "x\udfffy", "\ud83d"])
      expect(isUnstorableText(text)).toBe(true);
    for (const text of ["", "Ørsted", "⚽👨‍👩‍👧", "\u202eمرحبا", "שלום", "%00", "\\u0000"])
      expect(isUnstorableText(text)).toBe(false);
  });

  it("is found in values and keys at any depth, named by the field's dotted path", () => {
    const body = JSON.parse('{"a":"ok","b":{"c":["x","\\u0000"]},"d\\u0000":1,"e":{"f":"\\udc00"}}');
    expect(unstorableFields(body).sort()).toEqual(["b.c.1", "d\ufffd", "e.f"]);
    expect(unstorableFields("\u0000")).toEqual([""]);
  });

  it("walks the query parser's objects, whose prototype has no prototype", () => {
    const query: Record<string, unknown> = Object.create(Object.create(null));
    query.q = "\u0000";
    expect(unstorableFields(query)).toEqual(["q"]);
  });

  it("walks a very deep body without exhausting the stack, and names 20 fields at most", () => {
    let deep: unknown = "\u0000";
    for (let level = 0; level < 200_000; level++) deep = [deep];
    expect(unstorableFields(deep)).toHaveLength(1);
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`f${i}`, "\u0000"]));
    expect(unstorableFields(many)).toHaveLength(20);
  });

  it("leaves bodies that are not parsed data alone", () => {
    expect(unstorableFields(Readable.from(["\u0000"]))).toEqual([]);
    expect(unstorableFields(Buffer.from([0]))).toEqual([]);
  });
});
