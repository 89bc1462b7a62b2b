import { describe, expect, it } from "vitest";
import { addressFieldsSchema } from "./checkout.contract.ts";
import { addressOutput } from "./checkout-address.service.ts";

describe("addressOutput", () => {
  it("is null until an address is saved", () => {
    expect(addressOutput(null, "en")).toBeNull();
    expect(addressOutput(undefined, "en")).toBeNull();
  });

  it("splits the name, names the province and the country, and writes the address on one line", () => {
    const address = addressOutput(
      {
        country: "ita",
        name: "Maria Grazia Rossi",
        address: "Via Roma",
        addr_number: "12",
        address2: "Scala B",
        post_nummer: "00118",
        town: "Roma",
        state: "RM",
      },
      "en",
      "maria@example.com",
    );
    expect(address).toMatchObject({
      first_name: "Maria",
      last_name: "Grazia Rossi",
      state: "RM",
      state_name: "Roma",
      country: "ita",
      country_alpha2: "IT",
      country_name: "Italy",
      email: "maria@example.com",
      full_address_line: "Via Roma 12, Scala B, 00118 Roma",
    });
    expect(addressFieldsSchema.parse(address)).toEqual(address);
  });

  it("answers every field of the contract, empty where nothing was filled in", () => {
    const address = addressOutput({ country: "xyz" }, "da");
    expect(addressFieldsSchema.parse(address)).toEqual(address);
    expect(address).toMatchObject({ name: "", country_alpha2: "", country_name: "", full_address_line: "" });
  });

  it("keeps the address's own e-mail before the one given", () => {
    expect(
      addressOutput({ country: "dnk", email: "own@example.com" }, "da", "other@example.com")?.email,
    ).toBe("own@example.com");
  });
});
