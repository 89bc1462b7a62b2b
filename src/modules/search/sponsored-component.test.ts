import { describe, expect, it } from "vitest";
import { sponsoredComponent } from "./listing.service.ts";

describe("the sponsored component as the storefront gets it", () => {
  it("keeps the block's colours, icon, background picture, label and promo pictures in the spec's shape", () => {
    const block = sponsoredComponent(
      7,
      "Strikon Vortex",
      {
        title_color: "#FFEE00",
        background_color: "#112233",
        icon_image: "/media/brands/strikon.svg",
        background_image: "/media/content/vortex.svg",
        show_sponsored_label: true,
        promo_tiles: [
          { position: 3, image: { src: "/media/content/tile.svg", width: 400, height: 600, alt: "" } },
        ],
      },
      [],
    );
    expect(block).toEqual({
      id: 7,
      title: "Strikon Vortex",
      title_color: "#FFEE00",
      background_color: "#112233",
      icon_image: "/media/brands/strikon.svg",
      background_image: "/media/content/vortex.svg",
      show_sponsored_label: true,
      products: [],
      images: [
        {
          position: 3,
          url: null,
          image: { src: "/media/content/tile.svg", alt: "", width: 400, height: 600 },
        },
      ],
    });
  });

  it("leaves out what could break out of a style attribute or a link, and falls back to readable colours", () => {
    const block = sponsoredComponent(
      1,
      "x",
      {
        title_color: "red; background: url(javascript:alert(1))",
        background_color: "expression(alert(1))",
        icon_image: "javascript:alert(1)",
        background_image: '/media/x.svg") ; color: red; ("',
        show_sponsored_label: false,
        images: [
          { position: 0, image: { src: "/media/a.svg" } },
          { position: 2, url: "//evil.example/", image: { src: "/media/b.svg" } },
          { position: 4, image: { src: "http://insecure.example/c.png" } },
          "nonsense",
        ],
      },
      [],
    );
    expect(block.title_color).toBe("#ffffff");
    expect(block.background_color).toBe("#111827");
    expect(block.icon_image).toBeNull();
    expect(block.background_image).toBeNull();
    expect(block.show_sponsored_label).toBe(false);
    expect(block.images).toEqual([
      { position: 2, url: null, image: { src: "/media/b.svg", alt: "", width: 400, height: 600 } },
    ]);
  });
});
