import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestApp, csrfHeaders, type TestApp, testVisitor } from "#server/testing.ts";

let t: TestApp;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

interface SizeRow {
  product_id: number;
  size_id: number;
  stock: number;
  price: number;
}
let plain: SizeRow;
let other: SizeRow;
let shirt: SizeRow;
let soldOutSize: SizeRow;
let exclusive: SizeRow;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoShop(t.database, { products: 300, seed: 5, dataDir: "" });
  const inStock = sql`p.online and not p.is_package and not p.is_exclusive and s.stock >= 5`;
  const pick = (where: ReturnType<typeof sql>, offset = 0) =>
    rows<SizeRow>(sql`
      select p.id as product_id, s.id as size_id, s.stock, pp.price
        from products p join product_sizes s on s.product_id = p.id
        join product_prices pp on pp.product_id = p.id and pp.currency = 'DKK'
       where ${where} order by p.id, s.sort limit 1 offset ${offset}`).then((r) => r[0] as SizeRow);
  plain = await pick(sql`${inStock} and not p.is_customizable`);
  other = await pick(sql`${inStock} and not p.is_customizable and p.id <> ${plain.product_id}`);
  shirt = await pick(sql`${inStock} and p.is_customizable`);
  exclusive = await pick(sql`p.online and p.is_exclusive and s.stock > 0`);
  soldOutSize = await pick(sql`${inStock} and p.id not in (${plain.product_id}, ${other.product_id})`);
  await t.database.db.execute(sql`update product_sizes set stock = 0 where id = ${soldOutSize.size_id}`);
});
afterAll(async () => t?.close());

const visitor = () => testVisitor(t);
/** Adds a size of the shirt (with more fields: an amount, a print) and gives the line it made or grew. */
const addShirt = async (shopper: ReturnType<typeof visitor>, fields: Record<string, string | number> = {}) =>
  (
    await shopper.form("/cart/items/add_to_cart/", {
      product: shirt.product_id,
      size: shirt.size_id,
      ...fields,
    })
  ).json().data.pk as number;

