import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestApp, type TestApp, testVisitor } from "#server/testing.ts";
import { playerHtml } from "./masterclass.service.ts";

let t: TestApp;
let member: ReturnType<typeof testVisitor>;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoShop(t.database, { products: 40, seed: 3, dataDir: "" });
  member = testVisitor(t);
  const login = await member.json("/api/auth/login/", {
    email: "demo@pitchside.example",
    password: "pitchside-demo",
  });
  expect(login.statusCode).toBe(200);
});
afterAll(async () => t?.close());
const get = (url: string) => t.app.inject({ method: "GET", url });

const VIDEOS = "/api/content/masterclass/videos/?fields=*&locale=en";

describe("masterclass calls", () => {
  it("lists the skills in the asked language, and only those a position has videos for", async () => {
    const all = await get("/api/content/masterclass/skills/?fields=*&locale=da");
    expect(all.statusCode).toBe(200);
    const items = all.json().items as { id: number; display_value: string }[];
    expect(items.every((s) => s.display_value.length > 0)).toBe(true);
    expect(items.length).toBe(7);
    const english = (await get("/api/content/masterclass/skills/?fields=*&locale=en")).json().items;
    expect(english[0]).toEqual({ id: 1, display_value: "Dribbling" });
    // A language tag with a region reads as the shop's language.
    const danish = (await get("/api/content/masterclass/skills/?fields=*&locale=da-DK")).json().items;
    expect(danish).toEqual(items);
    const austrian = (await get("/api/content/masterclass/skills/?locale=de-at")).json().items;
    expect(austrian[0].display_value).toBe(
      (await get("/api/content/masterclass/skills/?locale=de")).json().items[0].display_value,
    );
    const forKeepers = (
      await get("/api/content/masterclass/skills/?fields=*&locale=en&player_position=1")
    ).json();
    expect(forKeepers.items.length).toBeGreaterThan(0);
    expect(forKeepers.items.length).toBeLessThanOrEqual(7);
    // A position with no videos has no skills.
    const none = await get("/api/content/masterclass/skills/?locale=en&player_position=2147483647");
    expect(none.json()).toEqual({ items: [] });
  });

  it("pages the members' videos 6 at a time, newest first, with the spec's fields", async () => {
    const first = await member.get(`${VIDEOS}&is_shorts=false&offset=0&limit=6`);
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("private, no-store");
    const body = first.json();
    expect(body.meta.total_count).toBe(24);
    expect(body.items).toHaveLength(6);
    const video = body.items[0];
    expect(video).toMatchObject({
      id: expect.any(Number),
      title: expect.any(String),
      thumbnail_image: { full_url: expect.stringMatching(/^\/media\/content\//), width: 1200, height: 800 },
      video: { html: expect.stringMatching(/^<iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\//) },
      is_new: true,
      last_published_at: expect.any(String),
    });
    const second = (await member.get(`${VIDEOS}&is_shorts=false&offset=6&limit=6`)).json();
    expect(second.items).toHaveLength(6);
    expect(second.items[0].id).not.toBe(video.id);
    const dates = [...body.items, ...second.items].map(
      (v: { last_published_at: string }) => v.last_published_at,
    );
    expect([...dates].sort().reverse()).toEqual(dates);
    const beyond = (await member.get(`${VIDEOS}&offset=600`)).json();
    expect(beyond).toMatchObject({ items: [], meta: { total_count: 24 } });
  });

  it("filters by positions and skills", async () => {
    const all = (await member.get(`${VIDEOS}&limit=24`)).json().items as { id: number }[];
    const one = (await member.get(`${VIDEOS}&limit=24&player_positions=1`)).json();
    const two = (await member.get(`${VIDEOS}&limit=24&player_positions=1,2`)).json();
    expect(one.meta.total_count).toBeGreaterThan(0);
    expect(one.meta.total_count).toBeLessThan(all.length);
    expect(two.meta.total_count).toBeGreaterThan(one.meta.total_count);
    const skill = (await member.get(`${VIDEOS}&limit=24&player_skills=1`)).json();
    const both = (await member.get(`${VIDEOS}&limit=24&player_positions=1&player_skills=1`)).json();
    expect(both.meta.total_count).toBeLessThanOrEqual(Math.min(one.meta.total_count, skill.meta.total_count));
    // Unknown ids match nothing.
    const unknown = (await member.get(`${VIDEOS}&player_positions=2147483647`)).json();
    expect(unknown.meta.total_count).toBe(0);
  });

  it("lists the shorts for everyone, and the long videos only for members", async () => {
    const shorts = await get(
      `/api/content/masterclass/videos/?fields=title,thumbnail_image,video,last_published_at&locale=de&is_shorts=true`,
    );
    expect(shorts.statusCode).toBe(200);
    expect(shorts.json().meta.total_count).toBe(12);
    expect(shorts.json().items[0].title).toMatch(/Sekunden/);
    const guest = (await get(`${VIDEOS}&is_shorts=false&offset=0&limit=6`)).json();
    expect(guest.meta.total_count).toBe(0);
  });

  it("reads one position; an unknown one is 404", async () => {
    const keeper = await get("/api/content/masterclass/positions/1");
    expect(keeper.statusCode).toBe(200);
    expect(keeper.json()).toEqual({ id: 1, display_value: "Målmand" });
    expect((await get("/api/content/masterclass/positions/1/")).statusCode).toBe(200);
    expect((await get("/api/content/masterclass/positions/999")).statusCode).toBe(404);
    expect((await get("/api/content/masterclass/positions/2147483647")).statusCode).toBe(404);
  });

  it("refuses bad input with field errors, never a 5xx", async () => {
    const bad: [string, string][] = [
      [`${VIDEOS}&offset=-1`, "offset"],
      [`${VIDEOS}&offset=10001`, "offset"],
      [`${VIDEOS}&offset=1e3`, "offset"],
      [`${VIDEOS}&offset=99999999999999999999`, "offset"],
      [`${VIDEOS}&limit=0`, "limit"],
      [`${VIDEOS}&limit=25`, "limit"],
      [`${VIDEOS}&limit=six`, "limit"],
      [`${VIDEOS}&is_shorts=maybe`, "is_shorts"],
      [`${VIDEOS}&player_positions=1,,2`, "player_positions"],
      [`${VIDEOS}&player_positions=2147483648`, "player_positions"],
      [`${VIDEOS}&player_positions=0`, "player_positions"],
      [`${VIDEOS}&player_skills=${encodeURIComponent("⚽")}`, "player_skills"],
      [`${VIDEOS}&player_skills=${Array.from({ length: 21 }, (_, i) => i + 1).join(",")}`, "player_skills"],
      ["/api/content/masterclass/videos/?locale=xx", "locale"],
      ["/api/content/masterclass/videos/?locale=zz-DK", "locale"],
      ["/api/content/masterclass/videos/?locale=da-DK-x", "locale"],
      [`/api/content/masterclass/videos/?locale=${encodeURIComponent("dä")}`, "locale"],
      [`/api/content/masterclass/videos/?fields=${encodeURIComponent("<script>")}`, "fields"],
      ["/api/content/masterclass/skills/?player_position=abc", "player_position"],
      ["/api/content/masterclass/skills/?player_position=99999999999", "player_position"],
      [`/api/content/masterclass/skills/?player_position=${encodeURIComponent("１")}`, "player_position"],
    ];
    for (const [url, field] of bad) {
      const response = await member.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(Object.keys(response.json().fields ?? {}), url).toContain(field);
    }
    for (const url of [
      "/api/content/masterclass/positions/0",
      "/api/content/masterclass/positions/-1",
      "/api/content/masterclass/positions/99999999999999",
      `/api/content/masterclass/positions/${encodeURIComponent("ü")}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });
});

describe("the player's HTML", () => {
  it("is one frame of the video host, whatever the id and title hold", () => {
    const html = playerHtml('x"><script>alert(1)</script>', '"><img src=x onerror=alert(1)>');
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toMatch(/^<iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\/x%22%3E%3Cscript/);
  });
});
