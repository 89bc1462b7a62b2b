import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "#db/client.ts";
import { CURRENCIES } from "#kernel/money.ts";
import type { Translated } from "#kernel/translate.ts";
import * as catalog from "#modules/catalog/catalog.schema.ts";
import { refreshSearchDocuments } from "#modules/search/search-documents.ts";
import {
  BOOT_TIERS,
  BRAND_STORE_BRAND,
  BRANDS,
  CATEGORIES,
  CLUBS,
  COLOURS,
  LABELS,
  MODEL_LINES,
  NATIONS,
  SUPPLIERS,
} from "./catalog-data.ts";
import { countryName, join, tr, trf } from "./content-texts.ts";
import type { Random } from "./random.ts";
import { SIZE_GUIDES } from "./size-guide-data.ts";

/** A specification row: its name, and its value, in every written language. */
function spec(name: string, value: string, valueText: Translated = tr(value)): catalog.Specification {
  return { name, value, nameText: tr(name), valueText };
}

/** ISO codes of the national teams, for their names in every language. */
const NATION_CODES: Record<string, string> = {
  Denmark: "DK",
  Sweden: "SE",
  Norway: "NO",
  Finland: "FI",
  Germany: "DE",
  Austria: "AT",
  Netherlands: "NL",
  France: "FR",
  Poland: "PL",
  Italy: "IT",
  Spain: "ES",
  Croatia: "HR",
};

/** Euro → other currencies for the demo price lists. */
const RATES: Record<string, number> = {
  EUR: 1,
  DKK: 7.46,
  SEK: 11.2,
  NOK: 11.6,
  PLN: 4.3,
  HUF: 395,
  CZK: 25,
};
const DAY = 86_400_000;

/** Multi-row inserts, sized under PostgreSQL's 65,535 bind parameters. */
export async function insertInBatches<T extends Record<string, unknown>>(
  database: Database,
  table: PgTable,
  rows: T[],
) {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).length;
  const size = Math.max(1, Math.floor(60_000 / columns));
  for (let i = 0; i < rows.length; i += size) {
    await database.db.insert(table).values(rows.slice(i, i + size) as never);
  }
}

/** A shop price in a currency: .95 endings in euro and zloty, whole amounts ending in 9 elsewhere. */
export function priceIn(currency: string, euroMinor: number): number {
  const value = (euroMinor / 100) * (RATES[currency] ?? 1);
  const meta = CURRENCIES[currency];
  if (!meta || meta.rounding === 1) return Math.max(95, Math.round(value) * 100 - 5);
  const step = currency === "HUF" ? 10 : 1;
  const whole = Math.max(step * 9, Math.round(value / (step * 10)) * step * 10 - step);
  return whole * 100;
}

/**
 * Adult prices in euro cents of the items named by what they are (a match ball costs more than a
 * training ball, a rain jacket more than shorts); juniors pay 70 % of them, kids 60 %.
 */
export const ADULT_PRICES: Record<string, number[]> = {
  Grip: [2995, 3995],
  "Negative Cut": [5995, 8995, 12995],
  Hybrid: [7995, 10995],
  "Roll Finger": [3995, 5995],
  "Match Ball": [8995, 12995, 16995],
  "Training Ball": [2495, 2995],
  "Futsal Ball": [2995, 3995, 4995],
  "Training Top": [3495, 4495],
  "Rain Jacket": [5995, 7995],
  "Training Shorts": [2495, 2995],
  "Quarter-Zip": [4995, 5995],
  "Match Socks": [1295, 1495],
  "Grip Socks": [1995, 2495],
  "Slip-In Guards": [1495, 1995],
  "Ankle Guards": [2495, 3495],
};

const slugify = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

interface SizeRun {
  names: string[];
  short?: (name: string) => string;
}

const SHOE_ADULT = [
  "38",
  "38.5",
  "39",
  "40",
  "40.5",
  "41",
  "42",
  "42.5",
  "43",
  "44",
  "44.5",
  "45",
  "46",
  "47",
];
const SHOE_JUNIOR = ["28", "29", "30", "31", "32", "33", "34", "35", "36", "37", "37.5"];
const APPAREL = ["XS", "S", "M", "L", "XL", "XXL"];
const JUNIOR_APPAREL = ["116", "128", "140", "152", "164"];

