// Pay later through Klarna Payments' widget (decision 0056): a shop of its own, configured with the
// local Klarna fake (its API and its stand-in for Klarna's widget library, tests/support/klarna-fake.ts),
// started as production runs it. The journeys' usual shop has no Klarna (checkout.spec.ts checks it
// loads nothing of Klarna's).
import fs from "node:fs";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import { type KlarnaFake, startKlarnaFake } from "../support/klarna-fake.ts";
import { freePort, startShop } from "../support/shop-process.ts";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { fillBag, toPayment } from "./checkout-journey.ts";
import { layoutProblems } from "./layout-guard.ts";

const root = path.resolve(import.meta.dirname, "..", "..");

const test = base.extend<object, { klarnaShop: { url: string; fake: KlarnaFake } }>({
  klarnaShop: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    async ({}, use) => {
      const fake = await startKlarnaFake();
      const dataDir = path.join(root, "test-results", "e2e-klarna-data");
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.mkdirSync(dataDir, { recursive: true });
      // A port the system hands out, as the fake's: the journeys' own port stays the usual shop's.
      const port = await freePort();
      const shop = await startShop({
        port,
        timeoutMs: 150_000,
        env: {
          DATA_DIR: dataDir,
          PUBLIC_URL: `http://localhost:${port}`,
          SEED_PRODUCTS: "60",
          CONSENT_REQUIRED: "true",
          MAP_TILE_URL:
            "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN4+vw1AAVsArjSAflTAAAAAElFTkSuQmCC",
          KLARNA_USERNAME: fake.username,
          KLARNA_PASSWORD: fake.password,
          KLARNA_API_URL: fake.url,
          KLARNA_SCRIPT_URL: fake.scriptUrl,
        },
      });
      await use({ url: `http://localhost:${port}`, fake });
      await shop.stop();
      await fake.close();
    },
    { scope: "worker", timeout: 180_000 },
  ],
});
test.use({ baseURL: async ({ klarnaShop }, use) => use(klarnaShop.url) });

/** A text of the shopper's language, as the page's catalogue has it. */
async function text(page: Page, id: string) {
  const lang = await page.evaluate(() => document.documentElement.lang);
  const folder = [lang, lang.split("-")[0] ?? ""].find((name) =>
    fs.existsSync(path.join(root, "src", "web", "i18n", "messages", name)),
  );
  const messages = path.join(root, "src", "web", "i18n", "messages", folder ?? "en");
  for (const file of fs.readdirSync(messages)) {
    const catalogue = JSON.parse(fs.readFileSync(path.join(messages, file), "utf8")) as Record<
      string,
      string
    >;
    if (catalogue[id]) return catalogue[id];
  }
  throw new Error(`${id} is in no ${folder} catalogue`);
}

test("with Klarna configured, pay later goes through Klarna's widget and the order is placed", async ({
  page,
  klarnaShop,
}, testInfo) => {
  const { fake } = klarnaShop;
  const scripts: string[] = [];
  const refused: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });

  await fillBag(page, [{ marketplace: false }]);
  await toPayment(page, "klarna-guest@example.com");
  // Klarna's library comes only with the choice of pay later.
  expect(scripts.filter((url) => url.includes("/kp/lib/"))).toEqual([]);
  await page.getByTestId("payment-test-bnpl").check();
  const frame = page.getByTestId("klarna-widget").locator("iframe[title='Klarna']");
  await expect(frame).toBeVisible();
  await expect(frame.contentFrame().getByText("Pay in 30 days")).toBeVisible();
  expect(scripts).toContain(fake.scriptUrl);
  expect(fake.scriptLoads()).toBe(1);
  const session = fake.calls.find((call) => call.path === "/payments/v1/sessions");
  expect(session?.status).toBe(200);

  // The step as a phone and a desktop show it, the widget in view (Klarna's frame is drawn in its own
  // process: a full-page picture would leave it blank).
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    if (width === 390) expect(await layoutProblems(page)).toEqual([]);
    await page.getByTestId("pay-button").scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`klarna-payment-${width}.png`) });
  }
  await page.getByTestId("klarna-widget").screenshot({ path: testInfo.outputPath("klarna-widget.png") });
  await expectNoSeriousA11yViolations(page);

  // The shopper closes Klarna's window: not approved, Klarna's form stays, they can try again.
  await page.getByTestId("policy").check();
  fake.answerNextAuthorisation({ approved: false, show_form: true });
  await page.getByTestId("pay-button").click();
  const alert = page.getByTestId("payment-messages").getByRole("alert");
  await expect(alert).toHaveText(await text(page, "payment.klarna.notCompleted"));
  // Klarna approves, but will not create the order (402 from the shop): nothing is placed.
  fake.refuseNextOrder(400);
  await page.getByTestId("pay-button").click();
  await expect(alert).toHaveText(await text(page, "payment.bnpl.error.notApproved"));
  await expect(page).toHaveURL(/\/checkout\/payment$/);

  await page.getByTestId("pay-button").click();
  await expect(page).toHaveURL(/\/checkout\/receipt\/\?token=/);
  await expect(page.getByTestId("order-number")).toContainText(/ST\d+/);

  // Klarna holds one order, for the shop's own total in minor units; the widget had the shopper's address.
  const token = new URL(page.url()).searchParams.get("token");
  const receipt = await (await page.request.get(`/checkout/receipt_data/?token=${token}`)).json();
  const created = fake.calls.filter(
    (call) => /^\/payments\/v1\/authorizations\/[^/]+\/order$/.test(call.path) && call.status === 200,
  );
  expect(created).toHaveLength(1);
  expect(created[0]?.body?.order_amount).toBe(Math.round(receipt.totals.amount_due * 100));
  expect(created[0]?.body?.purchase_currency).toBe("DKK");
  expect(fake.orders.size).toBe(1);
  const approved = fake.widgetAuthorisations.filter((authorisation) => authorisation.token);
  expect(approved).toHaveLength(2);
  expect(approved.at(-1)?.data.billing_address).toMatchObject({
    given_name: "Mette",
    family_name: "Jensen",
    postal_code: "2100",
    country: "DK",
    email: "klarna-guest@example.com",
  });
  expect(refused).toEqual([]);
});
