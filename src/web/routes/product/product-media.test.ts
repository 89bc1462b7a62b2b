import { describe, expect, it } from "vitest";
import { frameAfterDrag, PIXELS_PER_FRAME } from "./product-media.tsx";

describe("360° viewer", () => {
  it("turns one frame per step of drag, both ways, wrapping round", () => {
    expect(frameAfterDrag(0, -PIXELS_PER_FRAME, 4)).toBe(1);
    expect(frameAfterDrag(0, PIXELS_PER_FRAME, 4)).toBe(3);
    expect(frameAfterDrag(2, -PIXELS_PER_FRAME * 5, 4)).toBe(3);
    expect(frameAfterDrag(1, 5, 4)).toBe(1);
    expect(frameAfterDrag(0, 100, 0)).toBe(0);
  });
});
