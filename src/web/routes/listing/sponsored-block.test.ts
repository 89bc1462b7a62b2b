import { describe, expect, it } from "vitest";
import { sponsoredSlides } from "./sponsored-block.tsx";

const card = (id: number) =>
  ({ product_id: id, relative_url: `/p/boot-${id}/` }) as Parameters<
    typeof sponsoredSlides
  >[0]["products"][number];
const tile = (position: number) => ({
  position,
  url: null,
  image: { src: `/media/t${position}.svg`, alt: "", width: 400, height: 600 },
});

describe("the sponsored block's row", () => {
  it("places promo pictures at their 1-based positions and tags product links with the block's title", () => {
    const slides = sponsoredSlides({
      title: "Vortex & co",
      products: [card(1), card(2), card(3)],
      images: [tile(2)],
    });
    expect(slides.map((s) => (s.kind === "product" ? s.card.product_id : `tile${s.tile.position}`))).toEqual([
      1,
      "tile2",
      2,
      3,
    ]);
    expect(slides[0]?.kind === "product" && slides[0].card.relative_url).toBe(
      "/p/boot-1/?sponsored_component=Vortex%20%26%20co",
    );
  });

  it("puts a picture placed past the end last, and several in order", () => {
    const slides = sponsoredSlides({ title: "x", products: [card(1)], images: [tile(9), tile(1)] });
    expect(slides.map((s) => s.kind)).toEqual(["image", "product", "image"]);
  });
});
