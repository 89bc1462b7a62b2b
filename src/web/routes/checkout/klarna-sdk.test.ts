import { describe, expect, it } from "vitest";
import { klarnaCategory, klarnaCustomerData, klarnaOutcome } from "./klarna-sdk.ts";

const address = (overrides: Record<string, string> = {}) => ({
  name: "Mette Jensen",
  first_name: "Mette",
  last_name: "Jensen",
  company: "",
  address: "Stadionvej",
  address2: "",
  addr_number: "12",
  extension: "",
  post_nummer: "2100",
  town: "København Ø",
  state: "",
  state_name: "",
  country: "DNK",
  country_alpha2: "DK",
  country_name: "Danmark",
  phone: "+45 20 30 40 50",
  email: "",
  full_address_line: "Stadionvej 12, 2100 København Ø",
  ...overrides,
});

describe("Klarna's authorize() answer", () => {
  it("places the order only when approved with a token", () => {
    expect(klarnaOutcome({ approved: true, show_form: true, authorization_token: "tok-1" })).toEqual({
      kind: "approved",
      token: "tok-1",
    });
    // Approved without a token is not something the shop can create an order with.
    expect(klarnaOutcome({ approved: true, show_form: true }).kind).toBe("retry");
    expect(klarnaOutcome({ approved: true, show_form: true, authorization_token: "" }).kind).toBe("retry");
  });

  it("lets the shopper try again while Klarna keeps its form, and takes the method away when it does not", () => {
    expect(klarnaOutcome({ approved: false, show_form: true }).kind).toBe("retry");
    expect(
      klarnaOutcome({
        approved: false,
        show_form: true,
        error: { invalid_fields: ["billing_address.email"] },
      }).kind,
    ).toBe("retry");
    expect(klarnaOutcome({ approved: false, show_form: false }).kind).toBe("declined");
    expect(klarnaOutcome(null).kind).toBe("declined");
  });
});

describe("Klarna's customer data", () => {
  it("sends the billing address (the delivery one when none) in Klarna's fields, leaving empty ones out", () => {
    const data = klarnaCustomerData(address(), null, "mette@example.com");
    expect(data.billing_address).toEqual({
      given_name: "Mette",
      family_name: "Jensen",
      email: "mette@example.com",
      street_address: "Stadionvej 12",
      postal_code: "2100",
      city: "København Ø",
      phone: "+45 20 30 40 50",
      country: "DK",
    });
    expect(data.shipping_address).toEqual(data.billing_address);
  });

  it("keeps a separate billing address apart from the delivery", () => {
    const data = klarnaCustomerData(
      address(),
      address({
        first_name: "Jens",
        last_name: "Hansen",
        address: "Torvet",
        addr_number: "1",
        post_nummer: "8000",
        town: "Aarhus C",
      }),
      "mette@example.com",
    );
    expect(data.billing_address).toMatchObject({
      given_name: "Jens",
      street_address: "Torvet 1",
      city: "Aarhus C",
    });
    expect(data.shipping_address).toMatchObject({ given_name: "Mette", city: "København Ø" });
  });
});

describe("the widget's category", () => {
  it("is pay later when Klarna offers it, else Klarna's first, else none", () => {
    expect(klarnaCategory([{ identifier: "pay_over_time" }, { identifier: "pay_later" }])).toBe("pay_later");
    expect(klarnaCategory([{ identifier: "klarna" }])).toBe("klarna");
    expect(klarnaCategory([])).toBeNull();
  });
});
