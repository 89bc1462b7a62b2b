import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { type Card, findCard, printable } from "./catalogue.ts";
import { csrfToken } from "./csrf.ts";

interface Size {
  size_id: number;
  stock_info: number;
  supplier: string;
  is_marketplace: boolean;
}

/** Who ships a size as the bag groups it: the shop's own warehouses are one group. */
const shipper = (size: Size) => (size.is_marketplace ? size.supplier : "Pitchside");

/** Fills the page's bag with three products from two suppliers (the shop and a partner). */
async function fillBag(page: Page) {
  const cards = (await (await page.request.get("/api/search/?q=*")).json()).products as Card[];
  const picks: { product: number; size: number; supplier: string }[] = [];
  for (const card of cards) {
    if (card.is_exclusive || card.attributes.item_type === "package") continue;
    const sizes = (await (await page.request.get(`/api/availability/${card.product_id}/`)).json()) as Size[];
    // The first two from different suppliers, the third from either.
    const size = sizes.find(
      (s) => s.stock_info >= 3 && (picks.length === 2 || !picks.some((p) => p.supplier === shipper(s))),
    );
    if (size) picks.push({ product: card.product_id, size: size.size_id, supplier: shipper(size) });
    if (picks.length === 3) break;
  }
  expect(picks).toHaveLength(3);
  await page.goto("/");
  for (const pick of picks) await addByApi(page, pick.product, pick.size);
}

