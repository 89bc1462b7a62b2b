import type { OrderDraft, ShipmentDraft } from "./order-placement.steps.ts";

/** A line of an order draft: one unit of a product in a size, no prints. */
export function draftLine(
  overrides: Partial<ShipmentDraft["lines"][number]> = {},
): ShipmentDraft["lines"][number] {
  return {
    productId: 1,
    sizeId: 11,
    productName: "Club shirt",
    productBrand: "Kickwear",
    productUrl: "/club-shirt/",
    imageUrl: "/media/products/1/0.webp",
    sizeName: "M",
    quantity: 1,
    unitPrice: 49_900,
    unitRrp: 59_900,
    vatRate: 25,
    lineTotal: 49_900,
    lineTotalRrp: 59_900,
    packageParts: null,
    sublines: [],
    ...overrides,
  };
}

/** A package of an order draft, from the shop's own warehouses, delivered home. */
export function draftShipment(overrides: Partial<ShipmentDraft> = {}): ShipmentDraft {
  return {
    supplierId: null,
    supplierName: "Warehouse",
    deliveryMethodId: 1,
    deliveryMethodName: "Home delivery",
    infoText: "Delivered to the door",
    minDays: 1,
    maxDays: 3,
    deliveryCost: 4_900,
    dropPointId: null,
    lines: [draftLine()],
    ...overrides,
  };
}

/** A paid order of a Danish guest, with the given packages (one by default). */
export function draftOrder(
  overrides: Partial<OrderDraft["order"]> = {},
  shipments: ShipmentDraft[] = [draftShipment()],
): OrderDraft {
  const address = {
    country: "dnk",
    name: "Mette Jensen",
    address: "Stadionvej",
    addr_number: "12",
    post_nummer: "2100",
    town: "København Ø",
    phone: "+45 20 30 40 50",
  };
  return {
    order: {
      userId: null,
      cartId: null,
      market: "dk",
      locale: "da",
      currency: "DKK",
      email: "mette@example.com",
      phone: address.phone,
      billingAddress: address,
      deliveryAddress: address,
      comment: "",
      goodsTotal: 49_900,
      discountTotal: 0,
      voucherTotal: 0,
      deliveryTotal: 4_900,
      paymentFee: 0,
      vatTotal: 10_960,
      total: 54_800,
      giftCardTotal: 0,
      amountDue: 54_800,
      paymentGateway: "cod",
      paymentMethod: "Cash on delivery",
      paymentReference: null,
      coupons: [],
      giftCards: [],
      subscribeNewsletters: false,
      source: "web",
      device: "desktop",
      ...overrides,
    },
    shipments,
  };
}