function sizesFor(itemType: string, ageGroup: string, random: Random): SizeRun {
  const window = (all: string[], min: number) => {
    const length = random.int(Math.min(min, all.length), all.length);
    const start = random.int(0, all.length - length);
    return all.slice(start, start + length);
  };
  switch (itemType) {
    case "football_boots":
    case "sneakers":
    case "indoor_shoes":
      return { names: window(ageGroup === "adult" ? SHOE_ADULT : SHOE_JUNIOR, 6), short: (n) => n };
    case "football_shirts":
    case "training_wear":
      return ageGroup === "adult"
        ? { names: window(APPAREL, 4) }
        : { names: JUNIOR_APPAREL.map((s) => `${s} cm`), short: (n) => n.replace(" cm", "") };
    case "goalkeeper_gloves":
      return { names: window(["5", "6", "7", "8", "9", "10", "11"], 4) };
    case "balls":
      return {
        // The number alone: the page puts the shopper's own word for "size" in front of it.
        names: random.chance(0.5) ? ["5"] : ["3", "4", "5"],
      };
    case "socks":
      return { names: ["31-34", "35-38", "39-42", "43-46"] };
    case "shin_guards":
      return { names: ["XS", "S", "M", "L"] };
    case "gift_card":
      return { names: ["One size"], short: () => "OS" };
    default:
      return { names: [] };
  }
}

/** The stock a gift card's one size is seeded with: it is a code sent by e-mail, not a thing on a shelf. */
const GIFT_CARD_STOCK = 10_000;

export interface CatalogSeedResult {
  productIds: number[];
  productsByType: Map<string, number[]>;
}

interface Plan {
  category: (typeof CATEGORIES)[number];
  weight: number;
}

/** How the catalogue is spread over the leaf categories (weights, not counts). */
const PLAN: { slug: string; weight: number }[] = [
  { slug: "firm-ground", weight: 14 },
  { slug: "artificial-grass", weight: 9 },
  { slug: "soft-ground", weight: 5 },
  { slug: "multi-ground", weight: 6 },
  { slug: "indoor-court", weight: 4 },
  { slug: "turf", weight: 4 },
  { slug: "club-shirts", weight: 12 },
  { slug: "national-team-shirts", weight: 7 },
  { slug: "team-kits", weight: 2 },
  { slug: "goalkeeper-gloves", weight: 9 },
  { slug: "sneakers", weight: 9 },
  { slug: "indoor-shoes", weight: 4 },
  { slug: "balls", weight: 4 },
  { slug: "training-wear", weight: 6 },
  { slug: "socks", weight: 3 },
  { slug: "shin-guards", weight: 3 },
];

