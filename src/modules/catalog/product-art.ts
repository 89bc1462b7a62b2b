/**
 * Product pictures drawn from the product's own data, so the demo shop has an image for every
 * colourway and angle without shipping image files: a boot looks like a boot, a shirt like a shirt,
 * in the product's colours and with its brand. Output is deterministic for the same input.
 */

export interface ArtInput {
  itemType: string;
  brandName: string;
  colours: { name: string; hex: string }[];
  /** 0-based picture number: side, other side, top or back, detail. */
  view: number;
  label?: string;
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c,
  );

type Palette = [string, string, string];

const W = 800;
const H = 800;

function frame(content: string, background: string, title: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${escapeXml(title)}"><rect width="${W}" height="${H}" fill="${background}"/>${content}</svg>`;
}

function brandText(brand: string, x: number, y: number, size: number, fill: string, rotate = 0) {
  return `<text x="${x}" y="${y}" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${size}" fill="${fill}" text-anchor="middle" transform="rotate(${rotate} ${x} ${y})">${escapeXml(brand.toUpperCase())}</text>`;
}

function boot(input: ArtInput, [main, accent, sole]: Palette, kind: "boot" | "sneaker" | "indoor") {
  const mirror = input.view % 2 === 1;
  const studs =
    kind === "boot"
      ? [190, 260, 330, 470, 540, 600]
          .map((x) => `<rect x="${x}" y="560" width="26" height="34" rx="6" fill="${sole}"/>`)
          .join("")
      : "";
  const soleHeight = kind === "sneaker" ? 60 : kind === "indoor" ? 36 : 26;
  const upper = `<path d="M130 540 C 120 470, 170 430, 250 420 L 400 330 C 430 300, 470 290, 500 300 L 560 330 C 600 350, 640 380, 680 420 C 710 450, 700 520, 690 540 Z" fill="${main}" stroke="#1f2937" stroke-width="6"/>`;
  const soleShape = `<path d="M110 540 L 700 540 C 715 540, 720 ${540 + soleHeight}, 700 ${540 + soleHeight} L 140 ${540 + soleHeight} C 110 ${540 + soleHeight}, 100 540, 110 540 Z" fill="${sole}" stroke="#1f2937" stroke-width="6"/>`;
  const swoosh = `<path d="M260 500 C 360 470, 470 420, 600 380" stroke="${accent}" stroke-width="26" fill="none" stroke-linecap="round"/>`;
  const laces = [0, 1, 2, 3]
    .map(
      (i) =>
        `<line x1="${420 + i * 28}" y1="${340 + i * 8}" x2="${450 + i * 28}" y2="${370 + i * 8}" stroke="#f9fafb" stroke-width="8" stroke-linecap="round"/>`,
    )
    .join("");
  const collar = `<path d="M490 300 C 500 260, 560 260, 570 330" fill="${accent}" stroke="#1f2937" stroke-width="6"/>`;
  if (input.view === 2) {
    // The sole seen from below.
    const plate = `<ellipse cx="400" cy="400" rx="150" ry="320" fill="${sole}" stroke="#1f2937" stroke-width="6"/>`;
    const dots =
      kind === "boot"
        ? [-220, -150, -80, 120, 200, 250]
            .map(
              (dy, i) => `<circle cx="${400 + (i % 2 ? 60 : -60)}" cy="${400 + dy}" r="22" fill="${main}"/>`,
            )
            .join("")
        : `<path d="M300 200 Q 400 150 500 200 M300 300 Q 400 250 500 300 M300 500 Q 400 450 500 500 M300 600 Q 400 550 500 600" stroke="${main}" stroke-width="14" fill="none"/>`;
    return plate + dots + brandText(input.brandName, 400, 420, 46, accent, -90);
  }
  const shoe =
    upper + soleShape + studs + swoosh + laces + collar + brandText(input.brandName, 300, 470, 38, accent);
  return mirror ? `<g transform="translate(${W} 0) scale(-1 1)">${shoe}</g>` : shoe;
}

