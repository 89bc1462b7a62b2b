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
