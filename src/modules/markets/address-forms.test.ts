import { describe, expect, it } from "vitest";
import { ADDRESS_COUNTRIES, addressFormFields, addressSchema, COUNTRY_RULES } from "./address-forms.ts";

const label = (alpha2: string) => alpha2;
const schemaFor = (country: string, type: "shipping" | "billing" = "billing") =>
  addressSchema(addressFormFields(country, { type, withEmail: false, countryLabel: label }) ?? []);

const base = { name: "Sam Keeper", address: "Stadium Road", town: "Town", phone: "+45 12345678" };
const errorsOf = (result: ReturnType<ReturnType<typeof schemaFor>["safeParse"]>) =>
  result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));

describe("address forms per country", () => {
  it("has a form, a post-code rule and an example that passes it for every one of the 17 countries", () => {
    expect(ADDRESS_COUNTRIES).toHaveLength(17);
    for (const country of ADDRESS_COUNTRIES) {
      const rules = COUNTRY_RULES[country];
      expect(rules, country).toBeDefined();
      expect(new RegExp(rules?.postCode ?? "", "u").test(rules?.example ?? ""), country).toBe(true);
      const result = schemaFor(country).safeParse({
        ...base,
        country,
        post_nummer: rules?.example,
        addr_number: "5",
        state: rules?.states?.[0]?.[0],
      });
      expect(errorsOf(result), country).toEqual({});
    }
  });

  it("checks Denmark's four digits, the Netherlands' letters and Poland's dash", () => {
    expect(errorsOf(schemaFor("dnk").safeParse({ ...base, country: "dnk", post_nummer: "21000" }))).toEqual({
      post_nummer: "address.error.postCode",
    });
    expect(
      errorsOf(
        schemaFor("nld").safeParse({ ...base, country: "nld", post_nummer: "1012ab", addr_number: "3" }),
      ),
    ).toEqual({});
    expect(
      errorsOf(
        schemaFor("nld").safeParse({ ...base, country: "nld", post_nummer: "1012", addr_number: "3" }),
      ),
    ).toEqual({
      post_nummer: "address.error.postCode",
    });
    expect(
      errorsOf(
        schemaFor("pol").safeParse({ ...base, country: "pol", post_nummer: "00001", addr_number: "7" }),
      ),
    ).toEqual({
      post_nummer: "address.error.postCode",
    });
    expect(errorsOf(schemaFor("swe").safeParse({ ...base, country: "swe", post_nummer: "11120" }))).toEqual(
      {},
    );
  });

  it("asks for a house number in Germany and a province in Italy, from the offered choices", () => {
    expect(errorsOf(schemaFor("deu").safeParse({ ...base, country: "deu", post_nummer: "10115" }))).toEqual({
      addr_number: "address.error.required",
    });
    expect(errorsOf(schemaFor("ita").safeParse({ ...base, country: "ita", post_nummer: "00118" }))).toEqual({
      state: "address.error.required",
    });
    expect(
      errorsOf(schemaFor("ita").safeParse({ ...base, country: "ita", post_nummer: "00118", state: "XX" })),
    ).toEqual({
      state: "address.error.choice",
    });
  });

  it("needs a phone for delivery but not for billing; optional fields may stay empty; lengths are checked", () => {
    const shipping = schemaFor("dnk", "shipping");
    expect(errorsOf(shipping.safeParse({ ...base, phone: "", country: "dnk", post_nummer: "2100" }))).toEqual(
      {
        phone: "address.error.required",
      },
    );
    expect(
      errorsOf(
        schemaFor("dnk").safeParse({ ...base, phone: "", company: "", country: "dnk", post_nummer: "2100" }),
      ),
    ).toEqual({});
    expect(
      errorsOf(schemaFor("dnk").safeParse({ ...base, name: "S", country: "dnk", post_nummer: "2100" })),
    ).toEqual({
      name: "address.error.minLength",
    });
    expect(
      errorsOf(
        schemaFor("dnk").safeParse({ ...base, town: "x".repeat(61), country: "dnk", post_nummer: "2100" }),
      ),
    ).toEqual({
      town: "address.error.maxLength",
    });
  });

  it("trims what is typed and drops fields the form does not have", () => {
    const result = schemaFor("dnk").safeParse({
      ...base,
      country: "dnk",
      post_nummer: " 2100 ",
      unknown: "x",
    });
    expect(result.success && result.data).toMatchObject({ post_nummer: "2100" });
    expect(result.success && "unknown" in result.data).toBe(false);
  });
});

describe("a house number typed in the street line", () => {
  const german = { ...base, country: "deu", post_nummer: "10115" };

  it('splits "Torstraße 12" into the street and its number where the number has its own field', () => {
    const parsed = schemaFor("deu").safeParse({ ...german, address: "Torstraße 12" });
    expect(errorsOf(parsed)).toEqual({});
    expect(parsed.data).toMatchObject({ address: "Torstraße", addr_number: "12" });
    for (const [street, name, number] of [
      ["Hauptstr. 5a", "Hauptstr.", "5a"],
      ["Straße des 17. Juni 135", "Straße des 17. Juni", "135"],
      ["Keizersgracht 123 A", "Keizersgracht", "123 A"],
      ["Am Markt 3-5", "Am Markt", "3-5"],
    ] as const)
      expect(schemaFor("deu").safeParse({ ...german, address: street }).data, street).toMatchObject({
        address: name,
        addr_number: number,
      });
  });

  it("keeps a number typed in both fields once, and leaves a street without a number to be asked for", () => {
    expect(
      schemaFor("deu").safeParse({ ...german, address: "Torstraße 12", addr_number: "12" }).data,
    ).toMatchObject({ address: "Torstraße", addr_number: "12" });
    // Another number in its own field: the shopper meant both, nothing is moved.
    expect(
      schemaFor("deu").safeParse({ ...german, address: "Straße des 17. Juni", addr_number: "4" }).data,
    ).toMatchObject({ address: "Straße des 17. Juni", addr_number: "4" });
    expect(errorsOf(schemaFor("deu").safeParse({ ...german, address: "Torstraße" }))).toEqual({
      addr_number: "address.error.required",
    });
  });

  it("changes nothing where the number belongs in the street line, and explains the German street field", () => {
    const danish = schemaFor("dnk").safeParse({
      ...base,
      country: "dnk",
      post_nummer: "2100",
      address: "Stadionvej 12",
    });
    expect(danish.data).toMatchObject({ address: "Stadionvej 12" });
    const fields = addressFormFields("deu", { type: "billing", withEmail: false, countryLabel: label }) ?? [];
    expect(fields.find((field) => field.name === "address")?.help_message).toBe("address.help.street");
    const danishFields =
      addressFormFields("dnk", { type: "billing", withEmail: false, countryLabel: label }) ?? [];
    expect(danishFields.find((field) => field.name === "address")?.help_message).toBeNull();
  });
});