test("three products from two suppliers: grouped, a quantity changed, a voucher applied and removed, the bag shared and added elsewhere", async ({
  page,
  browser,
}) => {
  await fillBag(page);
  await page.goto("/cart/");
  await expect(page.getByTestId("supplier-group")).toHaveCount(2);
  await expect(page.getByTestId("cart-line")).toHaveCount(3);
  await expect(page.getByTestId("cart-notice").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const total = page.getByTestId("summary-total");
  const before = await total.textContent();
  const firstLine = page.getByTestId("cart-line").first();
  const lineTotal = await firstLine.getByTestId("line-total").textContent();
  await firstLine.getByTestId("line-quantity").fill("2");
  await expect(firstLine.getByTestId("line-total")).not.toHaveText(lineTotal ?? "");
  await expect(total).not.toHaveText(before ?? "");

  // A voucher: the total drops by what the summary says it takes off; removing it restores it.
  const amountOf = (text: string | null) => Number((text ?? "").replace(/[^\d,]/g, "").replace(",", "."));
  await expect(total).not.toHaveText(before ?? "");
  const withoutVoucher = amountOf(await total.textContent());
  const voucher = page.getByTestId("voucher-form");
  await voucher.locator("input").fill("NOT-A-CODE");
  await voucher.locator("button").click();
  await expect(voucher.locator("p.text-red-700")).toBeVisible();
  await voucher.locator("input").fill(`pitch-10off-${new Date().getUTCFullYear()}`);
  await voucher.locator("button").click();
  await expect(voucher.locator("input")).toHaveValue("");
  const summary = page.getByTestId("price-summary");
  const voucherRow = summary.locator("div", { hasText: "PITCH-10OFF" }).last();
  await expect(voucherRow).toBeVisible();
  const off = Math.abs(amountOf(await voucherRow.locator("dd").textContent()));
  expect(off).toBeGreaterThan(0);
  await expect.poll(async () => amountOf(await total.textContent())).toBeCloseTo(withoutVoucher - off, 2);
  await voucherRow.getByRole("button").click();
  await expect(summary.locator("div", { hasText: "PITCH-10OFF" })).toHaveCount(0);
  await expect.poll(async () => amountOf(await total.textContent())).toBeCloseTo(withoutVoucher, 2);

  // Shared: the link opened in another browser adds the same lines to that shopper's bag.
  await page.getByTestId("share-bag").click();
  const link = await page.getByTestId("share-link").inputValue();
  expect(link).toMatch(/\/cart\/shared\/\?uuid=[0-9a-f-]{36}$/);
  type Line = { product_id: number; size_id: number; quantity: number };
  const linesOf = async (of: Page) => (await (await of.request.get("/cart/data/")).json()).lines as Line[];
  const key = (line: Line) => `${line.product_id}/${line.size_id}/${line.quantity}`;
  const lines = await linesOf(page);
  const friend = await browser.newContext();
  const other = await friend.newPage();
  await other.goto(new URL(link).pathname + new URL(link).search);
  await expect(other.getByTestId("shared-item")).toHaveCount(lines.length);
  await expectNoSeriousA11yViolations(other);
  await other.getByTestId("add-all").click();
  await expect.poll(async () => (await linesOf(other)).length).toBe(lines.length);
  expect((await linesOf(other)).map(key).sort()).toEqual(lines.map(key).sort());
  await friend.close();

  await firstLine.getByRole("button", { name: /.+/ }).last().click();
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
});

test("an empty bag says so", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/cart/");
  await expect(page.getByTestId("cart-line")).toHaveCount(0);
  await expect(page.locator("main a[href='/search/?q=*']")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // A payment whose order could not be placed (held too long) comes back here with the reason.
  await page.goto("/cart/?checkout_error=payment_expired");
  await expect(page.getByRole("alert")).toContainText("Betal venligst igen");
  await page.goto("/cart/?checkout_error=made-up");
  await expect(page.getByTestId("checkout-problem")).toHaveCount(0);
  await context.close();
});

test("a shared bag link that leads nowhere says so", async ({ page }) => {
  await page.goto("/cart/shared/?uuid=00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("shared-item")).toHaveCount(0);
});

async function addByApi(page: Page, product: number, size: number) {
  const csrf = await csrfToken(page);
  const added = await page.request.post("/cart/items/add_to_cart/", {
    form: { product: String(product), size: String(size) },
    headers: {
      "x-csrftoken": csrf,
      "x-requested-with": "XMLHttpRequest",
      origin: new URL(page.url()).origin,
    },
  });
  expect(added.status()).toBe(200);
}

/** Products a visitor can add, each with a size in stock. */
async function buyableSizes(page: Page, count: number) {
  const cards = (await (await page.request.get("/api/search/?q=*")).json()).products as Card[];
  const picks: { product: number; size: number }[] = [];
  for (const card of cards) {
    if (card.is_exclusive || card.attributes.item_type === "package") continue;
    const sizes = (await (await page.request.get(`/api/availability/${card.product_id}/`)).json()) as Size[];
    const size = sizes.find((s) => s.stock_info > 0);
    if (size) picks.push({ product: card.product_id, size: size.size_id });
    if (picks.length === count) break;
  }
  return picks;
}

test("a bag of five lines or more can be emptied in one go", async ({ page }) => {
  await page.goto("/");
  for (const pick of await buyableSizes(page, 5)) await addByApi(page, pick.product, pick.size);
  await page.goto("/cart/");
  await expect(page.getByTestId("cart-line")).toHaveCount(5);
  await page.getByTestId("bulk-remove").click();
  await expectNoSeriousA11yViolations(page);
  await page.getByTestId("bulk-remove-confirm").click();
  await expect(page.getByTestId("cart-line")).toHaveCount(0);
});

test("a printed name and number are added to a bag line through a dialog and removed again", async ({
  page,
}) => {
  await page.goto("/");
  const shirt = await findCard(
    page.request,
    "/api/search/?q=*",
    async (card) =>
      card.attributes.item_type === "football_shirts" &&
      card.sizes.some((size) => size.in_stock) &&
      (await printable(page.request, card.product_id)),
  );
  const sizes = (await (await page.request.get(`/api/availability/${shirt.product_id}/`)).json()) as Size[];
  await addByApi(page, shirt.product_id, sizes.find((size) => size.stock_info > 0)?.size_id as number);
  await page.goto("/cart/");
  await page.getByTestId("add-print").click();
  const dialog = page.getByRole("dialog");
  await dialog.locator("input").nth(0).fill("MÜLLER");
  await dialog.locator("input").nth(1).fill("10");
  await dialog.locator('button[type="submit"]').click();
  await expect(page.getByTestId("cart-line")).toContainText("MÜLLER 10");
  await page.getByTestId("remove-print").click();
  await expect(page.getByTestId("add-print")).toBeVisible();
  await expect(page.getByTestId("cart-line")).not.toContainText("MÜLLER 10");
});

for (const width of [1280, 390]) {
  test(`at ${width} px, the quantity is sent once per edit: + twice, retyping 3 as 2 with Backspace, and typing 10`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    const cards = (await (await page.request.get("/api/search/?q=*")).json()).products as Card[];
    let pick: { product: number; size: number } | undefined;
    for (const card of cards) {
      if (card.is_exclusive || card.attributes.item_type === "package") continue;
      const sizes = (await (
        await page.request.get(`/api/availability/${card.product_id}/`)
      ).json()) as Size[];
      const size = sizes.find((s) => s.stock_info >= 12);
      if (size) pick = { product: card.product_id, size: size.size_id };
      if (pick) break;
    }
    expect(pick).toBeDefined();
    await addByApi(page, pick?.product ?? 0, pick?.size ?? 0);
    await page.goto("/cart/");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);

    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/cart/items/update_cart_item/")) sent.push(request.postData() ?? "");
    });
    const updated = () => page.waitForResponse((r) => r.url().includes("/cart/items/update_cart_item/"));
    const quantity = page.getByTestId("line-quantity");
    const bagQuantity = async () => (await (await page.request.get("/cart/data/")).json()).lines[0].quantity;
    await expect(quantity).toHaveValue("1");

    // Two taps on + are one edit: one update, to 3.
    let answer = updated();
    await page.getByRole("button", { name: /^Øg antal/ }).click();
    await page.getByRole("button", { name: /^Øg antal/ }).click();
    await answer;
    await expect.poll(bagQuantity).toBe(3);

    // Backspace leaves the field empty (nothing is sent), then 2 is sent after the pause.
    await quantity.click();
    await quantity.press("End");
    await quantity.press("Backspace");
    await expect(quantity).toHaveValue("");
    answer = updated();
    await quantity.press("2");
    await answer;
    await expect(quantity).toHaveValue("2");
    await expect.poll(bagQuantity).toBe(2);

    // "10" typed over the field is one update when the field is left.
    await quantity.selectText();
    answer = updated();
    await quantity.pressSequentially("10");
    await quantity.press("Tab");
    await answer;
    await expect.poll(bagQuantity).toBe(10);
    await expect(quantity).toHaveValue("10");
    expect(sent).toEqual(["amount=3", "amount=2", "amount=10"]);
    await expectNoSeriousA11yViolations(page);
  });
}
