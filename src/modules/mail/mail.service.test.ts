import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createMailer } from "./mail.service.ts";

const mail = { to: "mette@example.com", subject: "Din ordre", text: "Tak", html: "<p>Tak</p>" };

describe("the mail files", () => {
  it("write one file per delivery: sending the same delivery again (a retried job) replaces it", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pitchside-mail-"));
    const mailer = createMailer({ mailFrom: "Pitchside <shop@pitchside.example>", dataDir });
    const delivery = { key: "0b6f7e1a-5c1e-4a57-9f3c-6a1d2f0c9b11", queuedAt: "2026-11-23T10:00:00.000Z" };
    await mailer.send(mail, delivery);
    await mailer.send(mail, delivery);
    await mailer.send(mail, { ...delivery, key: "another-delivery" });
    const files = fs.readdirSync(path.join(dataDir, "mail")).sort();
    expect(files).toEqual([
      "2026-11-23T10-00-00-000Z-0b6f7e1a-5c1e-4a57-9f3c-6a1d2f0c9b11.eml",
      "2026-11-23T10-00-00-000Z-another-delivery.eml",
    ]);
    const text = fs.readFileSync(path.join(dataDir, "mail", files[0] as string), "utf8");
    expect(text).toContain("Message-ID: <0b6f7e1a-5c1e-4a57-9f3c-6a1d2f0c9b11@pitchside.example>");
    expect(text).toContain("To: mette@example.com");
  });
});
