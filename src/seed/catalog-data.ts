import type { Translated } from "#kernel/translate.ts";
import { tr } from "./content-texts.ts";

/** Brands of the demo shop (invented names), with the colours their logos are drawn in. */
export const BRANDS = [
  { slug: "strikon", name: "Strikon", primary: "#111827", accent: "#facc15" },
  { slug: "veloce", name: "Veloce", primary: "#1d4ed8", accent: "#ffffff" },
  { slug: "kaizen-sport", name: "Kaizen Sport", primary: "#b91c1c", accent: "#ffffff" },
  { slug: "nordvik", name: "Nordvik", primary: "#065f46", accent: "#d1fae5" },
  { slug: "apex-athletica", name: "Apex Athletica", primary: "#7c2d12", accent: "#fde68a" },
  { slug: "fenwick", name: "Fenwick", primary: "#312e81", accent: "#c7d2fe" },
  { slug: "torro", name: "Torro", primary: "#9f1239", accent: "#fecdd3" },
  { slug: "lumen-fc", name: "Lumen FC", primary: "#0f766e", accent: "#ccfbf1" },
  { slug: "orbis", name: "Orbis", primary: "#374151", accent: "#f97316" },
  { slug: "halden", name: "Halden", primary: "#1e3a8a", accent: "#fbbf24" },
  { slug: "kestrel", name: "Kestrel", primary: "#4c1d95", accent: "#e9d5ff" },
  { slug: "pampa", name: "Pampa", primary: "#15803d", accent: "#fef08a" },
] as const;

/** The 16 named colour swatches of the colour filter. */
export const COLOURS = [
  { name: "black", hex: "#111111" },
  { name: "white", hex: "#f8f8f8" },
  { name: "grey", hex: "#9ca3af" },
  { name: "red", hex: "#dc2626" },
  { name: "orange", hex: "#f97316" },
  { name: "yellow", hex: "#facc15" },
  { name: "green", hex: "#16a34a" },
  { name: "turquoise", hex: "#14b8a6" },
  { name: "blue", hex: "#2563eb" },
  { name: "navy", hex: "#1e3a8a" },
  { name: "purple", hex: "#7c3aed" },
  { name: "pink", hex: "#ec4899" },
  { name: "brown", hex: "#92400e" },
  { name: "beige", hex: "#d6c7a1" },
  { name: "gold", hex: "#ca8a04" },
  { name: "silver", hex: "#cbd5e1" },
] as const;

/**
 * Who ships the stock: the shop's own two warehouses (shown to shoppers under the shop's name) and
 * three invented marketplace partners. The brand store sells only its own brand's products and
 * carries the spec's "Puma" rules (no gift cards, no PDF terms), keyed on its code (decision 0040).
 */
export const SUPPLIERS = [
  { code: "warehouse", name: "Warehouse", isMarketplace: false, min: 1, max: 3 },
  { code: "buffer-warehouse", name: "Buffer Warehouse", isMarketplace: false, min: 3, max: 6 },
  { code: "strikon-official-store", name: "Strikon Official Store", isMarketplace: true, min: 4, max: 8 },
  { code: "touchline-traders", name: "Touchline Traders", isMarketplace: true, min: 5, max: 10 },
  { code: "cornerflag-supply", name: "Cornerflag Supply", isMarketplace: true, min: 3, max: 7 },
] as const;

/** The brand whose own store is the marketplace brand supplier (supplier 3). */
export const BRAND_STORE_BRAND = "strikon";

const t = (
  en: string,
  da: string,
  sv: string,
  nb: string,
  fi: string,
  de: string,
  nl: string,
  fr: string,
  pl: string,
): Translated => ({ en, "en-GB": en, da, sv, nb, fi, de, "de-AT": de, nl, fr, pl, ...ITALIAN_SPANISH[en] });

// Names keep explicit en-GB and de-AT copies: the listing reads them by exact locale in SQL.
/** The category names in the two languages added after the first eleven locales. */
const ITALIAN_SPANISH: Record<string, { it: string; es: string }> = {
  "Football boots": { it: "Scarpe da calcio", es: "Botas de fútbol" },
  "Football shirts": { it: "Maglie da calcio", es: "Camisetas de fútbol" },
  "Club shirts": { it: "Maglie dei club", es: "Camisetas de clubes" },
  "National team shirts": { it: "Maglie delle nazionali", es: "Camisetas de selecciones" },
  "Team kits": { it: "Kit squadra", es: "Equipaciones" },
  "Goalkeeper gloves": { it: "Guanti da portiere", es: "Guantes de portero" },
  Sneakers: { it: "Sneakers", es: "Zapatillas" },
  "Indoor shoes": { it: "Scarpe da futsal", es: "Zapatillas de fútbol sala" },
  Balls: { it: "Palloni", es: "Balones" },
  "Training wear": { it: "Abbigliamento da allenamento", es: "Ropa de entrenamiento" },
  Socks: { it: "Calzettoni", es: "Medias" },
  "Shin guards": { it: "Parastinchi", es: "Espinilleras" },
  "Gift cards": { it: "Carte regalo", es: "Tarjetas regalo" },
};

