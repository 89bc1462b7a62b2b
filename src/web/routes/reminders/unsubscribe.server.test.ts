import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  issueReminderUnsubscribe,
  UNSUBSCRIBES_PER_MINUTE,
  withdrawReminderConsent,
} from "#modules/cart/reminder-unsubscribe.ts";
import type { ShopRequestContext } from "#server/request-context.ts";
import { createTestApp, pageContext, type TestApp } from "#server/testing.ts";
import { loadUnsubscribePage } from "./unsubscribe.server.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: "https://shop.example" });
});
afterAll(async () => t?.close());

/** The context of the page served in Germany to a visitor at `clientIp`. */
function germanPage(clientIp: string): ShopRequestContext {
  return pageContext(t, { market: "de", publicUrl: "https://pitchside.de", clientIp });
}

const open = (token: string, clientIp = "192.0.2.10") =>
  loadUnsubscribePage(
    germanPage(clientIp),
    new URL(`https://pitchside.de/reminders/unsubscribe/?token=${encodeURIComponent(token)}`),
  );

describe("the unsubscribe page's loader", () => {
  it("shows a good link in the shop's language, changing nothing; a used one says so", async () => {
    const token = await issueReminderUnsubscribe(
      t.database.db,
      { email: "kunde@example.de", userId: null },
      new Date(),
    );
    const page = await open(token);
    expect(page).toEqual({
      status: 200,
      data: {
        title: "Keine Erinnerungen mehr",
        link: { state: "pending", email: "k•••@example.de", member: false },
      },
    });
    // Opening it (as a mail scanner does) withdrew nothing.
    expect((await open(token)).data.link.state).toBe("pending");
    await withdrawReminderConsent(t.database.db, token, "page", new Date());
    expect((await open(token)).data.link).toEqual({
      state: "withdrawn",
      email: "k•••@example.de",
      member: false,
    });
  });

  it("answers an unknown, garbled or huge token with 404 and an expired one with 410, never 5xx", async () => {
    for (const token of ["", "A".repeat(43), "øæå🙂".repeat(11), "A".repeat(5000), "<script>"]) {
      const page = await open(token);
      expect({ token: token.slice(0, 20), status: page.status, state: page.data.link.state }).toEqual({
        token: token.slice(0, 20),
        status: 404,
        state: "unknown",
      });
    }
    const old = await issueReminderUnsubscribe(
      t.database.db,
      { email: "old@example.de", userId: null },
      new Date(Date.now() - 400 * 86_400_000),
    );
    expect(await open(old)).toMatchObject({ status: 410, data: { link: { state: "expired" } } });
  });

  it("answers 429 to an address trying too often", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= UNSUBSCRIBES_PER_MINUTE; i++)
      statuses.push((await open("B".repeat(43), "192.0.2.99")).status);
    expect(statuses.at(-1)).toBe(429);
    expect((await open("B".repeat(43), "192.0.2.99")).data.link).toEqual({ state: "busy" });
    expect((await open("B".repeat(43), "192.0.2.100")).status).toBe(404);
  });
});
