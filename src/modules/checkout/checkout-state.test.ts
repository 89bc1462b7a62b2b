import { describe, expect, it } from "vitest";
import type { StoredAddress } from "#modules/markets/address-forms.ts";
import {
  type CheckoutPackage,
  choicesOf,
  type DeliveryMethodRow,
  deliveryProblems,
  OWN_PACKAGE,
  packagesOf,
  type Readiness,
  readinessProblem,
} from "./checkout-state.ts";

const method = (id: number, options: Partial<DeliveryMethodRow> = {}): DeliveryMethodRow => ({
  id,
  code: `m${id}`,
  market: "dk",
  supplierId: null,
  name: { en: `Method ${id}` },
  infoText: { en: "" },
  minDays: 1,
  maxDays: 3,
  price: 4900,
  freeDeliveryLimit: null,
  icon: "truck",
  dropPointProvider: null,
  isDefault: false,
  sort: id,
  ...options,
});

const line = (lineId: number, supplierId: number | null, quantity = 1) => ({
  row: { line_id: lineId, supplier_id: supplierId },
  quantity,
});

const SUPPLIERS = [
  { id: 1, name: "Warehouse", isMarketplace: false },
  { id: 2, name: "Strikon Official Store", isMarketplace: true },
  { id: 3, name: "Select", isMarketplace: true },
  { id: 4, name: "Outlet", isMarketplace: false },
];

const home = method(10);
const pickup = method(11, { dropPointProvider: "pitchside-points" });
const pumaHome = method(20, { supplierId: 2 });
const selectHome = method(30, { supplierId: 3 });
const selectPickup = method(31, { supplierId: 3, dropPointProvider: "pitchside-points" });
const METHODS = [home, pickup, pumaHome, selectHome, selectPickup];

const pkg = (key: string, methods: DeliveryMethodRow[]): CheckoutPackage => ({
  key,
  supplierId: key === OWN_PACKAGE ? null : Number(key),
  supplierName: key,
  quantity: 1,
  lineIds: [],
  methods,
});

describe("packagesOf", () => {
  it("puts the shop's own package first, then marketplace suppliers by id, each with its methods", () => {
    const packages = packagesOf([line(1, 3), line(2, 1, 2), line(3, 2), line(4, 3, 3)], SUPPLIERS, METHODS);
    expect(packages.map((p) => p.key)).toEqual([OWN_PACKAGE, "2", "3"]);
    expect(packages[0]).toMatchObject({
      supplierId: null,
      supplierName: "Warehouse",
      quantity: 2,
      lineIds: [2],
    });
    expect(packages[0]?.methods).toEqual([home, pickup]);
    expect(packages[1]).toMatchObject({
      supplierId: 2,
      supplierName: "Strikon Official Store",
      methods: [pumaHome],
    });
    expect(packages[2]).toMatchObject({ quantity: 4, lineIds: [1, 4], methods: [selectHome, selectPickup] });
  });

  it("sends lines of a supplier that is not a marketplace, or of none, with the shop's own package", () => {
    const packages = packagesOf([line(1, 4), line(2, null), line(3, 99)], SUPPLIERS, METHODS);
    expect(packages).toHaveLength(1);
    expect(packages[0]).toMatchObject({ key: OWN_PACKAGE, quantity: 3, lineIds: [1, 2, 3] });
  });

  it("has no package for an empty bag", () => {
    expect(packagesOf([], SUPPLIERS, METHODS)).toEqual([]);
  });
});

