import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#server/testing.ts";
import { cmsPages, contentItems } from "./content.schema.ts";
import { listTeasers, listVideoCards, pageBlocks } from "./content.service.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  const paragraph = (value: string) => ({ type: "paragraph" as const, value });
  await t.database.db.insert(cmsPages).values([
    {
      slug: "notices",
      title: { en: "Notices", de: "Hinweise" },
      blocks: { en: [paragraph("en")], de: [paragraph("de")], "de-AT": [paragraph("de-AT")] },
    },
    { slug: "danish-only", title: { da: "Kun dansk" }, blocks: { da: [paragraph("da")] } },
    { slug: "draft", title: { en: "Draft" }, blocks: { en: [paragraph("draft")] }, publishedAt: null },
  ]);
  const published = new Date("2026-01-01T00:00:00Z");
  await t.database.db.insert(contentItems).values([
    { kind: "hero", slug: "later", title: { en: "Later" }, sort: 2, publishedAt: published },
    {
      kind: "hero",
      slug: "first",
      title: { en: "First", da: "Første" },
      lead: { en: "Lead" },
      sort: 1,
      publishedAt: published,
      data: { url: "/football-boots/", image: { src: "/media/first.jpg", width: 10, height: 5 } },
    },
    {
      kind: "link_card",
      slug: "card",
      title: { en: "Card" },
      publishedAt: published,
      data: { trumpet: { en: "Offers", da: "Tilbud" }, title_color: "#fde047" },
    },
    {
      kind: "link_card",
      slug: "odd-colour",
      title: { en: "Odd" },
      sort: 1,
      publishedAt: published,
      data: { title_color: "red;background:url(x)" },
    },
    {
      kind: "video_card",
      slug: "film",
      title: { en: "Film", da: "Film på dansk" },
      publishedAt: published,
      data: { video: { provider: "youtube", id: "abc" } },
    },
    { kind: "video_card", slug: "no-film", title: { en: "No film" }, publishedAt: published, data: {} },
  ]);
});
afterAll(async () => t?.drop());

describe("page blocks", () => {
  it("leaves out a draft page", async () => {
    expect(await pageBlocks(t.database.db, "draft", "en")).toBeNull();
  });

  it("takes the locale's blocks, else its base language's, else English's", async () => {
    const text = async (locale: "de-AT" | "de" | "da" | "fr") =>
      (await pageBlocks(t.database.db, "notices", locale))?.blocks.map((block) => block.value);
    expect(await text("de-AT")).toEqual(["de-AT"]);
    expect(await text("de")).toEqual(["de"]);
    expect(await text("fr")).toEqual(["en"]);
    expect((await pageBlocks(t.database.db, "notices", "de-AT"))?.title).toBe("Hinweise");
  });

  it("shows no other language's blocks, and null for an unknown page", async () => {
    expect((await pageBlocks(t.database.db, "danish-only", "en"))?.blocks).toEqual([]);
    expect(await pageBlocks(t.database.db, "no-such-page", "en")).toBeNull();
  });
});

describe("teasers", () => {
  it("lists a kind in its set order, translated, with a home link and a drawing when they have none", async () => {
    const heroes = await listTeasers(t.database.db, "hero", "da", 3);
    expect(heroes).toEqual([
      {
        slug: "first",
        title: "Første",
        lead: "Lead",
        url: "/football-boots/",
        image: { src: "/media/first.jpg", width: 10, height: 5 },
        trumpet: "",
        titleColor: null,
      },
      {
        slug: "later",
        title: "Later",
        lead: "",
        url: "/",
        image: { src: "/media/content/later.svg", width: 1200, height: 800 },
        trumpet: "",
        titleColor: null,
      },
    ]);
    expect(await listTeasers(t.database.db, "hero", "en", 1)).toHaveLength(1);
    expect((await listTeasers(t.database.db, "link_card", "en", 6)).map((card) => card.slug)).toEqual([
      "card",
      "odd-colour",
    ]);
  });

  it("gives a link card its kicker in the shopper's language and only a hex title colour", async () => {
    const [card, odd] = await listTeasers(t.database.db, "link_card", "da", 6);
    expect(card).toMatchObject({ trumpet: "Tilbud", titleColor: "#fde047" });
    expect(odd).toMatchObject({ trumpet: "", titleColor: null });
  });
});

describe("video cards", () => {
  it("lists the shop-wide videos translated, leaving out one without a film", async () => {
    expect(await listVideoCards(t.database.db, "da", 8)).toEqual([
      {
        slug: "film",
        title: "Film på dansk",
        image: { src: "/media/content/film.svg", width: 720, height: 405 },
        video: { provider: "youtube", id: "abc" },
      },
    ]);
  });
});