export async function seedCatalog(
  database: Database,
  random: Random,
  productCount: number,
  now: Date,
): Promise<CatalogSeedResult> {
  const { db } = database;

  await insertInBatches(
    database,
    catalog.brands,
    BRANDS.map((b, i) => ({
      id: i + 1,
      slug: b.slug,
      name: b.name,
      primaryColor: b.primary,
      accentColor: b.accent,
      hasLogo: i !== BRANDS.length - 1,
      sort: i,
    })),
  );
  // The shop's own brand, for its gift cards (never a boot brand's card).
  const shopBrandId = BRANDS.length + 1;
  await insertInBatches(database, catalog.brands, [
    {
      id: shopBrandId,
      slug: "pitchside",
      name: "Pitchside",
      primaryColor: "#052e16",
      accentColor: "#bbf7d0",
      hasLogo: true,
      sort: BRANDS.length,
    },
  ]);
  const brandStoreBrandId = BRANDS.findIndex((b) => b.slug === BRAND_STORE_BRAND) + 1;
  await insertInBatches(
    database,
    catalog.suppliers,
    SUPPLIERS.map((s, i) => ({
      id: i + 1,
      code: s.code,
      name: s.name,
      isMarketplace: s.isMarketplace,
      minDeliveryDays: s.min,
      maxDeliveryDays: s.max,
    })),
  );
  const categoryIds = new Map<string, number>(CATEGORIES.map((c, i) => [c.slug, i + 1]));
  await insertInBatches(
    database,
    catalog.categories,
    CATEGORIES.map((c, i) => ({
      id: i + 1,
      parentId: c.parent ? (categoryIds.get(c.parent) ?? null) : null,
      slug: c.slug,
      path: c.parent ? `${c.parent}/${c.slug}` : c.slug,
      name: c.name,
      description: c.description,
      itemType: c.itemType ?? null,
      bootSurface: c.bootSurface ?? null,
      sort: i,
    })),
  );

  await insertInBatches(
    database,
    catalog.sizeGuides,
    SIZE_GUIDES.map((guide, i) => ({ id: i + 1, ...guide, sort: i })),
  );

  const bySlug = new Map(CATEGORIES.map((c) => [c.slug, c]));
  const plans: Plan[] = PLAN.map((p) => ({
    category: bySlug.get(p.slug) as Plan["category"],
    weight: p.weight,
  }));
  const totalWeight = plans.reduce((sum, p) => sum + p.weight, 0);
  const giftCardCount = Math.min(4, Math.max(1, Math.floor(productCount / 500)));
  const regular = Math.max(0, productCount - giftCardCount);

  const products: (typeof catalog.products.$inferInsert)[] = [];
  const sizes: (typeof catalog.productSizes.$inferInsert)[] = [];
  const prices: (typeof catalog.productPrices.$inferInsert)[] = [];
  const history: (typeof catalog.priceHistory.$inferInsert)[] = [];
  const packageItems: (typeof catalog.packageItems.$inferInsert)[] = [];
  const customization: (typeof catalog.customizationOptions.$inferInsert)[] = [];
  const messages: (typeof catalog.productMessages.$inferInsert)[] = [];
  const productsByType = new Map<string, number[]>();
  const usedSlugs = new Set<string>();

  let sizeId = 0;
  const addProduct = (
    row: Omit<typeof catalog.products.$inferInsert, "id" | "slug" | "relativeUrl" | "style" | "onlineAt"> & {
      basePrice: number;
      discount: number;
      sizeRun: SizeRun;
      marketplace?: number;
    },
  ) => {
    const id = products.length + 1;
    let slug = slugify(`${row.name}-${row.color}`);
    if (usedSlugs.has(slug)) slug = `${slug}-${id}`;
    usedSlugs.add(slug);
    const style = `${(row.name.match(/[A-Z]/g) ?? ["P"]).join("").slice(0, 3)}${String(100000 + id * 7)}-${String(random.int(100, 999))}`;
    const { basePrice, discount, sizeRun, marketplace, ...rest } = row;
    products.push({
      ...rest,
      id,
      style,
      slug,
      relativeUrl: `/p/${slug}/`,
      onlineAt: new Date(now.getTime() - random.int(0, 540) * DAY),
    });
    const list = productsByType.get(row.itemType) ?? [];
    list.push(id);
    productsByType.set(row.itemType, list);

    // Sizes: most in stock, some sold out; a few products sold out entirely.
    const soldOut = random.chance(0.03);
    // Marketplace stock: the brand store sells only its own brand; the two partners sell the rest.
    const supplierForProduct =
      marketplace ??
      (row.brandId === brandStoreBrandId
        ? random.chance(0.35)
          ? 3
          : undefined
        : random.chance(0.2)
          ? random.int(4, 5)
          : undefined);
    // Names and numbers are printed by the shop on its own stock: a partner's product is not.
    if (supplierForProduct !== undefined) {
      const added = products[products.length - 1];
      if (added) added.isCustomizable = false;
    }
    sizeRun.names.forEach((name, i) => {
      sizeId += 1;
      const supplierId = supplierForProduct ?? (random.chance(0.2) ? 2 : 1);
      // Drawn for every size, gift cards too, so that the rest of the catalogue stays as the seed made it.
      const drawnStock = soldOut || random.chance(0.15) ? 0 : random.int(1, 40);
      sizes.push({
        id: sizeId,
        productId: id,
        sku: `${style}-${String(i + 1).padStart(2, "0")}`,
        name,
        nameShort: sizeRun.short ? sizeRun.short(name) : name,
        sort: i,
        // A gift card is sent by e-mail: it does not sell out.
        stock: row.isGiftcard ? GIFT_CARD_STOCK : drawnStock,
        supplierId,
        storeStock: random.chance(0.5) ? random.int(0, 6) : 0,
      });
    });

    if (!row.isPackage) addPrices(id, basePrice, discount);
    return id;
  };

  /** Today's price and RRP in every currency, with the price history behind them. */
  const addPrices = (id: number, basePrice: number, discount: number, rrpMinor = basePrice) => {
    for (const currency of Object.keys(CURRENCIES)) {
      const rrp = priceIn(currency, rrpMinor);
      const price =
        discount > 0
          ? priceIn(currency, Math.round((basePrice * (100 - discount)) / 100))
          : priceIn(currency, basePrice);
      prices.push({ productId: id, currency, price, rrp });
      // History: full price long ago; discounted products went through a deeper or shallower step
      // before today's price, so the 30-day lowest is sometimes below today's price.
      const start = new Date(now.getTime() - 120 * DAY);
      if (discount > 0) {
        const stepDays = random.int(12, 45);
        const step = priceIn(currency, Math.round((basePrice * (100 - discount + random.int(-8, 8))) / 100));
        history.push({
          productId: id,
          currency,
          price: rrp,
          validFrom: start,
          validTo: new Date(now.getTime() - (stepDays + 10) * DAY),
        });
        history.push({
          productId: id,
          currency,
          price: Math.min(step, rrp),
          validFrom: new Date(now.getTime() - (stepDays + 10) * DAY),
          validTo: new Date(now.getTime() - 10 * DAY),
        });
        history.push({
          productId: id,
          currency,
          price,
          validFrom: new Date(now.getTime() - 10 * DAY),
          validTo: null,
        });
      } else {
        history.push({ productId: id, currency, price, validFrom: start, validTo: null });
      }
    }
  };

  const colourway = () => {
    const [first, second, third] = random.shuffle(COLOURS).slice(0, 3) as [
      (typeof COLOURS)[number],
      (typeof COLOURS)[number],
      (typeof COLOURS)[number],
    ];
    return [first, second, third].map((c) => ({ name: c.name, hex: c.hex }));
  };
  const discountFor = () => (random.chance(0.4) ? random.pick([10, 15, 20, 25, 30, 40, 50]) : 0);
  const labelsFor = () => (random.chance(0.35) ? random.shuffle(LABELS).slice(0, random.int(1, 3)) : []);
  const ageFor = (juniorShare: number) =>
    random.chance(juniorShare)
      ? random.chance(0.7)
        ? ("junior" as const)
        : ("kids" as const)
      : ("adult" as const);

  const shirtIds: number[] = [];
  const shortsLike: number[] = [];
  const sockIds: number[] = [];
  let produced = 0;
  // Largest-remainder split, so the categories add up to exactly the requested count.
  const targets = plans.map((plan) => Math.floor((regular * plan.weight) / totalWeight));
  const remainders = plans
    .map((plan, i) => ({ i, rest: (regular * plan.weight) / totalWeight - (targets[i] ?? 0) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  const missing = regular - targets.reduce((a, b) => a + b, 0);
  for (let k = 0; k < missing; k++) {
    const index = remainders[k % remainders.length]?.i ?? 0;
    targets[index] = (targets[index] ?? 0) + 1;
  }
  for (const [planIndex, plan] of plans.entries()) {
    const target = targets[planIndex] ?? 0;
    const category = plan.category;
    const categoryId = categoryIds.get(category.slug) as number;
    let made = 0;
    while (made < target && produced < regular) {
      const brandIndex = random.int(0, BRANDS.length - 1);
      const brand = BRANDS[brandIndex] as (typeof BRANDS)[number];
      const line = random.pick(MODEL_LINES);
      const colourwaysOfModel = random.int(1, 3);
      const tier = random.pick(BOOT_TIERS);
      const age = ageFor(
        category.itemType === "football_boots" || category.itemType === "football_shirts" ? 0.2 : 0.1,
      );
      for (let v = 0; v < colourwaysOfModel && made < target && produced < regular; v++) {
        const colours = colourway();
        const main = colours[0]?.name ?? "black";
        const model = `${brand.slug}-${slugify(line)}-${category.slug}-${made}`;
        const common = {
          model,
          brandId: brandIndex + 1,
          categoryId,
          color: main,
          colours,
          ageGroup: age,
          labels: labelsFor(),
          online: !random.chance(0.02),
          isExclusive: random.chance(0.04),
          excludedFromDiscounts: random.chance(0.08),
          isPreorder: random.chance(0.02),
          has360: random.chance(0.15),
          videoId: random.chance(0.1) ? `pv-${brand.slug}-${random.int(1000, 9999)}` : null,
          imageCount: random.int(3, 4),
          popularity: random.int(0, 10_000),
          discount: discountFor(),
        };
        const junior = age === "adult" ? "" : " Junior";
        let id: number;
        switch (category.itemType) {
          case "football_boots": {
            const surface = category.bootSurface as string;
            id = addProduct({
              ...common,
              name: `${brand.name} ${line} ${tier.tier} ${surface}${junior}`,
              itemType: "football_boots",
              bootSurface: surface,
              specifications: [
                spec("Surface", surface, { en: surface }),
                spec("Upper", random.pick(["Synthetic knit", "Kangaroo leather", "Microfibre", "Textile"])),
                spec("Collar", random.pick(["Sock collar", "Low cut", "Mid cut"])),
                spec("Fit", random.pick(["Narrow", "Regular", "Wide"])),
                ((weight) => spec("Weight", weight, { en: weight }))(`${random.int(175, 260)} g`),
              ],
              description: trf(
                "The {line} {tier} is made for players who want {want}. Its {surface} soleplate is built for: {category}",
                {
                  line,
                  tier: tier.tier,
                  want: tr(
                    random.pick(["explosive speed", "close control", "clean striking", "all-round comfort"]),
                  ),
                  surface,
                  category: category.description,
                },
              ),
              basePrice: age === "adult" ? tier.price : Math.round(tier.price * 0.55),
              sizeRun: sizesFor("football_boots", age, random),
            });
            break;
          }
          case "football_shirts": {
            const team = category.slug === "club-shirts" ? random.pick(CLUBS) : random.pick(NATIONS);
            const kit = random.pick(["Home", "Away", "Third"]);
            id = addProduct({
              ...common,
              name: `${team} ${kit} Shirt 26/27${junior}`,
              itemType: "football_shirts",
              isCustomizable: random.chance(0.7),
              specifications: [
                spec("Team", team, NATION_CODES[team] ? countryName(NATION_CODES[team]) : { en: team }),
                spec("Material", "100% recycled polyester"),
                spec("Fit", random.pick(["Slim fit", "Regular fit"])),
                spec("Season", "2026/27", { en: "2026/27" }),
              ],
              description: trf(
                "The {kit} shirt of {team} for the 2026/27 season, with moisture-wicking fabric and the crest stitched on the chest.",
                {
                  kit: { ...tr(kit), en: kit.toLowerCase() },
                  team: NATION_CODES[team] ? countryName(NATION_CODES[team]) : team,
                },
              ),
              basePrice: age === "adult" ? random.pick([8995, 9995, 11995]) : 6995,
              sizeRun: sizesFor("football_shirts", age, random),
            });
            shirtIds.push(id);
            break;
          }
          case "package": {
            id = addProduct({
              ...common,
              name: `${brand.name} ${line} Team Kit`,
              itemType: "package",
              isPackage: true,
              specifications: [spec("Contents", "Shirt, shorts, socks")],
              description: tr("A complete kit: shirt, shorts and socks, each chosen in its own size."),
              // Priced below its parts once they are chosen (after the loop).
              basePrice: 0,
              discount: 0,
              ageGroup: "adult",
              sizeRun: { names: [] },
            });
            break;
          }
          default: {
            const itemType = category.itemType as string;
            const noun: Record<string, string> = {
              goalkeeper_gloves: random.pick(["Grip", "Negative Cut", "Hybrid", "Roll Finger"]),
              sneakers: random.pick(["Terrace", "Lo", "Retro", "Runner"]),
              indoor_shoes: random.pick(["Sala", "Futsal", "Court"]),
              balls: random.pick(["Match Ball", "Training Ball", "Futsal Ball"]),
              training_wear: random.pick(["Training Top", "Rain Jacket", "Training Shorts", "Quarter-Zip"]),
              socks: random.pick(["Match Socks", "Grip Socks"]),
              shin_guards: random.pick(["Slip-In Guards", "Ankle Guards"]),
            };
            // Adult prices in euro cents by what the item is (a match ball costs more than a
            // training ball, a rain jacket more than shorts); juniors pay less, kids less again.
            const byNoun = ADULT_PRICES;
            const byType: Record<string, number[]> = {
              sneakers: [7995, 9995, 12995],
              indoor_shoes: [4995, 7995, 10995],
            };
            const adultPrice = random.pick(byNoun[noun[itemType] ?? ""] ?? byType[itemType] ?? [2995]);
            const ageFactor = age === "adult" ? 1 : age === "junior" ? 0.7 : 0.6;
            id = addProduct({
              ...common,
              name: `${brand.name} ${line} ${noun[itemType] ?? ""}${junior}`.trim(),
              itemType,
              specifications: [
                spec("Brand", brand.name, { en: brand.name }),
                spec("Material", random.pick(["Latex", "Polyester", "Cotton blend", "Rubber", "TPU"])),
              ],
              description: join([`${brand.name} ${line}: `, category.description]),
              basePrice: Math.round((adultPrice * ageFactor) / 100) * 100 - 5,
              sizeRun: sizesFor(itemType, age, random),
            });
            if (itemType === "training_wear") shortsLike.push(id);
            if (itemType === "socks") sockIds.push(id);
          }
        }
        made += 1;
        produced += 1;
        if (random.chance(0.05)) {
          messages.push({
            productId: id,
            text: tr("This product ships in a new box: the manufacturer changed its packaging this season."),
          });
        }
      }
    }
  }

  // Gift cards: one size, no discount, excluded from vouchers.
  for (let i = 0; i < giftCardCount; i++) {
    const amount = [2500, 5000, 10000, 20000][i] ?? 5000;
    addProduct({
      model: `gift-card-${amount}`,
      name: `Pitchside Gift Card ${amount / 100}`,
      itemType: "gift_card",
      // The shop's own card: its brand, its colours (no colour or age to filter by, see listing).
      brandId: shopBrandId,
      categoryId: categoryIds.get("gift-cards") as number,
      color: "green",
      colours: [
        { name: "green", hex: "#052e16" },
        { name: "gold", hex: "#ca8a04" },
      ],
      ageGroup: "adult",
      specifications: [spec("Validity", "2 years")],
      description: tr("A gift card for everything in the shop, delivered by e-mail and valid for two years."),
      isGiftcard: true,
      excludedFromDiscounts: true,
      imageCount: 1,
      popularity: 500,
      basePrice: amount,
      discount: 0,
      sizeRun: sizesFor("gift_card", "adult", random),
    });
  }

  // Package contents: each kit takes an adult shirt, training shorts and match socks, of the kit's
  // brand where it makes them. The kit's picture draws the three in the parts' own colours, and it
  // costs 20 % less than the three bought one by one (that sum is its "before" price).
  const productById = new Map(products.map((p) => [p.id as number, p]));
  const eurPrice = new Map(
    prices.filter((p) => p.currency === "EUR").map((p) => [p.productId as number, p.price as number]),
  );
  // The right kind of part where the catalogue has one (a small demo may not), else any of its type.
  const adultOnline = (ids: number[], word: string) => {
    const fitting = ids.filter((id) => {
      const p = productById.get(id);
      return p && p.ageGroup === "adult" && p.online !== false && p.name.includes(word);
    });
    return fitting.length > 0 ? fitting : ids;
  };
  const shirtPool = adultOnline(shirtIds, "Shirt");
  const shortsPool = adultOnline(shortsLike, "Training Shorts");
  const sockPool = adultOnline(sockIds, "Match Socks");
  const pickPart = (pool: number[], brandId: number) => {
    const own = pool.filter((id) => productById.get(id)?.brandId === brandId);
    return random.pick(own.length > 0 ? own : pool);
  };
  for (const product of products) {
    if (!product.isPackage) continue;
    // The shirt names the kit ("Germany Home Kit 26/27", under the shirt's brand); shorts and socks
    // come in that brand where the catalogue has them.
    const shirt = pickPart(shirtPool, product.brandId);
    const shirtRow = shirt === undefined ? undefined : productById.get(shirt);
    if (shirtRow) {
      product.brandId = shirtRow.brandId;
      product.name = shirtRow.name.replace(" Shirt ", " Kit ");
      product.model = `kit-${shirt}`;
    }
    const parts = [shirt, pickPart(shortsPool, product.brandId), pickPart(sockPool, product.brandId)].filter(
      (part): part is number => part !== undefined,
    );
    [...new Set(parts)].forEach((productId, position) => {
      packageItems.push({ packageId: product.id as number, productId, position });
    });
    const partColours = parts
      .map((part) => productById.get(part)?.colours?.[0])
      .filter((c): c is { name: string; hex: string } => c !== undefined);
    if (partColours.length === 3) {
      product.colours = partColours;
      product.color = partColours[0]?.name ?? product.color;
    }
    if (shirtRow) {
      let slug = slugify(`${product.name}-${product.color}`);
      if (usedSlugs.has(slug)) slug = `${slug}-${product.id}`;
      usedSlugs.add(slug);
      product.slug = slug;
      product.relativeUrl = `/p/${slug}/`;
    }
    const separately = parts.reduce((sum, part) => sum + (eurPrice.get(part) ?? 0), 0) || 9995;
    const kitPrice = Math.round((separately * 0.8) / 100) * 100 - 5;
    addPrices(product.id as number, kitPrice, 0, separately);
  }

  // Customization options for customizable shirts.
  let optionId = 0;
  for (const product of products) {
    if (!product.isCustomizable) continue;
    const priced = (euro: number) =>
      Object.fromEntries(Object.keys(CURRENCIES).map((c) => [c, priceIn(c, euro)]));
    const option = (
      type: catalog.CustomizationType,
      title: string,
      description: string,
      euro: number,
      extra: Partial<typeof catalog.customizationOptions.$inferInsert> = {},
    ) => {
      optionId += 1;
      customization.push({
        id: optionId,
        productId: product.id as number,
        type,
        title: tr(title),
        description: tr(description),
        prices: priced(euro),
        maxDays: 5,
        sort: optionId,
        ...extra,
      });
    };
    option("name", "Name", "Up to 10 letters on the back.", 1500, { maxLength: 10 });
    option("number", "Number", "Up to 2 digits on the back.", 1000, { maxLength: 2 });
    option("marker", "Competition badge", "The league badge on the sleeve.", 995);
    option("player_flag", "Player flag", "A flag under the number.", 500, {
      choices: ["DK", "SE", "NO", "FI", "DE", "AT", "NL", "FR", "PL", "IT", "ES"].map((c) => ({
        value: c,
        label: c,
      })),
    });
    option("print_type", "Print type", "Official league print or club print.", 0, {
      choices: [
        { value: "league", label: "League print", labelText: tr("League print") },
        { value: "club", label: "Club print", labelText: tr("Club print") },
      ],
    });
  }

  await insertInBatches(database, catalog.products, products);
  await insertInBatches(database, catalog.productSizes, sizes);
  await insertInBatches(database, catalog.productPrices, prices);
  await insertInBatches(database, catalog.priceHistory, history);
  await insertInBatches(database, catalog.packageItems, packageItems);
  await insertInBatches(database, catalog.customizationOptions, customization);
  await insertInBatches(database, catalog.productMessages, messages);

  await insertInBatches(database, catalog.sellingPoints, [
    {
      headline: tr("Free returns for 100 days"),
      body: tr("Changed your mind? Send it back within 100 days."),
      icon: "rotate-ccw",
      tags: [],
      sort: 1,
    },
    {
      headline: tr("Fast delivery"),
      body: tr("Ordered before 15:00 on a working day, shipped the same day from our warehouse."),
      icon: "truck",
      tags: [],
      sort: 2,
    },
    {
      headline: tr("Print by professionals"),
      body: tr("Names and numbers printed with official league fonts."),
      icon: "shirt",
      tags: ["football_shirts"],
      sort: 3,
    },
    {
      headline: tr("Boot advice"),
      body: tr("Not sure which soleplate? Our guides explain every surface."),
      icon: "footprints",
      tags: ["football_boots"],
      sort: 4,
    },
  ]);

  const promotionRows: (typeof catalog.promotions.$inferInsert)[] = [];
  const boots = productsByType.get("football_boots") ?? [];
  const guards = productsByType.get("shin_guards") ?? [];
  for (let i = 0; i < Math.min(10, boots.length) && guards.length > 0; i++) {
    promotionRows.push({
      productId: boots[(i * 3) % boots.length] as number,
      title: tr("Buy boots, get shin guards at half price"),
      benefitProductIds: random.shuffle(guards).slice(0, 3),
      discountPercentage: 50,
      validFrom: new Date(now.getTime() - 10 * DAY),
      validTo: new Date(now.getTime() + 60 * DAY),
    });
  }
  await insertInBatches(database, catalog.promotions, promotionRows);

  await refreshSearchDocuments(db);

  for (const table of [
    "brands",
    "suppliers",
    "categories",
    "products",
    "product_sizes",
    "customization_options",
    "size_guides",
  ]) {
    await db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 1))`,
      ),
    );
  }
  return { productIds: products.map((p) => p.id as number), productsByType };
}
