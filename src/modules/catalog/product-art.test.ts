import { describe, expect, it } from "vitest";
import { brandLogoName, drawBrandLogo } from "./product-art.ts";

describe("a brand's logo", () => {
  it("keeps a short name on one line at full size", () => {
    expect(brandLogoName("Torro")).toEqual({ lines: ["TORRO"], size: 26 });
  });

  it("breaks a long name of several words in two and shrinks it to fit beside the initials", () => {
    for (const name of ["Kaizen Sport", "Apex Athletica", "Lumen FC", "Borussia Heide Sport Club"]) {
      const { lines, size } = brandLogoName(name);
      const longest = Math.max(...lines.map((line) => line.length));
      // 132 px of room beside the disc, at most 0.78 of the font size per capital.
      expect(longest * size * 0.78, name).toBeLessThanOrEqual(132);
      expect(lines.join(" ")).toBe(name.toUpperCase());
    }
    expect(brandLogoName("Kaizen Sport").lines).toEqual(["KAIZEN", "SPORT"]);
  });

  it("draws each line of the name", () => {
    const svg = drawBrandLogo("Kaizen Sport", "#b91c1c", "#ffffff");
    expect(svg).toContain(">KAIZEN</text>");
    expect(svg).toContain(">SPORT</text>");
    expect(svg).toContain(">KS</text>");
  });
});
