import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { decodeQuotedPrintable, mailFiles } from "../support/mail-files.ts";
import { Shopper } from "../support/shopper.ts";
import { addToBag, placeOrder, prepareCheckout, receiptOrderNumber } from "../support/shopping.ts";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { buyableSize } from "./catalogue.ts";
import { gotoLive } from "./hydrated.ts";

const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 3210}`;
const mailDir = path.join(process.env.E2E_DATA_DIR ?? path.join("test-results", "e2e-data"), "mail");
/** scripts/e2e-server.mjs gives the operator API this token. */
const OPERATOR = { authorization: "Bearer e2e-operator" };

/** The mails to an address that contain a text, once the shop's worker has written them. */
async function mailWith(email: string, text: string): Promise<string[]> {
  const found = () =>
    mailFiles(mailDir)
      .map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(mailDir, file), "utf8")))
      .filter((mail) => mail.includes(`To: ${email}`) && mail.includes(text));
  await expect.poll(() => found().length, { timeout: 15_000 }).toBeGreaterThan(0);
  return found();
}

/** A size of the shop's own warehouse, in stock, of a plain product. */
const warehouseSize = (request: APIRequestContext) =>
  buyableSize(request, (s) => s.supplier === "Warehouse" && s.stock_info >= 2);

/** A fresh member who has bought one Warehouse item (by the test card), logged in in the browser too. */
async function memberWithOrder(page: Page, n: number) {
  const email = `lifecycle-${n}-${Date.now()}@example.com`;
  const shopper = new Shopper(ORIGIN, { forwardedFor: `10.77.${n}.${Date.now() % 200}` });
  expect(
    (await shopper.json("/api/auth/signup/", { email, password: "safe-and-long-1", name: "Mette" })).status,
  ).toBe(201);
  expect((await shopper.json("/api/auth/login/", { email, password: "safe-and-long-1" })).status).toBe(200);
  const pick = await warehouseSize(page.request);
  await addToBag(shopper, pick);
  const { reviewedTotal } = await prepareCheckout(shopper, { market: "dk", email, payment: "test-card" });
  const orderNumber = await receiptOrderNumber(
    shopper,
    await placeOrder(shopper, "test-card", reviewedTotal),
  );
  await page
    .context()
    .addCookies([...shopper.cookies].map(([name, value]) => ({ name, value, url: ORIGIN })));
  return { email, orderNumber, product: pick.name };
}

const operatorCall = (request: APIRequestContext, url: string, data: unknown = {}) =>
  request.post(url, { data, headers: OPERATOR });

test("a guest asking for the returns page is sent to log in and back", async ({ page }) => {
  await page.goto("/account/orders/returns/new/?id=ST1");
  await expect(page).toHaveURL(/\/account\/login\/\?next=%2Faccount%2Forders%2Freturns%2Fnew%2F%3Fid%3DST1/);
});

for (const [n, width] of [
  [1, 1280],
  [2, 390],
] as const) {
  test(`an order is shipped with a tracking link, delivered, and partly returned with a slip (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.78.${n}.${Date.now() % 200}` });
    await page.goto("/");
    const { email, orderNumber, product } = await memberWithOrder(page, n);

    // The warehouse ships the package: the order shows the carrier's tracking link, and so does the mail.
    const base = `/api/operator/orders/${orderNumber}/shipments/Warehouse`;
    expect((await operatorCall(page.request, `${base}/pack/`)).status()).toBe(200);
    const shipped = await operatorCall(page.request, `${base}/ship/`, {
      carrier: "gls",
      tracking_number: `GLS${n}0042`,
    });
    expect(shipped.status()).toBe(200);
    const link = `https://gls-group.com/track/GLS${n}0042`;
    expect((await shipped.json()).shipment.track_and_trace).toBe(link);
    const again = await operatorCall(page.request, `${base}/ship/`, {
      carrier: "gls",
      tracking_number: `GLS${n}0042`,
    });
    expect((await again.json()).changed).toBe(false);
    const [shippedMail] = await mailWith(email, link);
    expect(shippedMail).toContain(product);
    expect(shippedMail).toContain(`${ORIGIN}/account/orders/details/?id=${orderNumber}`);
    const order = await (await page.request.get(`/v1.1/orders/${orderNumber}/`)).json();
    expect(order.suppliers[0]).toMatchObject({ status: "shipped", track_and_trace: link });
    // The member's order page says the package has left and links to the carrier's tracking page.
    await gotoLive(page, `/account/orders/details/?id=${orderNumber}`);
    await expect(page.getByText("Afsendt").first()).toBeVisible();
    await expect(page.getByRole("link", { name: /Følg din pakke/ })).toHaveAttribute("href", link);

    // Before delivery the returns page says that nothing can go back yet.
    await gotoLive(page, `/account/orders/returns/new/?id=${orderNumber}`);
    await expect(page.getByRole("heading", { level: 1, name: "Returner varer" })).toBeVisible();
    await expect(page.getByText("Intet fra denne ordre kan returneres endnu")).toBeVisible();

    const delivered = await operatorCall(page.request, `${base}/deliver/`);
    expect(await delivered.json()).toMatchObject({ order_status: "completed", changed: true });

    // The member picks the item, a quantity and a reason.
    await gotoLive(page, `/account/orders/returns/new/?id=${orderNumber}`);
    await expect(page.getByText(`Ordre ${orderNumber}`)).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: product })).toBeVisible();
    await page.getByRole("button", { name: "Anmod om returnering" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Vælg mindst én vare at returnere." }),
    ).toBeVisible();
    await page.getByLabel(/^Antal/).selectOption("1");
    await page.getByRole("button", { name: "Anmod om returnering" }).click();
    await expect(page.getByText("Vælg en årsag.")).toBeVisible();
    await page.getByLabel("Årsag").selectOption({ label: "For lille" });
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Anmod om returnering" }).click();

    const confirmation = page.getByRole("status").filter({ hasText: "Din returnering er registreret" });
    await expect(confirmation).toBeVisible();
    const returnNumber = (await confirmation.locator("strong").textContent())?.trim() ?? "";
    expect(returnNumber).toMatch(/^R\d+$/);
    const slipLink = page.getByRole("link", { name: "Hent returlabelen" });
    await expect(slipLink).toBeVisible();
    const slip = await page.request.get((await slipLink.getAttribute("href")) ?? "");
    expect(slip.headers()["content-type"]).toBe("application/pdf");
    expect((await slip.body()).subarray(0, 5).toString()).toBe("%PDF-");
    await expectNoSeriousA11yViolations(page);

    // The slip arrives by mail, as a PDF attachment and a link.
    // By its attachment's name: a short return number ("R1") can also occur inside another mail's token.
    const [slipMail] = await mailWith(email, `filename=return-slip-${returnNumber}.pdf`);
    expect(slipMail).toContain(`filename=return-slip-${returnNumber}.pdf`);
    expect(slipMail).toContain("Content-Type: application/pdf");

    // The warehouse receives the parcel: the refund is recorded once.
    const receivedUrl = `/api/operator/returns/${returnNumber}/received/`;
    const received = await operatorCall(page.request, receivedUrl, { refund_amount: 100 });
    expect(await received.json()).toMatchObject({ status: "received", changed: true, refund_amount: 100 });
    expect(
      (await (await operatorCall(page.request, receivedUrl, { refund_amount: 100 })).json()).changed,
    ).toBe(false);

    await gotoLive(page, `/account/orders/returns/new/?id=${orderNumber}`);
    await expect(page.getByRole("heading", { level: 2, name: "Dine returneringer" })).toBeVisible();
    await expect(page.getByText(`${returnNumber} · Modtaget`)).toBeVisible();
    await expect(page.getByText("Refunderet: 100,00 kr.")).toBeVisible();
    const returns = (await (await page.request.get(`/v1.1/orders/${orderNumber}/`)).json()).returns;
    expect(returns).toMatchObject([{ return_number: returnNumber, status: "received", refund_amount: 100 }]);
  });
}
