import { describe, expect, it } from "vitest";
import { coercedId, id, idParams, MAX_ID } from "./ids.ts";

describe("ids", () => {
  it("takes whole numbers from 1 to the largest PostgreSQL integer", () => {
    for (const value of [1, 42, MAX_ID]) expect(id().safeParse(value).success, String(value)).toBe(true);
    for (const value of [0, -1, 1.5, MAX_ID + 1, 2 ** 53, Number.MAX_VALUE, "1", null])
      expect(id().safeParse(value).success, String(value)).toBe(false);
  });

  it("reads ids from text in paths, queries and forms, in the same range", () => {
    expect(idParams.parse({ id: "2147483647" })).toEqual({ id: MAX_ID });
    for (const value of ["0", "-3", "2.5", "2147483648", "9".repeat(400), "", "abc"])
      expect(coercedId().safeParse(value).success, value).toBe(false);
  });

  it("answers with the field's own message when it has one", () => {
    const result = coercedId("cart.error.product").safeParse("2147483648");
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["cart.error.product"]);
  });
});