function shirt(input: ArtInput, [main, accent, trim]: Palette, longSleeves = false) {
  const sleeve = longSleeves
    ? `<path d="M250 190 L 110 520 L 180 545 L 290 330 Z M550 190 L 690 520 L 620 545 L 510 330 Z" fill="${main}" stroke="#1f2937" stroke-width="6"/>`
    : `<path d="M250 190 L 120 300 L 190 380 L 270 320 Z M550 190 L 680 300 L 610 380 L 530 320 Z" fill="${main}" stroke="#1f2937" stroke-width="6"/>`;
  const body = `<path d="M250 190 L 330 160 C 360 200, 440 200, 470 160 L 550 190 L 540 660 L 260 660 Z" fill="${main}" stroke="#1f2937" stroke-width="6"/>`;
  const collar = `<path d="M330 160 C 360 215, 440 215, 470 160" stroke="${trim}" stroke-width="16" fill="none"/>`;
  const stripe = `<rect x="255" y="380" width="290" height="36" fill="${accent}"/>`;
  if (input.view === 1 || input.view === 3) {
    const back = input.label ?? "10";
    return (
      sleeve +
      body +
      `<text x="400" y="${input.view === 3 ? 470 : 500}" font-family="Arial, Helvetica, sans-serif" font-weight="800" font-size="190" fill="${accent}" text-anchor="middle">${escapeXml(back)}</text>`
    );
  }
  return sleeve + body + collar + stripe + brandText(input.brandName, 400, 290, 34, accent);
}

function gloves(input: ArtInput, [main, accent, palm]: Palette) {
  const fingers = [0, 1, 2, 3]
    .map(
      (i) =>
        `<rect x="${255 + i * 75}" y="${150 + Math.abs(1.5 - i) * 30}" width="62" height="230" rx="31" fill="${input.view === 1 ? palm : main}" stroke="#1f2937" stroke-width="6"/>`,
    )
    .join("");
  const thumb = `<rect x="160" y="360" width="64" height="190" rx="32" transform="rotate(-35 192 455)" fill="${input.view === 1 ? palm : main}" stroke="#1f2937" stroke-width="6"/>`;
  const hand = `<path d="M240 330 L 560 330 L 560 560 C 560 620, 520 640, 470 640 L 330 640 C 280 640, 240 620, 240 560 Z" fill="${input.view === 1 ? palm : main}" stroke="#1f2937" stroke-width="6"/>`;
  const cuff = `<rect x="270" y="620" width="260" height="110" rx="14" fill="${accent}" stroke="#1f2937" stroke-width="6"/>`;
  return fingers + thumb + hand + cuff + brandText(input.brandName, 400, 690, 40, "#ffffff");
}

function ball(input: ArtInput, [main, accent]: Palette) {
  const rotation = input.view * 25;
  const patches = [0, 72, 144, 216, 288]
    .map(
      (a) =>
        `<polygon points="400,240 440,270 425,315 375,315 360,270" fill="${accent}" transform="rotate(${a + rotation} 400 400) translate(0 -40)"/>`,
    )
    .join("");
  return `<circle cx="400" cy="400" r="260" fill="${main}" stroke="#1f2937" stroke-width="8"/><polygon points="400,340 457,382 435,449 365,449 343,382" fill="${accent}"/>${patches}${brandText(input.brandName, 400, 560, 42, "#1f2937")}`;
}

function sock(input: ArtInput, [main, accent]: Palette) {
  const shape = `<path d="M330 110 L 470 110 L 470 470 C 470 520, 520 540, 600 560 C 660 575, 660 680, 590 690 L 400 690 C 330 690, 320 640, 330 580 Z" fill="${main}" stroke="#1f2937" stroke-width="6"/>`;
  const bands = `<rect x="330" y="140" width="140" height="26" fill="${accent}"/><rect x="330" y="190" width="140" height="26" fill="${accent}"/>`;
  return (
    (input.view % 2 ? `<g transform="translate(${W} 0) scale(-1 1)">${shape + bands}</g>` : shape + bands) +
    brandText(input.brandName, 400, 320, 30, accent, -90)
  );
}

function shinGuard(input: ArtInput, [main, accent]: Palette) {
  return `<path d="M400 120 C 540 120, 600 180, 590 320 L 560 620 C 550 680, 470 710, 400 710 C 330 710, 250 680, 240 620 L 210 320 C 200 180, 260 120, 400 120 Z" fill="${main}" stroke="#1f2937" stroke-width="8"/><path d="M300 240 L 500 240 L 470 560 L 330 560 Z" fill="${accent}" opacity="${input.view === 1 ? 0.5 : 0.9}"/>${brandText(input.brandName, 400, 420, 40, "#ffffff")}`;
}

