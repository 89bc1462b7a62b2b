import { Search as searchShape } from "lucide";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CheckCircle2, Search, Star } from "./icons.tsx";

describe("the shop's icons", () => {
  it("draws Lucide's shapes as lucide-react did: classes, outline attributes, hidden when decorative", () => {
    const markup = renderToStaticMarkup(<Search className="size-5 shrink-0" />);
    expect(markup).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" ' +
        'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" ' +
        'class="lucide lucide-search size-5 shrink-0" aria-hidden="true">' +
        searchShape.map(([tag, attributes]) => `<${tag} ${attrs(attributes)}></${tag}>`).join("") +
        "</svg>",
    );
  });

  it("is not hidden from assistive technology when the caller names it", () => {
    const labelled = renderToStaticMarkup(<Star aria-label="4 stars" role="img" />);
    expect(labelled).toContain('aria-label="4 stars"');
    expect(labelled).not.toContain("aria-hidden");
    const titled = renderToStaticMarkup(
      <Star>
        <title>Rated</title>
      </Star>,
    );
    expect(titled).toContain("<title>Rated</title>");
    expect(titled).not.toContain("aria-hidden");
  });

  it("lets the caller's attributes win (a filled star, an icon hidden explicitly)", () => {
    const markup = renderToStaticMarkup(<Star fill="currentColor" aria-hidden="true" />);
    expect(markup).toContain('fill="currentColor"');
    expect(markup).not.toContain('fill="none"');
    expect(markup.match(/aria-hidden/g)).toHaveLength(1);
  });

  it("names an alias by its shape (the check in a circle)", () => {
    expect(renderToStaticMarkup(<CheckCircle2 />)).toContain('class="lucide lucide-circle-check"');
  });

  it("draws the same every time, from shapes made once", () => {
    const first = Search({ className: "a" });
    const second = Search({ className: "b" });
    const shapes = (element: React.ReactElement) =>
      (element.props as { children: [React.ReactElement[], unknown] }).children[0];
    expect(shapes(first)).toBe(shapes(second));
    expect(renderToStaticMarkup(<Search />)).toBe(renderToStaticMarkup(<Search />));
  });
});

function attrs(attributes: Record<string, string | number | undefined>) {
  return Object.entries(attributes)
    .map(([name, value]) => `${name}="${value}"`)
    .join(" ");
}
