import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { extractText } from "unpdf";
import { Shopper } from "../support/shopper.ts";
import { addToBag, placeOrder, prepareCheckout, receiptOrderNumber } from "../support/shopping.ts";
import { gotoLive } from "./hydrated.ts";

const PASSWORD = "safe-and-long-1";

interface Size {
  size_id: number;
  stock_info: number;
  supplier: string;
  is_marketplace: boolean;
}

/**
 * A member who bought a shirt by card: signed up, logged in and paid over HTTP as the storefront's
 * pages do (tests/support/shopping.ts), so the journey starts with an order to ask an invoice for.
 */
async function memberWithOrder(base: string, email: string, forwardedFor: string) {
  const shopper = new Shopper(base, { forwardedFor });
  const signup = await shopper.json("/api/auth/signup/", {
    email,
    password: PASSWORD,
    name: "Nanna Nørgaard",
  });
  expect(signup.status, signup.text).toBe(201);
  const login = await shopper.json("/api/auth/login/", { email, password: PASSWORD });
  expect(login.status, login.text).toBe(200);
  const cards = (await shopper.get("/api/search/?q=*")).json<{
    products: { product_id: number; is_exclusive: boolean; attributes: { item_type: string } }[];
  }>().products;
  let pick: { product: number; size: number } | undefined;
  for (const card of cards) {
    if (card.is_exclusive || card.attributes.item_type === "package") continue;
    const sizes = (await shopper.get(`/api/availability/${card.product_id}/`)).json<Size[]>();
    const size = sizes.find((s) => s.stock_info >= 3 && !s.is_marketplace);
    if (size) {
      pick = { product: card.product_id, size: size.size_id };
      break;
    }
  }
  if (!pick) throw new Error("no size in stock to buy");
  await addToBag(shopper, pick);
  const { reviewedTotal } = await prepareCheckout(shopper, { market: "dk", email, payment: "test-card" });
  const receipt = await placeOrder(shopper, "test-card", reviewedTotal);
  return { shopper, order: await receiptOrderNumber(shopper, receipt) };
}

for (const width of [1280, 390]) {
  test.describe(`a member at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("downloads the invoice of their order as a PDF; a guest cannot open its address", async ({
      page,
      browser,
      baseURL,
    }) => {
      const base = baseURL ?? "";
      const forwardedFor = `10.61.0.${width === 390 ? 2 : 1}`;
      await page.setExtraHTTPHeaders({ "x-forwarded-for": forwardedFor });
      const email = `invoice-${width}-${Date.now()}@example.com`;
      const { shopper, order } = await memberWithOrder(base, email, forwardedFor);

      // The browser carries the member's session, as after logging in on this device.
      await page.context().addCookies(
        ["sessionid", "csrftoken"].map((name) => ({
          name,
          value: shopper.cookies.get(name) ?? "",
          url: base,
        })),
      );
      await gotoLive(page, "/account/home/");
      await expect(page).toHaveURL(/\/account\/home\/$/);

      // The order page's call, made from the page: where the invoice is.
      const answer = await page.evaluate(async (number) => {
        const response = await fetch(`/checkout/invoice_download/${number}/`, {
          headers: { accept: "application/json" },
        });
        return {
          status: response.status,
          body: (await response.json()) as { success: boolean; invoice: string },
        };
      }, order);
      expect(answer.status).toBe(200);
      expect(answer.body.success).toBe(true);
      expect(new URL(answer.body.invoice).pathname).toBe(`/checkout/invoice/${order}.pdf`);

      // Following the address downloads the PDF.
      const download = page.waitForEvent("download");
      await page.evaluate((url) => {
        const link = document.createElement("a");
        link.href = url;
        document.body.append(link);
        link.click();
        link.remove();
      }, answer.body.invoice);
      const file = await download;
      expect(file.suggestedFilename()).toBe(`invoice-${order}.pdf`);
      const bytes = fs.readFileSync((await file.path()) ?? "");
      expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
      const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
      const words = text.replace(/\s+/g, " ");
      expect(words).toContain(`Fakturanummer ${order}`);
      expect(words).toContain("Mette Jensen");
      expect(words).toContain(email);
      expect(words).toMatch(/MOMSSPECIFIKATION Sats Ekskl\. moms Moms Inkl\. moms Moms 25 %/);
      expect(words).toContain("Total inkl. moms");

      // Without the member's session the same address gives nothing away.
      const guest = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": forwardedFor } });
      const stranger = await guest.request.get(answer.body.invoice);
      expect(stranger.status()).toBe(401);
      expect(stranger.headers()["content-type"]).toMatch(/application\/json/);
      await guest.close();
    });
  });
}