describe("adding to the bag", () => {
  it("adds a size at the server's price, whatever price is posted, and adds up the same size", async () => {
    const shopper = visitor();
    const added = await shopper.form("/cart/items/add_to_cart/", {
      product: plain.product_id,
      size: plain.size_id,
      price: "1",
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      success: true,
      error_messages: [],
      data: { pk: expect.any(Number) },
    });
    await shopper.form("/cart/items/add_to_cart/", {
      product: plain.product_id,
      size: plain.size_id,
      amount: 2,
    });
    const cart = (await shopper.get("/cart/data/")).json();
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({
      line_id: added.json().data.pk,
      product_id: plain.product_id,
      size_id: plain.size_id,
      quantity: 3,
      unit_price: plain.price / 100,
      line_total: (plain.price * 3) / 100,
      message: null,
    });
    expect(cart.currency).toBe("DKK");
    expect(cart.cart_total_amount).toBe((plain.price * 3) / 100);
    expect(cart.quantity).toBe(3);
  });

  it("refuses bad input and adds nothing", async () => {
    const shopper = visitor();
    const attempts: [Record<string, string | number>, number][] = [
      [{ product: plain.product_id, size: plain.size_id, amount: 0 }, 400],
      [{ product: plain.product_id, size: plain.size_id, amount: -1 }, 400],
      [{ product: plain.product_id, size: plain.size_id, amount: "abc" }, 400],
      [{ product: "x", size: plain.size_id }, 400],
      [{ product: 99_999_999, size: plain.size_id }, 404],
      // A size of another product.
      [{ product: plain.product_id, size: other.size_id }, 400],
      [{ product: soldOutSize.product_id, size: soldOutSize.size_id }, 409],
      [{ product: plain.product_id, size: plain.size_id, amount: plain.stock + 1 }, 409],
      [{ product: exclusive.product_id, size: exclusive.size_id }, 403],
    ];
    for (const [body, status] of attempts) {
      const response = await shopper.form("/cart/items/add_to_cart/", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      if (status !== 400)
        expect(response.json()).toMatchObject({ success: false, error_messages: [expect.any(String)] });
    }
    expect((await shopper.get("/cart/data/")).json().lines).toEqual([]);
  });

  it("needs the CSRF token", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/cart/items/add_to_cart/",
      payload: `product=${plain.product_id}&size=${plain.size_id}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.statusCode).toBe(403);
  });

  it("adds a package with a size for each item as one line, and refuses one with a size missing", async () => {
    const [pkg] = await rows<{ id: number }>(sql`
      select p.id from products p where p.is_package and p.online and not p.is_exclusive
         and not exists (select 1 from package_items pi join products i on i.id = pi.product_id
                          where pi.package_id = p.id and (not i.online or not exists
                            (select 1 from product_sizes s where s.product_id = i.id and s.stock > 0)))
       order by p.id limit 1`);
    const parts = await rows<{ product_id: number; size_id: number }>(sql`
      select pi.product_id, (select s.id from product_sizes s where s.product_id = pi.product_id and s.stock > 0
                              order by s.sort limit 1) as size_id
        from package_items pi where pi.package_id = ${pkg?.id} order by pi.position`);
    const shopper = visitor();
    const incomplete = await shopper.json("/cart/items/new_cart/", {
      product: { product_id: pkg?.id, amount: 1 },
      subproducts: parts.slice(1).map((part) => ({ ...part, amount: 1 })),
      promotions: [],
    });
    expect(incomplete.statusCode).toBe(400);
    const added = await shopper.json("/cart/items/new_cart/", {
      product: { product_id: pkg?.id, amount: 1 },
      subproducts: parts.map((part) => ({ ...part, amount: 1 })),
      promotions: [],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().data.subitems).toEqual(parts.map((part) => part.product_id));
    const cart = (await shopper.get("/cart/data/")).json();
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({ is_package: true, product_id: pkg?.id, quantity: 1 });
    expect(cart.lines[0].sublines.map((s: { product_id: number }) => s.product_id)).toEqual(
      parts.map((part) => part.product_id),
    );
  });

  it("shows a line above the stock left at what is left, with a warning, and charges only that", async () => {
    const shopper = visitor();
    await shopper.form("/cart/items/add_to_cart/", {
      product: other.product_id,
      size: other.size_id,
      amount: 3,
    });
    await t.database.db.execute(sql`update product_sizes set stock = 2 where id = ${other.size_id}`);
    const cart = (await shopper.get("/cart/data/")).json();
    expect(cart.lines[0]).toMatchObject({
      quantity: 2,
      max_quantity: 2,
      message: { level_tag: "warning", text: "cart.message.quantityReduced" },
    });
    expect(cart.cart_total_amount).toBe((other.price * 2) / 100);
    await t.database.db.execute(
      sql`update product_sizes set stock = ${other.stock} where id = ${other.size_id}`,
    );
  });
});

describe("prints on a line", () => {
  it("lists the options with prices and the print delay", async () => {
    const response = await visitor().get(`/customizations/get/${shirt.product_id}/`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.map((o: { name: string }) => o.name)).toEqual([
      "name",
      "number",
      "marker",
      "player_flag",
      "print_type",
    ]);
    expect(body.data[0]).toMatchObject({ max_length: 10, currency: "DKK" });
    expect(body.customization_delays.max_days).toBeGreaterThan(0);
    expect((await visitor().get("/customizations/get/99999999/")).statusCode).toBe(404);
  });

  it("puts a name and number on the line at the option prices, refuses bad ones, and removes them", async () => {
    const shopper = visitor();
    const added = await shopper.form("/cart/items/add_to_cart/", {
      product: shirt.product_id,
      size: shirt.size_id,
    });
    const lineId = added.json().data.pk;
    const options = (await shopper.get(`/customizations/get/${shirt.product_id}/`)).json().data as {
      name: string;
      price: number;
    }[];
    const priceOf = (name: string) => options.find((o) => o.name === name)?.price ?? 0;

    const tooLong = await shopper.form(`/customizations/update/${lineId}/`, {
      name: "MÜLLERMÜLLE",
      number: "10",
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields.name).toEqual(["customization.error.nameLength"]);
    const letters = await shopper.form(`/customizations/update/${lineId}/`, { name: "MÜLLER", number: "1a" });
    expect(letters.json().fields.number).toEqual(["customization.error.numberDigits"]);
    const badFlag = await shopper.form(`/customizations/update/${lineId}/`, { name: "A", player_flag: "XX" });
    expect(badFlag.json().fields.player_flag).toEqual(["customization.error.choice"]);
    expect((await shopper.get("/cart/data/")).json().lines[0].customization).toBeNull();

    const saved = await shopper.form(`/customizations/update/${lineId}/`, { name: "MÜLLER", number: "10" });
    expect(saved.statusCode).toBe(200);
    const line = (await shopper.get("/cart/data/")).json().lines[0];
    expect(line.customization).toMatchObject({ name: "MÜLLER", number: "10" });
    expect(line.sublines.map((s: { original: string }) => s.original)).toEqual(["MÜLLER", "10"]);
    expect(line.line_total).toBeCloseTo(shirt.price / 100 + priceOf("name") + priceOf("number"), 2);

    // Another visitor cannot touch the line.
    const stranger = await visitor().form(`/customizations/update/${lineId}/`, { name: "X" });
    expect(stranger.statusCode).toBe(404);

    await shopper.form(`/customizations/update/${lineId}/`, { name: "", number: "" });
    expect((await shopper.get("/cart/data/")).json().lines[0].customization).toBeNull();
  });

  it("a print taken off a shirt joins the plain line of its size: the bag shows one line of both", async () => {
    const shopper = visitor();
    const printed = await addShirt(shopper);
    await shopper.form(`/customizations/update/${printed}/`, { name: "KJÆR", number: "4" });
    // The same size again is a plain line of its own beside the printed one.
    const plainLine = await addShirt(shopper, { amount: 2 });
    expect(plainLine).not.toBe(printed);
    expect((await shopper.get("/cart/data/")).json().lines).toHaveLength(2);

    const removed = await shopper.form(`/customizations/update/${printed}/`, { name: "", number: "" });
    expect(removed.statusCode).toBe(200);
    const lines = (await shopper.get("/cart/data/")).json().lines;
    expect(lines).toMatchObject([{ line_id: plainLine, quantity: 3, customization: null }]);
    // And the next add of that size grows the same line.
    await addShirt(shopper);
    expect((await shopper.get("/cart/data/")).json().lines).toMatchObject([
      { line_id: plainLine, quantity: 4 },
    ]);
  });

  it("a shirt added with its print beside the plain ones of that size is a line of its own; a print it does not offer adds nothing", async () => {
    const shopper = visitor();
    const plainLine = await addShirt(shopper, { amount: 2 });
    const printed = await shopper.form("/cart/items/add_to_cart/", {
      product: shirt.product_id,
      size: shirt.size_id,
      name: "KJÆR",
      number: "4",
    });
    expect(printed.statusCode).toBe(200);
    const lines = (await shopper.get("/cart/data/")).json().lines;
    expect(lines).toHaveLength(2);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line_id: plainLine, quantity: 2, customization: null }),
        expect.objectContaining({
          line_id: printed.json().data.pk,
          quantity: 1,
          customization: expect.objectContaining({ name: "KJÆR", number: "4" }),
        }),
      ]),
    );

    // Prints it does not take: refused with the field, nothing added.
    for (const [product, print, field, message] of [
      [shirt, { number: "4a" }, "number", "customization.error.numberDigits"],
      [shirt, { name: "A", player_flag: "XX" }, "player_flag", "customization.error.choice"],
      [plain, { name: "A" }, "_", "customization.error.notCustomizable"],
    ] as const) {
      const refused = await shopper.form("/cart/items/add_to_cart/", {
        product: product.product_id,
        size: product.size_id,
        ...print,
      });
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().fields[field]).toEqual([message]);
    }
    expect((await shopper.get("/cart/data/")).json().lines).toHaveLength(2);
  });
});

describe("whose bag", () => {
  it("answers 404 for another visitor's bag id", async () => {
    const owner = visitor();
    await owner.form("/cart/items/add_to_cart/", { product: plain.product_id, size: plain.size_id });
    const id = (await owner.get("/cart/data/")).json().id;
    expect((await owner.get(`/cart/data/${id}/`)).statusCode).toBe(200);
    const stranger = visitor();
    await stranger.get("/cart/data/");
    expect((await stranger.get(`/cart/data/${id}/`)).statusCode).toBe(404);
    expect((await stranger.get("/cart/data/abc/")).statusCode).toBe(400);
  });

  it("joins the anonymous bag to the member's bag at log-in", async () => {
    const shopper = visitor();
    const signup = await shopper.json("/api/auth/signup/", {
      email: "bag-owner@example.com",
      password: "long-enough-1",
      name: "Bag Owner",
    });
    expect(signup.statusCode).toBe(201);
    expect(
      (await shopper.json("/api/auth/login/", { email: "bag-owner@example.com", password: "long-enough-1" }))
        .statusCode,
    ).toBe(200);
    await shopper.form("/cart/items/add_to_cart/", { product: plain.product_id, size: plain.size_id });
    await shopper.json("/api/auth/logout/", {});

    const later = visitor();
    await later.form("/cart/items/add_to_cart/", {
      product: plain.product_id,
      size: plain.size_id,
      amount: 2,
    });
    await later.form("/cart/items/add_to_cart/", { product: other.product_id, size: other.size_id });
    const login = await later.json("/api/auth/login/", {
      email: "bag-owner@example.com",
      password: "long-enough-1",
    });
    expect(login.statusCode).toBe(200);
    const cart = (await later.get("/cart/data/")).json();
    const quantities = Object.fromEntries(
      cart.lines.map((line: { product_id: number; quantity: number }) => [line.product_id, line.quantity]),
    );
    expect(quantities).toEqual({ [plain.product_id]: 3, [other.product_id]: 1 });
  });
});

describe("changing and removing lines", () => {
  it("sets a quantity, lowers one above the stock with a warning, and refuses bad amounts", async () => {
    const shopper = visitor();
    const lineId = (
      await shopper.form("/cart/items/add_to_cart/", { product: plain.product_id, size: plain.size_id })
    ).json().data.pk;
    const set = await shopper.form(`/cart/items/update_cart_item/${lineId}/`, { amount: "2" });
    expect(set.json()).toEqual({ quantity: 2, messages: [] });
    const above = await shopper.form(`/cart/items/update_cart_item/${lineId}/`, {
      amount: String(plain.stock + 5),
    });
    expect(above.json()).toEqual({
      quantity: Math.min(plain.stock, 99),
      messages: [{ text: "cart.message.quantityReduced", level: "warning" }],
    });
    for (const amount of ["0", "-1", "abc", "", "1.5", "1000"]) {
      const response = await shopper.form(`/cart/items/update_cart_item/${lineId}/`, { amount });
      expect(response.statusCode, amount).toBe(400);
      expect(response.json().fields.amount).toEqual(["cart.error.amount"]);
    }
    expect((await shopper.get("/cart/data/")).json().lines[0].quantity).toBe(Math.min(plain.stock, 99));
  });

  it("answers 404 for another visitor's line and leaves it as it was", async () => {
    const owner = visitor();
    const lineId = (
      await owner.form("/cart/items/add_to_cart/", { product: plain.product_id, size: plain.size_id })
    ).json().data.pk;
    const stranger = visitor();
    expect((await stranger.form(`/cart/items/update_cart_item/${lineId}/`, { amount: "3" })).statusCode).toBe(
      404,
    );
    expect((await stranger.form(`/cart/items/delete_cart_item/${lineId}/`, {})).statusCode).toBe(404);
    expect((await owner.get("/cart/data/")).json().lines[0]).toMatchObject({ line_id: lineId, quantity: 1 });
    expect((await owner.form(`/cart/items/delete_cart_item/${lineId}/`, {})).statusCode).toBe(200);
    expect((await owner.get("/cart/data/")).json().lines).toEqual([]);
    expect((await owner.form(`/cart/items/delete_cart_item/${lineId}/`, {})).statusCode).toBe(404);
  });

  it("loses no update when the same size is added twice at once", async () => {
    const shopper = visitor();
    await shopper.get("/cart/data/");
    await shopper.form("/cart/items/add_to_cart/", { product: other.product_id, size: other.size_id });
    const [a, b] = await Promise.all([
      shopper.form("/cart/items/add_to_cart/", { product: other.product_id, size: other.size_id }),
      shopper.form("/cart/items/add_to_cart/", { product: other.product_id, size: other.size_id }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const lines = (await shopper.get("/cart/data/")).json().lines;
    expect(lines).toHaveLength(1);
    expect(lines[0].quantity).toBe(3);
  });

  it("applies two quantity changes at once one after the other", async () => {
    const shopper = visitor();
    const lineId = (
      await shopper.form("/cart/items/add_to_cart/", { product: other.product_id, size: other.size_id })
    ).json().data.pk;
    const [a, b] = await Promise.all([
      shopper.form(`/cart/items/update_cart_item/${lineId}/`, { amount: "2" }),
      shopper.form(`/cart/items/update_cart_item/${lineId}/`, { amount: "3" }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const final = (await shopper.get("/cart/data/")).json().lines[0].quantity;
    expect([2, 3]).toContain(final);
  });
});

describe("vouchers and gift cards on the bag", () => {
  const year = new Date().getUTCFullYear();
  const remove = (shopper: ReturnType<typeof visitor>, url: string) =>
    t.app.inject({
      method: "DELETE",
      url,
      headers: { ...csrfHeaders(t.config, shopper.jar), "content-type": "application/json" },
    });

  it("applies a percentage voucher (total drops by it), refuses bad codes and removes it", async () => {
    const shopper = visitor();
    await shopper.form("/cart/items/add_to_cart/", { product: plain.product_id, size: plain.size_id });
    const before = (await shopper.get("/cart/data/")).json();
    const added = await shopper.json("/api/vouchers/add/", { voucher_code: ` pitch-10off-${year} ` });
    expect(added.json()).toEqual({ success: true, error_message: null, warning_message: [] });
    const after = (await shopper.get("/cart/data/")).json();
    const off = after.coupons[0];
    expect(off).toMatchObject({ code: `PITCH-10OFF-${year}`, applied: true });
    // 10 % of the goods, in whole kroner.
    expect(off.amount).toBe(Math.round(before.cart_total_amount * 0.1));
    expect(after.payment_total).toBeCloseTo(before.payment_total - off.amount, 2);

    expect(
      (await shopper.json("/api/vouchers/add/", { voucher_code: `PITCH-10OFF-${year}` })).json()
        .error_message,
    ).toBe("voucher.error.alreadyApplied");
    expect(
      (await shopper.json("/api/vouchers/add/", { voucher_code: `PITCH-SUMMER-${year - 1}` })).json()
        .error_message,
    ).toBe("voucher.error.expired");
    expect(
      (await shopper.json("/api/vouchers/add/", { voucher_code: `PITCH-ONCE-${year}` })).json().error_message,
    ).toBe("voucher.error.usedUp");
    // A euro voucher in the Danish shop.
    expect(
      (await shopper.json("/api/vouchers/add/", { voucher_code: `PITCH-25EUR-${year}` })).json()
        .error_message,
    ).toBe("voucher.error.currency");
    expect((await shopper.json("/api/vouchers/add/", { voucher_code: "x".repeat(500) })).statusCode).toBe(
      400,
    );
    expect((await shopper.json("/api/vouchers/add/", { voucher_code: "   " })).statusCode).toBe(400);

    expect((await remove(shopper, `/api/vouchers/remove/PITCH-10OFF-${year}/`)).statusCode).toBe(200);
    expect((await shopper.get("/cart/data/")).json().payment_total).toBe(before.payment_total);
    // Removing one that is not applied.
    expect((await remove(shopper, `/api/vouchers/remove/PITCH-10OFF-${year}/`)).statusCode).toBe(404);
    expect((await remove(shopper, "/api/vouchers/remove/NOPE/")).statusCode).toBe(404);
  });

  it("warns when a voucher's minimum order is not reached yet", async () => {
    const shopper = visitor();
    await shopper.form("/cart/items/add_to_cart/", { product: plain.product_id, size: plain.size_id });
    const cart = (await shopper.get("/cart/data/")).json();
    const added = await shopper.json("/api/vouchers/add/", { voucher_code: `PITCH-200DKK-${year}` });
    if (cart.cart_total_amount < 750) {
      expect(added.json().warning_message).toEqual(["voucher.warning.minimumOrder"]);
      expect((await shopper.get("/cart/data/")).json().payment_total).toBe(cart.payment_total);
    } else {
      expect(added.json().warning_message).toEqual([]);
    }
  });

  it("answers 429 after more than 10 wrong codes a minute from one visitor", async () => {
    const shopper = visitor();
    await shopper.get("/cart/data/");
    await shopper.form("/cart/items/add_to_cart/", { product: plain.product_id, size: plain.size_id });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await shopper.json("/api/vouchers/add/", { voucher_code: `GUESS-${i}` })).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.at(-1)).toBe(429);
  });

  it("lets a gift card pay part of the order and shows only its last characters", async () => {
    const shopper = visitor();
    await shopper.form("/cart/items/add_to_cart/", { product: plain.product_id, size: plain.size_id });
    const before = (await shopper.get("/cart/data/")).json();
    expect((await shopper.json("/api/giftcards/add/", { code: "gift-demo-0500-dkkr" })).statusCode).toBe(200);
    const after = (await shopper.get("/cart/data/")).json();
    const paid = Math.min(500, before.order_total);
    expect(after.giftcards).toEqual([{ code: "…DKKR", amount: paid, is_value: true }]);
    expect(after.payment_total).toBeCloseTo(before.order_total - paid, 2);
    expect(JSON.stringify(after)).not.toContain("GIFT-DEMO-0500");
    expect(
      (await shopper.json("/api/giftcards/add/", { code: "GIFT-DEMO-0050-EURO" })).json().error_message,
    ).toBe("giftcard.error.currency");
    expect((await shopper.json("/api/giftcards/add/", { code: "" })).statusCode).toBe(400);
    expect((await remove(shopper, "/api/giftcards/remove/DKKR/")).statusCode).toBe(200);
    expect((await shopper.get("/cart/data/")).json().giftcards).toEqual([]);
    expect((await remove(shopper, "/api/giftcards/remove/DKKR/")).statusCode).toBe(404);
  });
});

describe("shared bags", () => {
  it("shares a copy of the bag that anyone can open, marks sold-out items, and refuses bad links", async () => {
    const owner = visitor();
    await owner.form("/cart/items/add_to_cart/", {
      product: plain.product_id,
      size: plain.size_id,
      amount: 2,
    });
    const lineId = (
      await owner.form("/cart/items/add_to_cart/", { product: shirt.product_id, size: shirt.size_id })
    ).json().data.pk;
    await owner.form(`/customizations/update/${lineId}/`, { name: "MÜLLER", number: "10" });
    const created = await owner.json("/api/cart/shared/create_shared_cart/", {});
    expect(created.statusCode).toBe(200);
    const id = created.json().shared_cart;

    const other = visitor();
    const shared = (await other.get(`/api/cart/shared/${id}/`)).json().shared_items;
    expect(shared).toHaveLength(2);
    expect(shared[0]).toMatchObject({ size_id: plain.size_id, quantity: 2, sold_out: false });
    expect(shared[0].product[0].product_id).toBe(plain.product_id);
    expect(shared[1]).toMatchObject({ name: "MÜLLER", number: "10" });

    // Today's prices, the print included, and the total of what can be bought: as the owner's bag
    // prices the same lines.
    const sharedBag = (await other.get(`/api/cart/shared/${id}/`)).json();
    const bag = (await owner.get("/cart/data/")).json();
    expect(sharedBag.currency).toBe(bag.currency);
    expect(shared[0].unit_price).toBe(shared[0].product[0].prices.min_price);
    expect(shared[0].line_total).toBeCloseTo(shared[0].unit_price * 2, 2);
    expect(shared[1].unit_price).toBeGreaterThan(shared[1].product[0].prices.min_price);
    for (const [index, line] of bag.lines.entries())
      if (line.line_total_discount === 0) expect(shared[index].line_total).toBeCloseTo(line.line_total, 2);
    expect(sharedBag.total).toBeCloseTo(shared[0].line_total + shared[1].line_total, 2);

    await t.database.db.execute(sql`update product_sizes set stock = 0 where id = ${plain.size_id}`);
    const withSoldOut = (await other.get(`/api/cart/shared/${id}/`)).json();
    expect(withSoldOut.shared_items[0].sold_out).toBe(true);
    // What cannot be bought does not count towards the total.
    expect(withSoldOut.total).toBeCloseTo(shared[1].line_total, 2);
    await t.database.db.execute(
      sql`update product_sizes set stock = ${plain.stock} where id = ${plain.size_id}`,
    );

    expect((await other.get("/api/cart/shared/not-a-uuid/")).statusCode).toBe(400);
    expect((await other.get("/api/cart/shared/00000000-0000-4000-8000-000000000000/")).statusCode).toBe(404);
    // An empty bag cannot be shared.
    expect((await visitor().json("/api/cart/shared/create_shared_cart/", {})).statusCode).toBe(400);
  });
});

describe("a shared gift card", () => {
  it("is sold out only when it is offline, whatever its stock", async () => {
    const [card] = await rows<{ product_id: number; size_id: number; stock: number }>(
      sql`select p.id as product_id, s.id as size_id, s.stock from products p
            join product_sizes s on s.product_id = p.id
           where p.is_giftcard and p.online and s.stock > 0 order by p.id limit 1`,
    );
    if (!card) throw new Error("the demo shop has no gift card");
    const owner = visitor();
    const added = await owner.form("/cart/items/add_to_cart/", {
      product: card.product_id,
      size: card.size_id,
    });
    expect(added.statusCode).toBe(200);
    const id = (await owner.json("/api/cart/shared/create_shared_cart/", {})).json().shared_cart;
    const sharedItem = async () => (await visitor().get(`/api/cart/shared/${id}/`)).json().shared_items[0];
    try {
      expect(await sharedItem()).toMatchObject({
        product: [{ product_id: card.product_id }],
        sold_out: false,
      });
      await t.database.db.execute(sql`update product_sizes set stock = 0 where id = ${card.size_id}`);
      expect((await sharedItem()).sold_out).toBe(false);
      await t.database.db.execute(sql`update products set online = false where id = ${card.product_id}`);
      expect((await sharedItem()).sold_out).toBe(true);
    } finally {
      await t.database.db.execute(sql`update products set online = true where id = ${card.product_id}`);
      await t.database.db.execute(
        sql`update product_sizes set stock = ${card.stock} where id = ${card.size_id}`,
      );
    }
  });
});

describe("checkout offers", () => {
  it("offers up to three socks or shin guards in stock that are not in the bag", async () => {
    const shopper = visitor();
    const first = (await shopper.get("/api/cart/checkout_offers/")).json().offers as {
      product_id: number;
      sizes: { size_id: number }[];
    }[];
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThanOrEqual(3);
    const types = await rows<{ item_type: string }>(
      sql`select distinct item_type from products where id in (${sql.join(
        first.map((offer) => sql`${offer.product_id}`),
        sql`, `,
      )})`,
    );
    expect(types.every((row) => ["socks", "shin_guards"].includes(row.item_type))).toBe(true);
    const taken = first[0] as (typeof first)[number];
    await shopper.form("/cart/items/add_to_cart/", {
      product: taken.product_id,
      size: taken.sizes[0]?.size_id as number,
    });
    const after = (await shopper.get("/api/cart/checkout_offers/")).json().offers as { product_id: number }[];
    expect(after.map((offer) => offer.product_id)).not.toContain(taken.product_id);
  });
});
