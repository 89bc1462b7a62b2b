import { describe, expect, it } from "vitest";
import { formatExpiry } from "./card-expiry.ts";
import { cardForm } from "./card-form.tsx";

describe("the card expiry field", () => {
  it("writes four digits as MM/YY, and a short month with its zero", () => {
    expect(formatExpiry("0330")).toBe("03/30");
    expect(formatExpiry("033")).toBe("03/3");
    expect(formatExpiry("03")).toBe("03");
    expect(formatExpiry("3/30")).toBe("03/30");
    expect(formatExpiry("03/2030")).toBe("03/30");
    expect(formatExpiry("03 / 30")).toBe("03/30");
    expect(formatExpiry("03/")).toBe("03/");
    expect(formatExpiry("033012")).toBe("03/30");
    expect(formatExpiry("ab")).toBe("");
  });

  it("is checked as it is written, so a typed 0330 passes and month 13 does not", () => {
    const card = { holderName: "Kasper Keeper", number: "4111 1111 1111 1111", cvc: "737" };
    expect(cardForm.safeParse({ ...card, expiry: "0330" }).data?.expiry).toBe("03/30");
    expect(cardForm.safeParse({ ...card, expiry: "1330" }).success).toBe(false);
    expect(cardForm.safeParse({ ...card, expiry: "03/3" }).success).toBe(false);
  });
});
