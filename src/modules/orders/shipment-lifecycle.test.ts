import { describe, expect, it } from "vitest";
import { pdfText } from "../../../tests/support/pdf-text.ts";
import { CARRIERS, carrierOf } from "./carriers.ts";
import { returnSlipPdf } from "./return-slip.ts";
import { SHIPMENT_STATUSES, type ShipmentStatus } from "./shipment-lifecycle.contract.ts";
import {
  nextStatus,
  orderStatusOf,
  packageShare,
  SHIPMENT_ACTIONS,
  type ShipmentAction,
} from "./shipment-lifecycle.service.ts";

/** The state machine of decision 0033, every state against every action. */
const TABLE: Record<ShipmentStatus, Record<ShipmentAction, string>> = {
  placed: { pack: "packed", ship: "shipped", deliver: "shipment_not_shipped", cancel: "cancelled" },
  packed: { pack: "packed=", ship: "shipped", deliver: "shipment_not_shipped", cancel: "cancelled" },
  shipped: {
    pack: "shipment_already_shipped",
    ship: "shipped=",
    deliver: "delivered",
    cancel: "shipment_already_shipped",
  },
  delivered: {
    pack: "shipment_delivered",
    ship: "shipment_delivered",
    deliver: "delivered=",
    cancel: "shipment_delivered",
  },
  cancelled: {
    pack: "shipment_cancelled",
    ship: "shipment_cancelled",
    deliver: "shipment_cancelled",
    cancel: "cancelled=",
  },
};

describe("a package's state machine", () => {
  for (const from of SHIPMENT_STATUSES)
    for (const action of SHIPMENT_ACTIONS)
      it(`${action} from ${from} → ${TABLE[from][action]}`, () => {
        const expected = TABLE[from][action];
        let outcome: string;
        try {
          const { to, changed } = nextStatus(from, action);
          outcome = changed ? to : `${to}=`;
        } catch (error) {
          outcome = (error as { code: string }).code;
        }
        expect(outcome).toBe(expected);
      });

  it("takes shipping again with another parcel as a conflict, not a repeat", () => {
    expect(() => nextStatus("shipped", "ship", false)).toThrow(/another carrier/);
    expect(nextStatus("shipped", "ship", true)).toEqual({ to: "shipped", changed: false });
  });
});

describe("an order's status from its packages'", () => {
  it.each([
    [["placed"], "placed"],
    [["packed", "placed"], "placed"],
    [["shipped", "placed"], "shipped"],
    [["delivered", "packed"], "shipped"],
    [["delivered", "cancelled"], "completed"],
    [["delivered"], "completed"],
    [["cancelled", "cancelled"], "cancelled"],
    [["cancelled", "placed"], "placed"],
  ] as [ShipmentStatus[], string][])("%j → %s", (statuses, expected) => {
    expect(orderStatusOf(statuses)).toBe(expected);
  });
});

describe("a package's share of what the payment method paid", () => {
  const order = { goodsTotal: 80_000, deliveryTotal: 8_000, paymentFee: 2_000, amountDue: 90_000 };
  it("is its goods and delivery when nothing was taken off the order", () => {
    expect(packageShare(order, { goods: 30_000, delivery: 4_000 })).toBe(34_000);
  });
  it("is scaled down by vouchers and gift cards spread over the whole order, never above its own worth", () => {
    // A quarter of the order paid by gift card and voucher: the package is worth three quarters.
    const less = { ...order, amountDue: 67_500 };
    expect(packageShare(less, { goods: 30_000, delivery: 4_000 })).toBe(25_500);
    expect(packageShare({ ...order, amountDue: 1_000_000 }, { goods: 30_000, delivery: 4_000 })).toBe(34_000);
  });
  it("is nothing for an empty package or an order paid in full otherwise", () => {
    expect(packageShare(order, { goods: 0, delivery: 0 })).toBe(0);
    expect(packageShare({ ...order, amountDue: 0 }, { goods: 30_000, delivery: 4_000 })).toBe(0);
  });
});

describe("carriers", () => {
  it("build each carrier's public tracking address with the number encoded", () => {
    for (const carrier of CARRIERS) {
      const url = new URL(carrier.trackingUrl("AB-12/34"));
      expect(url.protocol).toBe("https:");
      expect(url.href).toContain("AB-12%2F34");
    }
    expect(carrierOf(" PostNord ")?.name).toBe("PostNord");
    expect(carrierOf("pigeon")).toBeUndefined();
  });
});

describe("text on the slip", () => {
  it("prints every letter of the shop's languages as the shopper wrote it", async () => {
    const pdf = await returnSlipPdf({
      title: "Zwrot",
      returnNumber: "R7",
      labels: {
        returnNumber: "Numer zwrotu",
        order: "Zamówienie",
        date: "Data",
        from: "Od",
        to: "Do",
        items: "Towary",
      },
      orderNumber: "ST12",
      date: "24 listopada 2026",
      from: ["Łukasz Żółć", "Dvořák Őrs", "Søren Ærø – 12 €"],
      lines: [{ text: "1 × Rękawice bramkarskie", reason: "Za małe" }],
      instructions: ["Włóż kartkę do paczki."],
    });
    const text = await pdfText(pdf);
    for (const written of [
      "Łukasz Żółć",
      "Dvořák Őrs",
      "Søren Ærø – 12 €",
      "Rękawice bramkarskie",
      "Włóż kartkę",
    ])
      expect(text).toContain(written);
  });
});