export interface CategorySeed {
  slug: string;
  parent?: string;
  name: Translated;
  description: Translated;
  itemType?: string;
  bootSurface?: string;
}

/** A category description: its text in every language comes from the seed's content texts. */
const d = (en: string): Translated => tr(en);

export const CATEGORIES: CategorySeed[] = [
  {
    slug: "football-boots",
    name: t(
      "Football boots",
      "Fodboldstøvler",
      "Fotbollsskor",
      "Fotballsko",
      "Jalkapallokengät",
      "Fußballschuhe",
      "Voetbalschoenen",
      "Chaussures de football",
      "Buty piłkarskie",
    ),
    description: d(
      "Boots for every surface, from firm natural grass to artificial turf and indoor courts. Pick the soleplate that matches the pitch you play on most.",
    ),
    itemType: "football_boots",
  },
  ...(
    [
      ["firm-ground", "FG", "Firm ground (FG)", "Bladed and conical studs for dry natural grass."],
      [
        "artificial-grass",
        "AG",
        "Artificial grass (AG)",
        "Short, many studs that spread the load on third-generation turf.",
      ],
      ["soft-ground", "SG", "Soft ground (SG)", "Metal or mixed studs for wet and muddy pitches."],
      ["multi-ground", "MG", "Multi ground (MG)", "One soleplate for grass and artificial pitches alike."],
      ["indoor-court", "IC", "Indoor court (IC)", "Flat, non-marking rubber soles for sports halls."],
      ["turf", "TF", "Turf (TF)", "Small rubber studs for hard artificial turf and street pitches."],
    ] as const
  ).map(([slug, surface, name, text]) => ({
    slug,
    parent: "football-boots",
    name: {
      en: `Football boots – ${name}`,
      "en-GB": `Football boots – ${name}`,
      da: `Fodboldstøvler – ${surface}`,
      sv: `Fotbollsskor – ${surface}`,
      nb: `Fotballsko – ${surface}`,
      fi: `Jalkapallokengät – ${surface}`,
      de: `Fußballschuhe – ${surface}`,
      "de-AT": `Fußballschuhe – ${surface}`,
      nl: `Voetbalschoenen – ${surface}`,
      fr: `Chaussures de football – ${surface}`,
      pl: `Buty piłkarskie – ${surface}`,
      it: `Scarpe da calcio – ${surface}`,
      es: `Botas de fútbol – ${surface}`,
    },
    description: d(text),
    itemType: "football_boots",
    bootSurface: surface,
  })),
  {
    slug: "football-shirts",
    name: t(
      "Football shirts",
      "Fodboldtrøjer",
      "Fotbollströjor",
      "Fotballdrakter",
      "Jalkapallopaidat",
      "Fußballtrikots",
      "Voetbalshirts",
      "Maillots de football",
      "Koszulki piłkarskie",
    ),
    description: d(
      "Home, away and third shirts of clubs and national teams, printed with your name and number on request.",
    ),
    itemType: "football_shirts",
  },
  {
    slug: "club-shirts",
    parent: "football-shirts",
    name: t(
      "Club shirts",
      "Klubtrøjer",
      "Klubbtröjor",
      "Klubbdrakter",
      "Seurapaidat",
      "Vereinstrikots",
      "Clubshirts",
      "Maillots de club",
      "Koszulki klubowe",
    ),
    description: d("The new season's club shirts, with official name and number printing."),
    itemType: "football_shirts",
  },
  {
    slug: "national-team-shirts",
    parent: "football-shirts",
    name: t(
      "National team shirts",
      "Landsholdstrøjer",
      "Landslagströjor",
      "Landslagsdrakter",
      "Maajoukkuepaidat",
      "Nationaltrikots",
      "Nationale shirts",
      "Maillots nationaux",
      "Koszulki reprezentacji",
    ),
    description: d("Support your country: national team shirts for adults and juniors."),
    itemType: "football_shirts",
  },
  {
    slug: "team-kits",
    parent: "football-shirts",
    name: t(
      "Team kits",
      "Holdsæt",
      "Lagset",
      "Draktsett",
      "Joukkuesetit",
      "Trikotsätze",
      "Teamtenues",
      "Kits d'équipe",
      "Komplety drużynowe",
    ),
    description: d("Shirt, shorts and socks in one package, each in its own size."),
    itemType: "package",
  },
  {
    slug: "goalkeeper-gloves",
    name: t(
      "Goalkeeper gloves",
      "Målmandshandsker",
      "Målvaktshandskar",
      "Keeperhansker",
      "Maalivahdin hanskat",
      "Torwarthandschuhe",
      "Keepershandschoenen",
      "Gants de gardien",
      "Rękawice bramkarskie",
    ),
    description: d(
      "Grip, fit and protection: negative-cut, roll-finger and hybrid gloves with latex palms for every keeper.",
    ),
    itemType: "goalkeeper_gloves",
  },
  {
    slug: "sneakers",
    name: t(
      "Sneakers",
      "Sneakers",
      "Sneakers",
      "Sneakers",
      "Tennarit",
      "Sneaker",
      "Sneakers",
      "Baskets",
      "Sneakersy",
    ),
    description: d("Football culture off the pitch: terrace classics and new silhouettes."),
    itemType: "sneakers",
  },
  {
    slug: "indoor-shoes",
    name: t(
      "Indoor shoes",
      "Indendørssko",
      "Inomhusskor",
      "Innesko",
      "Sisäpelikengät",
      "Hallenschuhe",
      "Zaalschoenen",
      "Chaussures d'intérieur",
      "Buty halowe",
    ),
    description: d("Futsal and hall shoes with grippy, non-marking soles."),
    itemType: "indoor_shoes",
  },
  {
    slug: "balls",
    name: t("Balls", "Bolde", "Bollar", "Baller", "Pallot", "Bälle", "Ballen", "Ballons", "Piłki"),
    description: d("Match, training and futsal balls in sizes 3, 4 and 5."),
    itemType: "balls",
  },
  {
    slug: "training-wear",
    name: t(
      "Training wear",
      "Træningstøj",
      "Träningskläder",
      "Treningstøy",
      "Harjoitusvaatteet",
      "Trainingsbekleidung",
      "Trainingskleding",
      "Vêtements d'entraînement",
      "Odzież treningowa",
    ),
    description: d("Training tops, jackets and shorts for sessions in every weather."),
    itemType: "training_wear",
  },
  {
    slug: "socks",
    name: t(
      "Socks",
      "Strømper",
      "Strumpor",
      "Strømper",
      "Sukat",
      "Stutzen",
      "Sokken",
      "Chaussettes",
      "Getry",
    ),
    description: d("Match socks and grip socks that keep your boots in place."),
    itemType: "socks",
  },
  {
    slug: "shin-guards",
    name: t(
      "Shin guards",
      "Benskinner",
      "Benskydd",
      "Leggskinn",
      "Säärisuojat",
      "Schienbeinschoner",
      "Scheenbeschermers",
      "Protège-tibias",
      "Ochraniacze",
    ),
    description: d("Light slip-in guards and ankle-protecting guards for juniors and adults."),
    itemType: "shin_guards",
  },
  {
    slug: "gift-cards",
    name: t(
      "Gift cards",
      "Gavekort",
      "Presentkort",
      "Gavekort",
      "Lahjakortit",
      "Geschenkkarten",
      "Cadeaukaarten",
      "Cartes cadeaux",
      "Karty podarunkowe",
    ),
    description: d("Let them choose: a gift card for the whole shop, valid for two years."),
    itemType: "gift_card",
  },
];

export const MODEL_LINES = [
  "Vortex",
  "Raptor",
  "Nova",
  "Fury",
  "Blaze",
  "Aero",
  "Titan",
  "Zenith",
  "Pulse",
  "Vector",
  "Comet",
  "Rapid",
];
export const BOOT_TIERS = [
  { tier: "Elite", price: 27995 },
  { tier: "Pro", price: 17995 },
  { tier: "Club", price: 8995 },
  { tier: "Academy", price: 5995 },
];
export const CLUBS = [
  "FC Nordhavn",
  "Real Costa",
  "Olympic Lyon-Sud",
  "AC Verona Blu",
  "Sporting Porto Alto",
  "Ajax Zuid",
  "Borussia Heide",
  "Celtic Harbour",
  "Atlético Sierra",
  "Inter Lago",
];
export const NATIONS = [
  "Denmark",
  "Sweden",
  "Norway",
  "Finland",
  "Germany",
  "Austria",
  "Netherlands",
  "France",
  "Poland",
  "Italy",
  "Spain",
  "Croatia",
];
export const LABELS = ["New", "Bestseller", "Online only", "Sustainable", "Pro choice", "Limited edition"];