function shorts([main, accent]: Palette, dx: number, dy: number, scale: number) {
  return `<g transform="translate(${dx} ${dy}) scale(${scale})"><path d="M100 0 L 500 0 L 560 380 L 330 400 L 300 160 L 270 400 L 40 380 Z" fill="${main}" stroke="#1f2937" stroke-width="8"/><rect x="100" y="0" width="400" height="40" fill="${accent}"/></g>`;
}

function giftCard(input: ArtInput, [main, accent]: Palette) {
  return `<rect x="120" y="220" width="560" height="360" rx="36" fill="${main}" stroke="#1f2937" stroke-width="6"/><rect x="120" y="300" width="560" height="40" fill="${accent}"/><text x="400" y="470" font-family="Arial, Helvetica, sans-serif" font-weight="800" font-size="64" fill="#ffffff" text-anchor="middle">GIFT CARD</text><text x="400" y="540" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="44" fill="#ffffff" text-anchor="middle">${escapeXml(input.label ?? "PITCHSIDE")}</text>`;
}

export function drawProduct(input: ArtInput): string {
  const hexes = input.colours.map((c) => c.hex);
  const colours: Palette = [hexes[0] ?? "#111827", hexes[1] ?? "#f9fafb", hexes[2] ?? hexes[1] ?? "#374151"];
  const background = input.view === 3 ? "#e5e7eb" : "#f3f4f6";
  const title = `${input.brandName} ${input.itemType.replace(/_/g, " ")}`;
  let content: string;
  switch (input.itemType) {
    case "football_boots":
      content = boot(input, colours, "boot");
      break;
    case "sneakers":
      content = boot(input, colours, "sneaker");
      break;
    case "indoor_shoes":
      content = boot(input, colours, "indoor");
      break;
    case "football_shirts":
      content = shirt(input, colours);
      break;
    case "training_wear":
      content = input.view === 2 ? shorts(colours, 130, 200, 0.9) : shirt(input, colours, true);
      break;
    case "goalkeeper_gloves":
      content = gloves(input, colours);
      break;
    case "balls":
      content = ball(input, colours);
      break;
    case "socks":
      content = sock(input, colours);
      break;
    case "shin_guards":
      content = shinGuard(input, colours);
      break;
    case "gift_card":
      content = giftCard(input, colours);
      break;
    case "package":
      // A kit's colours are its parts' own: the shirt's, the shorts' and the socks'.
      content = `<g transform="translate(-60 -60) scale(0.75)">${shirt({ ...input, view: 0 }, colours)}</g>${shorts([colours[1], colours[0], colours[0]], 470, 330, 0.5)}<g transform="translate(430 20) scale(0.45)">${sock({ ...input, view: 0 }, [colours[2], colours[0], colours[0]])}</g>`;
      break;
    default:
      content = ball(input, colours);
  }
  return frame(content, background, title);
}

/** Room for the name beside the initials' disc, in the logo's 240 × 120 box. */
const LOGO_NAME_LEFT = 98;
const LOGO_NAME_RIGHT = 230;
/** A bold capital of Arial is at most this wide per unit of font size, on average over a name. */
const CAPITAL_WIDTH = 0.78;

/**
 * The name's lines and font size so that it fits beside the disc: a long name of several words
 * breaks in two, and the size shrinks until the longest line fits (at most 26).
 */
export function brandLogoName(name: string): { lines: string[]; size: number } {
  const label = name.toUpperCase().trim();
  const words = label.split(/\s+/);
  const half = Math.ceil(words.length / 2);
  const lines =
    words.length > 1 && label.length > 9
      ? [words.slice(0, half).join(" "), words.slice(half).join(" ")]
      : [label];
  const longest = Math.max(...lines.map((line) => line.length));
  const size = Math.min(26, Math.floor((LOGO_NAME_RIGHT - LOGO_NAME_LEFT) / (longest * CAPITAL_WIDTH)));
  return { lines, size };
}

