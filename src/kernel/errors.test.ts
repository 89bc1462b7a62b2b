import { describe, expect, it } from "vitest";
import { fieldErrorsFromIssues } from "./errors.ts";

describe("fieldErrorsFromIssues", () => {
  it("groups messages by the field's path, joined with dots", () => {
    const fields = fieldErrorsFromIssues([
      { path: ["email"], message: "form.email.invalid" },
      { path: ["lines", 0, "amount"], message: "cart.error.amount" },
      { path: ["email"], message: "form.email.tooLong" },
      { path: [], message: "whole body" },
    ]);
    expect({ ...fields }).toEqual({
      email: ["form.email.invalid", "form.email.tooLong"],
      "lines.0.amount": ["cart.error.amount"],
      _: ["whole body"],
    });
  });

  it("keeps fields named like Object's own properties as plain fields", () => {
    const names = ["constructor", "toString", "hasOwnProperty", "valueOf", "__proto__", "__defineGetter__"];
    const fields = fieldErrorsFromIssues(names.map((name) => ({ path: [name], message: `bad ${name}` })));
    for (const name of names) expect(fields[name]).toEqual([`bad ${name}`]);
    expect(Object.keys(fields).sort()).toEqual([...names].sort());
    expect(JSON.parse(JSON.stringify(fields))).toEqual(
      Object.fromEntries(names.map((name) => [name, [`bad ${name}`]])),
    );
  });
});
