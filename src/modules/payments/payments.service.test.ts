import { describe, expect, it } from "vitest";
import { cardFormLocale, cardProblems, luhnValid, TEST_CARDS } from "./payments.service.ts";

const card = {
  holderName: "Sam Keeper",
  number: TEST_CARDS.authorised,
  expiryMonth: "03",
  expiryYear: "2030",
  cvc: "737",
};
const now = new Date("2026-11-23T12:00:00Z");

describe("the card form's checks", () => {
  it("passes the documented test cards through Luhn and refuses a mistyped number", () => {
    for (const number of Object.values(TEST_CARDS)) expect(luhnValid(number)).toBe(true);
    expect(luhnValid("4111111111111112")).toBe(false);
  });

  it("needs a holder name, a valid number, a future expiry and a 3–4 digit code", () => {
    expect(cardProblems(card, now)).toEqual({});
    expect(Object.keys(cardProblems({ ...card, holderName: " " }, now))).toEqual(["holderName"]);
    expect(Object.keys(cardProblems({ ...card, number: "4111 1111 1111 1112" }, now))).toEqual(["number"]);
    expect(Object.keys(cardProblems({ ...card, expiryMonth: "10", expiryYear: "2026" }, now))).toEqual([
      "expiry",
    ]);
    expect(cardProblems({ ...card, expiryMonth: "11", expiryYear: "26" }, now)).toEqual({});
    expect(Object.keys(cardProblems({ ...card, cvc: "12" }, now))).toEqual(["cvc"]);
  });

  it("speaks Norwegian to the card form as no-NO", () => {
    expect(cardFormLocale("nb-NO")).toBe("no-NO");
    expect(cardFormLocale("da-DK")).toBe("da-DK");
  });
});
