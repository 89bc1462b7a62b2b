import { describe, expect, it } from "vitest";
import { PageTexts } from "./page-texts.ts";

describe("a document's texts beside its data", () => {
  const long = (label: string) => `[${JSON.stringify(label)},${"0,".repeat(PageTexts.SMALLEST)}0]`;

  it("takes each long text once, under an id no other page's text has", () => {
    const page = new PageTexts();
    const other = new PageTexts();
    const cards = long("cards");
    const id = page.take(cards, "cards");
    expect(id).toMatch(/^page-text-[0-9a-z]+$/);
    // The same text twice in a page (the header's categories, say) is one element.
    expect(page.take(cards, "cards")).toBe(id);
    const filters = page.take(long("filters"), "filters");
    expect(filters).not.toBe(id);
    const elsewhere = other.take(cards, "cards");
    expect(elsewhere).not.toBe(id);
    expect(page.close()).toEqual([
      { id, text: cards },
      { id: filters, text: long("filters") },
    ]);
    // The values behind the ids are kept until each page's answer is done.
    expect(PageTexts.found(id as string)).toEqual({ value: "cards" });
    page.release();
    expect(PageTexts.found(id as string)).toBeUndefined();
    expect(PageTexts.found(elsewhere as string)).toEqual({ value: "cards" });
    other.release();
    expect(PageTexts.kept).toBe(0);
  });

  it("leaves short texts in the data, and every text once the page has written its texts", () => {
    const page = new PageTexts();
    expect(page.take("[]", [])).toBeNull();
    expect(page.take("x".repeat(PageTexts.SMALLEST - 1), "x")).toBeNull();
    expect(page.close()).toEqual([]);
    expect(page.take(long("late"), "late")).toBeNull();
    expect(page.close()).toEqual([]);
  });
});
