import sanitizeHtml from "sanitize-html";
import { describe, expect, it } from "vitest";
import { pdfText } from "../../../tests/support/pdf-text.ts";
import { policyPdf } from "./policies.service.ts";

describe("policyPdf", () => {
  it("prints the terms' text as a reader wrote it: Polish and Czech letters, ampersands, quotes and brackets", async () => {
    const html = sanitizeHtml(
      '<h2>Regulamin – Łódź</h2><p>Zwroty &amp; wymiany: "100 dni" &lt; 4 miesiące &gt; 3</p><ul><li>Záruka: 2 roky</li></ul>',
    );
    const pdf = await policyPdf({ title: "Warunki sprzedaży – Pitchside", html });
    expect(await pdfText(pdf)).toBe(
      'Warunki sprzedaży – Pitchside Regulamin – Łódź Zwroty & wymiany: "100 dni" < 4 miesiące > 3 • Záruka: 2 roky',
    );
  });
});
