import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";

interface Card {
  product_id: number;
  relative_url: string;
  is_exclusive: boolean;
  attributes: { item_type: string };
}
interface Size {
  size_id: number;
  stock_info: number;
  supplier: string;
}

test("the bag groups lines by supplier, follows quantity changes in its totals, and removes lines", async ({
  page,
}) => {
  // Two products: one shipped by the shop, one by a partner.
  const cards = (await (await page.request.get("/api/search/?q=*")).json()).products as Card[];
  const picks: { product: number; size: number; supplier: string }[] = [];
  for (const card of cards) {
    if (card.is_exclusive || card.attributes.item_type === "package") continue;
    const sizes = (await (await page.request.get(`/api/availability/${card.product_id}/`)).json()) as Size[];
    const size = sizes.find((s) => s.stock_info >= 3 && !picks.some((p) => p.supplier === s.supplier));
    if (size) picks.push({ product: card.product_id, size: size.size_id, supplier: size.supplier });
    if (picks.length === 2) break;
  }
  expect(picks).toHaveLength(2);
  await page.goto("/");
  for (const pick of picks) {
    const csrf = (await page.context().cookies()).find((c) => c.name === "csrftoken")?.value ?? "";
    const added = await page.request.post("/cart/items/add_to_cart/", {
      form: { product: String(pick.product), size: String(pick.size), price: "0" },
      headers: { "x-csrftoken": csrf, "x-requested-with": "XMLHttpRequest" },
    });
    expect(added.status()).toBe(200);
  }

  await page.goto("/cart/");
  await expect(page.getByTestId("supplier-group")).toHaveCount(2);
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
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

  await firstLine.getByRole("button", { name: /.+/ }).last().click();
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
});

test("an empty bag says so", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/cart/");
  await expect(page.getByTestId("cart-line")).toHaveCount(0);
  await expect(page.locator("main a[href='/search/?q=*']")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await context.close();
});
