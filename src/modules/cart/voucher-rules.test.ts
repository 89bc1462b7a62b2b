import { describe, expect, it } from "vitest";
import { giftCardHash, maskedGiftCard, normaliseCode, voucherProblem } from "./voucher-rules.ts";

describe("codes", () => {
  it("reads a typed code without spaces, in capitals", () => {
    expect(normaliseCode("  pitch-10off 2026 ")).toBe("PITCH-10OFF2026");
  });

  it("hashes a gift card's code as typed in any case or spacing to the same value", () => {
    expect(giftCardHash("gift-demo-0500-dkkr")).toBe(giftCardHash(" GIFT-DEMO-0500-DKKR"));
    expect(giftCardHash("gift-demo-0500-dkkr")).toMatch(/^[0-9a-f]{64}$/);
    expect(giftCardHash("gift-demo-0500-dkkr")).not.toBe(giftCardHash("gift-demo-0050-euro"));
  });

  it("shows a gift card by its last characters only", () => {
    expect(maskedGiftCard("DKKR")).toBe("…DKKR");
  });
});

describe("when a voucher counts", () => {
  const now = new Date("2026-06-15T12:00:00Z");
  const voucher = {
    valid_from: "2026-01-01T00:00:00Z",
    valid_to: "2027-01-01T00:00:00Z",
    usage_limit: null,
    used_count: 0,
    currency: null,
  };

  it("counts while valid, in any currency when it names none", () => {
    expect(voucherProblem(voucher, "DKK", now)).toBeNull();
    expect(voucherProblem({ ...voucher, currency: "DKK" }, "DKK", now)).toBeNull();
  });

  it("says why it does not", () => {
    expect(voucherProblem({ ...voucher, valid_from: "2026-07-01T00:00:00Z" }, "DKK", now)).toBe(
      "voucher.error.notYet",
    );
    expect(voucherProblem({ ...voucher, valid_to: now }, "DKK", now)).toBe("voucher.error.expired");
    expect(voucherProblem({ ...voucher, usage_limit: 5, used_count: 5 }, "DKK", now)).toBe(
      "voucher.error.usedUp",
    );
    expect(voucherProblem({ ...voucher, usage_limit: 5, used_count: 4 }, "DKK", now)).toBeNull();
    expect(voucherProblem({ ...voucher, currency: "EUR" }, "DKK", now)).toBe("voucher.error.currency");
  });
});
