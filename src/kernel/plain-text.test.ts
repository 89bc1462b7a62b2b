import { describe, expect, it } from "vitest";
import { textWithoutMarkup } from "./plain-text.ts";

describe("textWithoutMarkup", () => {
  it("takes the markup out, a script with its content, and gives back the characters entities stood for", () => {
    expect(
      textWithoutMarkup(`<p>Støvler &amp; sko: "Łódź" &lt; 4 &gt; 3 — Kylian's</p><script>alert(1)</script>`),
    ).toBe(`Støvler & sko: "Łódź" < 4 > 3 — Kylian's`);
    expect(textWithoutMarkup("Tom &amp;lt; is text")).toBe("Tom &lt; is text");
  });
});