describe("choicesOf", () => {
  it("keeps a stored method while it is offered and gives a package with one method that method", () => {
    const choices = choicesOf([pkg(OWN_PACKAGE, [home, pickup]), pkg("2", [pumaHome])], {
      [OWN_PACKAGE]: { methodId: home.id, dropPointId: null },
    });
    expect(choices.get(OWN_PACKAGE)).toEqual({ method: home, dropPointId: null });
    expect(choices.get("2")).toEqual({ method: pumaHome, dropPointId: null });
  });

  it("forgets a stored method that is no longer offered when there is a choice to make", () => {
    const choices = choicesOf([pkg(OWN_PACKAGE, [home, pickup])], {
      [OWN_PACKAGE]: { methodId: 999, dropPointId: 5 },
    });
    expect(choices.get(OWN_PACKAGE)).toBeNull();
  });

  it("keeps a drop point only with the drop-point method it was chosen with", () => {
    const kept = choicesOf([pkg(OWN_PACKAGE, [home, pickup])], {
      [OWN_PACKAGE]: { methodId: pickup.id, dropPointId: 5 },
    });
    expect(kept.get(OWN_PACKAGE)).toEqual({ method: pickup, dropPointId: 5 });
    // The only method of a package is in force without being stored, so a point of another method is not.
    const single = choicesOf([pkg(OWN_PACKAGE, [pickup])], {
      [OWN_PACKAGE]: { methodId: home.id, dropPointId: 5 },
    });
    expect(single.get(OWN_PACKAGE)).toEqual({ method: pickup, dropPointId: null });
    const homeDelivery = choicesOf([pkg(OWN_PACKAGE, [home, pickup])], {
      [OWN_PACKAGE]: { methodId: home.id, dropPointId: 5 },
    });
    expect(homeDelivery.get(OWN_PACKAGE)).toEqual({ method: home, dropPointId: null });
  });
});

describe("deliveryProblems", () => {
  const packages = [pkg(OWN_PACKAGE, [home, pickup]), pkg("3", [selectHome, selectPickup])];

  it("is empty when every package has a method, and a drop point where the method needs one", () => {
    const choices = new Map([
      [OWN_PACKAGE, { method: home, dropPointId: null }],
      ["3", { method: selectPickup, dropPointId: 7 }],
    ]);
    expect(deliveryProblems({ packages, choices })).toEqual({});
  });

  it("names the first package without a method", () => {
    const choices = new Map([
      [OWN_PACKAGE, { method: home, dropPointId: null }],
      ["3", null],
    ]);
    expect(deliveryProblems({ packages, choices })).toEqual({
      delivery_method: ["checkout.error.chooseMethod"],
      package: ["3"],
    });
  });

  it("names a drop-point method without its point", () => {
    const choices = new Map([[OWN_PACKAGE, { method: pickup, dropPointId: null }]]);
    expect(deliveryProblems({ packages, choices })).toEqual({
      droppoint_id: ["checkout.error.chooseDropPoint"],
      package: [OWN_PACKAGE],
    });
  });
});

describe("readinessProblem", () => {
  const address: StoredAddress = { country: "dnk", name: "Mette Jensen" };
  const ready = (overrides: Partial<Readiness> = {}): Readiness => ({
    session: { deliveryAddress: address, email: "mette@example.com" },
    packages: [pkg(OWN_PACKAGE, [home])],
    choices: new Map([[OWN_PACKAGE, { method: home, dropPointId: null }]]),
    paymentMethod: {
      id: 1,
      market: "dk",
      gateway: "cod",
      type: "cod",
      name: { en: "Cash on delivery" },
      fee: 0,
      icons: [],
      sort: 1,
    },
    priced: { totals: { paymentTotal: 49_900 } },
    ...overrides,
  });

  it("lets a complete checkout pay", () => {
    expect(readinessProblem(ready())).toBeNull();
  });

  it("sends the shopper back to the address without an address or an e-mail", () => {
    for (const session of [
      { deliveryAddress: null, email: "mette@example.com" },
      { deliveryAddress: address, email: null },
      { deliveryAddress: address, email: "  " },
    ]) {
      const problem = readinessProblem(ready({ session }));
      expect(problem).toMatchObject({ statusCode: 409, code: "address_missing" });
      expect(problem?.fields).toEqual({ address: ["checkout.error.addressMissing"] });
    }
  });

  it("sends the shopper back to the delivery with the delivery's problem", () => {
    const problem = readinessProblem(ready({ choices: new Map([[OWN_PACKAGE, null]]) }));
    expect(problem).toMatchObject({ statusCode: 409, code: "delivery_missing" });
    expect(problem?.fields).toEqual({
      delivery_method: ["checkout.error.chooseMethod"],
      package: [OWN_PACKAGE],
    });
  });

  it("asks for a payment method only while something is left to pay", () => {
    const unpaid = readinessProblem(ready({ paymentMethod: null }));
    expect(unpaid).toMatchObject({ statusCode: 409, code: "payment_missing" });
    expect(unpaid?.fields).toEqual({ method_id: ["checkout.error.paymentMissing"] });
    // Gift cards paying everything need no method.
    expect(
      readinessProblem(ready({ paymentMethod: null, priced: { totals: { paymentTotal: 0 } } })),
    ).toBeNull();
  });
});
