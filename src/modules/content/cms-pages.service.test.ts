import { describe, expect, it } from "vitest";
import type { CmsBlockOutput } from "./cms-pages.contract.ts";
import { normaliseBlock, previewGranted, readingTimeMinutes, sanitizeCmsHtml } from "./cms-pages.service.ts";
import type { CmsBlock } from "./content.schema.ts";

const shopHosts = (url: URL) => ["pitchside.example", "pitchside.de"].includes(url.hostname);
const normalise = (block: unknown) => normaliseBlock(block as CmsBlock, shopHosts);

describe("CMS blocks as the answer gives them", () => {
  it("skips empty blocks and ignores unknown types", () => {
    for (const block of [
      { type: "paragraph", value: "" },
      { type: "paragraph", value: "<p> </p><script>x</script>" },
      { type: "image", value: { src: "", alt: "" } },
      { type: "image", value: { src: "javascript:alert(1)", alt: "" } },
      { type: "image_gallery", value: [] },
      { type: "faq", value: [{ question: "", answer: "" }] },
      { type: "product_slider", value: { title: "x", product_ids_list: [] } },
      { type: "youtube_video", value: { video_id: "../../x", title: "" } },
      { type: "tiktok_video", value: { url: "https://evil.example/video/1" } },
      { type: "instagram_reel", value: { url: "http://www.instagram.com/reel/abc" } },
      { type: "call_to_action", value: { label: "Go", url: "javascript:alert(1)" } },
      { type: "call_to_action", value: { label: "", url: "/x/" } },
      { type: "carousel_3d", value: { anything: true } },
      { type: "paragraph", value: null },
      { value: "no type" },
    ])
      expect(normalise(block), JSON.stringify(block)).toBeNull();
  });

  it("opens addresses off the shop's hosts in a new tab, and keeps paths and the shop's hosts in place", () => {
    const cta = (url: string) =>
      normalise({ type: "call_to_action", value: { type: "link", label: "Go", url, alignment: "right" } });
    expect(cta("https://www.fifa.com/")?.value).toMatchObject({
      external: true,
      type: "link",
      alignment: "right",
    });
    expect(cta("//evil.example/x")?.value).toMatchObject({ external: true });
    expect(cta("/football-boots/")?.value).toMatchObject({ external: false });
    expect(cta("https://pitchside.de/sale/")?.value).toMatchObject({ external: false });
    expect(
      normalise({ type: "call_to_action", value: { label: "Go", url: "/x/", alignment: "diagonal" } })?.value,
    ).toMatchObject({
      alignment: "left",
      type: "button",
    });
  });

  it("sanitises paragraphs when read: no scripts, handlers or styles; outside links get noopener", () => {
    const html = sanitizeCmsHtml(
      `<p style="color:red" onclick="x()">Hi <a href="javascript:alert(1)">a</a> <a href="https://x.example">b</a></p><script>alert(1)</script><iframe src="x"></iframe>`,
    );
    expect(html).toBe(
      '<p>Hi <a>a</a> <a href="https://x.example" rel="noopener noreferrer" target="_blank">b</a></p>',
    );
  });

  it("takes the social ids from the addresses", () => {
    expect(
      normalise({ type: "tiktok_video", value: { url: "https://www.tiktok.com/@pitchside/video/7312" } })
        ?.value,
    ).toMatchObject({ video_id: "7312" });
    expect(
      normalise({ type: "instagram_reel", value: { url: "https://www.instagram.com/reel/C1xYz_9/" } })?.value,
    ).toMatchObject({ reel_id: "C1xYz_9" });
  });
});

describe("reading time", () => {
  const words = (n: number): CmsBlockOutput => ({ type: "paragraph", value: `<p>${"word ".repeat(n)}</p>` });
  it("counts 250 words a minute, rounded up, at least one", () => {
    expect(readingTimeMinutes([])).toBe(1);
    expect(readingTimeMinutes([words(250)])).toBe(1);
    expect(readingTimeMinutes([words(251)])).toBe(2);
    expect(
      readingTimeMinutes([
        words(200),
        { type: "faq", value: [{ question: "a b", answer: "c ".repeat(300) }] },
      ]),
    ).toBe(3);
  });
});

describe("preview", () => {
  it("needs the question and the configured operator token", () => {
    expect(previewGranted(true, "secret", { authorization: "Bearer secret" })).toBe(true);
    expect(previewGranted(true, "secret", { cookie: "secret" })).toBe(true);
    expect(previewGranted(false, "secret", { authorization: "Bearer secret" })).toBe(false);
    expect(previewGranted(true, "secret", { authorization: "Bearer secreT" })).toBe(false);
    expect(previewGranted(true, undefined, { authorization: "Bearer " })).toBe(false);
    expect(previewGranted(true, "secret", {})).toBe(false);
  });
});
