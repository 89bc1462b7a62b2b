import { describe, expect, it } from "vitest";
import { nextOnPageProtocol } from "./article-list.tsx";

describe("article load-more", () => {
  it("follows the next link on the page's protocol", () => {
    expect(nextOnPageProtocol("http://shop.example/api/category/guides/?slug=balls&page=2", "https:")).toBe(
      "https://shop.example/api/category/guides/?slug=balls&page=2",
    );
    expect(nextOnPageProtocol("https://shop.example/x?page=3", "http:")).toBe("http://shop.example/x?page=3");
  });

  it("has nothing to load without a next link", () => {
    expect(nextOnPageProtocol(null, "https:")).toBeNull();
    expect(nextOnPageProtocol("not a url", "https:")).toBeNull();
  });
});