export function drawBrandLogo(name: string, primary: string, accent: string): string {
  const initials = name
    .split(/\s+/)
    .map((word) => word[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
  const { lines, size } = brandLogoName(name);
  const centre = (LOGO_NAME_LEFT + LOGO_NAME_RIGHT) / 2;
  const leading = size * 1.15;
  const first = 60 - ((lines.length - 1) * leading) / 2 + size * 0.35;
  const text = lines
    .map(
      (line, i) =>
        `<text x="${centre}" y="${Math.round(first + i * leading)}" font-family="Arial, Helvetica, sans-serif" font-weight="800" font-size="${size}" fill="${accent}" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 120" width="240" height="120" role="img" aria-label="${escapeXml(name)}"><rect width="240" height="120" rx="16" fill="${primary}"/><circle cx="52" cy="60" r="34" fill="${accent}"/><text x="52" y="72" font-family="Arial, Helvetica, sans-serif" font-weight="800" font-size="32" fill="${primary}" text-anchor="middle">${escapeXml(initials)}</text>${text}</svg>`;
}

/** What a category tile shows: the tile's name after "tile-" → the item drawn on it. */
const TILE_ITEMS: Record<string, { itemType: string; colours: string[] }> = {
  boots: { itemType: "football_boots", colours: ["#facc15", "#111827", "#f97316"] },
  shirts: { itemType: "football_shirts", colours: ["#dc2626", "#ffffff", "#111827"] },
  gloves: { itemType: "goalkeeper_gloves", colours: ["#16a34a", "#facc15", "#f8f8f8"] },
  "gift-cards": { itemType: "gift_card", colours: ["#052e16", "#ca8a04"] },
  balls: { itemType: "balls", colours: ["#f8f8f8", "#1e3a8a"] },
  masterclass: { itemType: "balls", colours: ["#f8f8f8", "#dc2626"] },
};

/**
 * A category tile: the category's own item (a boot, a shirt, gloves, a card) on a light pitch, or
 * for the sale a price tag, so each tile says what is behind it before its words are read.
 */
function drawTile(kind: string): string | null {
  const item = TILE_ITEMS[kind];
  const pitch = `<rect width="800" height="800" fill="#dcfce7"/><g stroke="#ffffff" stroke-width="10" fill="none"><circle cx="400" cy="400" r="150"/><line x1="0" y1="400" x2="800" y2="400"/></g>`;
  if (kind === "sale") {
    const tag = `<g transform="rotate(-12 400 400)"><path d="M220 260 L 520 260 L 640 400 L 520 540 L 220 540 Z" fill="#dc2626" stroke="#1f2937" stroke-width="8"/><circle cx="540" cy="400" r="22" fill="#dcfce7" stroke="#1f2937" stroke-width="6"/><text x="370" y="450" font-family="Arial, Helvetica, sans-serif" font-weight="800" font-size="150" fill="#ffffff" text-anchor="middle">%</text></g>`;
    return frame(pitch + tag, "#dcfce7", "");
  }
  if (!item) return null;
  const colours = item.colours.map((hex) => ({ name: "", hex }));
  const drawn = drawProduct({ itemType: item.itemType, brandName: "", colours, view: 0 });
  // The product's drawing without its own frame, over the pitch.
  const inner = drawn.replace(/^<svg[^>]*><rect[^>]*\/>/, "").replace(/<\/svg>$/, "");
  return frame(pitch + inner, "#dcfce7", "");
}

/** Editorial pictures (heroes, link cards, guides): a pitch in a colour derived from the name. */
export function drawContentArt(name: string): string {
  if (name.startsWith("tile-")) {
    const tile = drawTile(name.slice("tile-".length));
    if (tile) return tile;
  }
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  const grass = `hsl(${(hue % 60) + 100} 45% 32%)`;
  const sky = `hsl(${hue} 55% 28%)`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 800" width="1200" height="800" role="img" aria-label=""><rect width="1200" height="800" fill="${sky}"/><rect y="380" width="1200" height="420" fill="${grass}"/><g stroke="#ffffff" stroke-width="6" fill="none" opacity="0.8"><rect x="100" y="420" width="1000" height="340"/><line x1="600" y1="420" x2="600" y2="760"/><circle cx="600" cy="590" r="70"/><rect x="100" y="500" width="120" height="180"/><rect x="980" y="500" width="120" height="180"/></g><circle cx="${300 + (hash % 600)}" cy="${460 + (hash % 200)}" r="22" fill="#ffffff" stroke="#111827" stroke-width="4"/></svg>`;
}
