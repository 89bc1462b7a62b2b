import { eq } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import type { Translated } from "#kernel/translate.ts";
import { isOwnSupplier } from "#modules/cart/cart.contract.ts";
import { brands, categories, products as productTable, suppliers } from "#modules/catalog/catalog.schema.ts";
import { sanitizeCmsHtml } from "#modules/content/cms-pages.service.ts";
import {
  type CmsBlock,
  cmsPages,
  contentItems,
  masterclassPositions,
  masterclassSkills,
  masterclassVideos,
  policyTexts,
  stores,
} from "#modules/content/content.schema.ts";
import { CATEGORIES } from "./catalog-data.ts";
import type { CatalogSeedResult } from "./catalog-seed.ts";
import { insertInBatches } from "./catalog-seed.ts";
import { join, tr, trf, WRITTEN_LANGUAGES } from "./content-texts.ts";
import type { Random } from "./random.ts";

const DAY = 86_400_000;

/** A store's pictures for the locator's slider (drawn art by name), each with its alt text per locale. */
/** A store's page text as CMS blocks per written language: a paragraph and a picture from inside. */
function storeBody(store: string, text: string): Record<string, CmsBlock[]> {
  const paragraph = tr(text);
  const caption = tr("Inside the store");
  return Object.fromEntries(
    WRITTEN_LANGUAGES.map((language) => [
      language,
      [
        { type: "paragraph", value: sanitizeCmsHtml(`<p>${paragraph[language]}</p>`) },
        {
          type: "image",
          value: {
            src: `/media/content/store-${store}-inside.svg`,
            alt: caption[language] as string,
            width: 1200,
            height: 800,
          },
        },
      ] satisfies CmsBlock[],
    ]),
  );
}

function storeGallery(store: string, captions: string[]) {
  return captions.map((caption, i) => ({
    src: `/media/content/store-${store}-${i + 1}.svg`,
    width: 1200,
    height: 800,
    alt: tr(caption),
  }));
}

const GUIDE_TOPICS = [
  "How to choose football boots for your surface",
  "Finding the right goalkeeper glove cut",
  "How a football shirt should fit",
  "Breaking in new boots without blisters",
  "Caring for latex palms",
  "Which ball size for which age",
];
/** The content tags on guides, stories and articles (slug and English name; names in every language). */
const CONTENT_TAGS = [
  ["buying-advice", "Buying advice"],
  ["care", "Care and repair"],
  ["behind-the-scenes", "Behind the scenes"],
  ["training", "Training"],
] as const;
/** A few tags for an item, starting at `first` (the same item always gets the same tags). */
const tagsFor = (first: number, n = 2) =>
  Array.from({ length: n }, (_, i) => {
    const [slug, name] = CONTENT_TAGS[(first + i) % CONTENT_TAGS.length] as (typeof CONTENT_TAGS)[number];
    return { slug, name: tr(name) };
  });
const STORY_TOPICS = [
  "Behind the scenes at a boot launch",
  "A season with a grassroots club",
  "The making of the 26/27 shirts",
  "Futsal on the streets of Lisbon",
];
/** What the four demo clips show, in the order of public/media/reels/reel-1…4.mp4. */
const REEL_KINDS = ["Skills", "Unboxing", "On pitch", "Locker room"];

/** The players who appear in the reels (fictional, like the brands). */
const REEL_PLAYERS = [
  { name: "Mads Kjærgaard", image: "/media/content/player-mads-kjaergaard.svg" },
  { name: "Lina Berg", image: "/media/content/player-lina-berg.svg" },
  { name: "Jonas Weber", image: "/media/content/player-jonas-weber.svg" },
  { name: "Sofia Marín", image: "/media/content/player-sofia-marin.svg" },
  { name: "Tomasz Nowak", image: "/media/content/player-tomasz-nowak.svg" },
];
const ARTICLE_TOPICS = [
  "Ten drills for quicker feet",
  "What the numbers on a shirt mean",
  "Recovery after match day",
  "Boot technology explained",
  "Pre-season checklist",
  "Keeping your kit clean",
];

/** A short article body in every written language (the random picks are the same for all). */
const paragraph = (random: Random, topic: Translated): Translated => {
  const first = tr(
    random.pick([
      "Every player's foot and game is different, so start with the surface you play on most.",
      "Fit comes first: a snug heel and a thumb's width at the toe is a good rule.",
      "Talk to your coach and teammates, then try a few options on at home.",
    ]),
  );
  const second = tr(
    random.pick([
      "Our team tests every product on real pitches before it goes online.",
      "Questions? Our customer service answers within one working day.",
      "Free returns within 100 days make it easy to find the one.",
    ]),
  );
  return Object.fromEntries(
    WRITTEN_LANGUAGES.map((language) => [
      language,
      sanitizeCmsHtml(
        `<p><strong>${topic[language]}.</strong> ${first[language]}</p><p>${second[language]}</p><script>alert("never stored")</script>`,
      ),
    ]),
  );
};

/** A category's name in every language, from the catalogue's own texts. */
const categoryName = (slug: string): Translated =>
  CATEGORIES.find((c) => c.slug === slug)?.name ?? { en: slug.replace(/-/g, " ") };

export async function seedContent(database: Database, random: Random, now: Date, catalog: CatalogSeedResult) {
  const { db } = database;
  const cats = await db
    .select({ id: categories.id, slug: categories.slug, parentId: categories.parentId })
    .from(categories);
  const topLevel = cats.filter((c) => c.parentId === null);
  const pickProducts = (n: number, type?: string) =>
    random
      .shuffle(type ? (catalog.productsByType.get(type) ?? catalog.productIds) : catalog.productIds)
      .slice(0, n);
  const image = (seed: string, w = 1200, h = 800) => ({
    src: `/media/content/${seed}.svg`,
    width: w,
    height: h,
    alt: "",
  });

  const items: (typeof contentItems.$inferInsert)[] = [];
  const published = (days: number) => new Date(now.getTime() - days * DAY);

  const heroes = [
    {
      slug: "new-season-boots",
      title: "New season, new boots",
      lead: "The 26/27 boot collection has landed.",
      url: "/football-boots/",
    },
    {
      slug: "keeper-week",
      title: "Keeper week",
      lead: "Gloves for every save, from negative cut to hybrid.",
      url: "/goalkeeper-gloves/",
    },
    {
      slug: "shirts-printed",
      title: "Your name on the back",
      lead: "Club and national shirts, printed by professionals.",
      url: "/football-shirts/",
    },
  ];
  heroes.forEach((hero, i) => {
    items.push({
      kind: "hero",
      slug: hero.slug,
      title: tr(hero.title),
      lead: tr(hero.lead),
      data: { url: hero.url, image: image(`hero-${i}`, 1600, 700) },
      sort: i,
      publishedAt: published(i),
    });
  });

  items.push({
    kind: "member_banner",
    slug: "member-masterclass",
    title: tr("New in your masterclass"),
    lead: tr("Fresh finishing drills from the pros, ready in your member area."),
    data: { url: "/masterclass/", image: image("member-masterclass", 1200, 400) },
    publishedAt: published(0),
  });

  for (const category of topLevel) {
    // Boots get a long guide list (more than one page of 12), so "load more" has something to load.
    const guideCount = category.slug === "football-boots" ? 14 : 3;
    Array.from({ length: guideCount }, (_, i) => {
      const base = tr(GUIDE_TOPICS[i % GUIDE_TOPICS.length] as string);
      return i < GUIDE_TOPICS.length
        ? base
        : join([base, " ", trf("(part {n})", { n: String(Math.floor(i / GUIDE_TOPICS.length) + 1) })]);
    }).forEach((topic, i) => {
      items.push({
        kind: "guide",
        slug: `${category.slug}-guide-${i + 1}`,
        categoryId: category.id,
        title: topic,
        lead: tr("Our experts explain."),
        body: paragraph(random, topic),
        data: { image: image(`guide-${category.slug}-${i}`), content_tags: tagsFor(i % 2 === 0 ? 0 : 1) },
        sort: i,
        publishedAt: published(10 + i),
      });
    });
    for (let i = 0; i < 4; i++) {
      // Each reel is named after what its clip shows (reel-{i+1}.mp4 reads Skills, Unboxing, …); the
      // pick is still drawn so the rest of the demo data stays as it was.
      random.pick(REEL_KINDS);
      items.push({
        kind: "reel",
        slug: `${category.slug}-reel-${i + 1}`,
        categoryId: category.id,
        title: join([tr(REEL_KINDS[i] as string), ": ", categoryName(category.slug)]),
        productIds: pickProducts(3),
        data: {
          // Four short demo clips (public/media/reels/, served by the shop) with their posters.
          video: `/media/reels/reel-${i + 1}.mp4`,
          image: { src: `/media/reels/reel-${i + 1}.jpg`, width: 360, height: 640, alt: "" },
          button_label: tr("Shop the reel"),
          button_url: `/${category.slug}/`,
          player: REEL_PLAYERS[items.filter((item) => item.kind === "reel").length % REEL_PLAYERS.length],
        },
        sort: i,
        publishedAt: published(i * 3),
      });
    }
    STORY_TOPICS.slice(0, 2).forEach((topic, i) => {
      items.push({
        kind: "story",
        slug: `${category.slug}-story-${i + 1}`,
        categoryId: category.id,
        title: tr(topic),
        body: paragraph(random, tr(topic)),
        data: { image: image(`story-${category.slug}-${i}`, 720, 1280), content_tags: tagsFor(2, 1) },
        sort: i,
        publishedAt: published(20 + i),
      });
    });
    items.push(
      {
        kind: "link_card",
        slug: `${category.slug}-link-1`,
        categoryId: category.id,
        title: tr("Bestsellers"),
        data: { url: `/${category.slug}/?sort=default`, image: image(`link-${category.slug}`) },
        indexPlacement: 5,
        publishedAt: published(2),
      },
      {
        kind: "image_item",
        slug: `${category.slug}-image-1`,
        categoryId: category.id,
        title: tr("Made for match day"),
        data: { image: image(`image-${category.slug}`), url: `/${category.slug}/` },
        indexPlacement: 12,
        publishedAt: published(2),
      },
      {
        kind: "video_card",
        slug: `${category.slug}-video-1`,
        categoryId: category.id,
        title: tr("See it in action"),
        lead: tr("Two minutes on the pitch."),
        data: {
          image: image(`video-${category.slug}`),
          video: { provider: "youtube", id: `pitchside-${category.slug}` },
        },
        indexPlacement: 18,
        publishedAt: published(4),
      },
      {
        kind: "shop_the_look",
        slug: `${category.slug}-look-1`,
        categoryId: category.id,
        title: tr("Shop the look"),
        productIds: pickProducts(3),
        data: {
          image: image(`look-${category.slug}`, 900, 1200),
          hotspots: [
            { x: 32, y: 28 },
            { x: 55, y: 60 },
            { x: 46, y: 86 },
          ],
        },
        indexPlacement: 26,
        publishedAt: published(5),
      },
    );
  }
  // Sponsored blocks show what their title names: the brand's own products of the category (the
  // top tier first for the boots), under the brand's logo and colours.
  const catalogue = await db
    .select({
      id: productTable.id,
      brand: brands.slug,
      name: productTable.name,
      categoryId: productTable.categoryId,
      online: productTable.online,
    })
    .from(productTable)
    .innerJoin(brands, eq(brands.id, productTable.brandId))
    .orderBy(productTable.id);
  const within = (categoryId: number) => {
    const ids = new Set([categoryId, ...cats.filter((c) => c.parentId === categoryId).map((c) => c.id)]);
    return catalogue.filter((p) => p.online && ids.has(p.categoryId));
  };
  const SPONSORS = {
    boots: { title: "Strikon: speed redefined", brand: "strikon", line: "Elite", colour: "#111827" },
    gloves: { title: "Keeper's choice by Nordvik", brand: "nordvik", line: "", colour: "#065f46" },
  };
  for (const category of cats.filter(
    (c) => c.slug === "football-boots" || c.slug === "firm-ground" || c.slug === "goalkeeper-gloves",
  )) {
    const sponsor = category.slug === "goalkeeper-gloves" ? SPONSORS.gloves : SPONSORS.boots;
    const ofBrand = within(category.id).filter((p) => p.brand === sponsor.brand);
    const ofLine = ofBrand.filter((p) => sponsor.line && p.name.includes(sponsor.line));
    const chosen = [...ofLine, ...ofBrand.filter((p) => !ofLine.includes(p))].slice(0, 8).map((p) => p.id);
    items.push({
      kind: "sponsored",
      slug: `${category.slug}-sponsored`,
      categoryId: category.id,
      title: tr(sponsor.title),
      productIds: chosen,
      data: {
        title_color: "#ffffff",
        background_color: sponsor.colour,
        icon_image: `/media/brands/${sponsor.brand}.svg`,
        show_sponsored_label: true,
        promo_tiles: [{ position: 3, image: image(`sponsored-${category.slug}`, 400, 600) }],
      },
      publishedAt: published(1),
    });
  }
  ARTICLE_TOPICS.forEach((topic, i) => {
    items.push({
      kind: "article",
      slug: `article-${i + 1}`,
      title: tr(topic),
      lead: tr("Tips from our team."),
      body: paragraph(random, tr(topic)),
      data: { header_image: image(`article-${i}`), content_tags: tagsFor(i + 3, 1) },
      sort: i,
      publishedAt: published(i * 7),
    });
  });
  ["Boots", "Shirts", "Gloves", "Gift cards", "Sale", "Masterclass"].forEach((title, i) => {
    items.push({
      kind: "link_card",
      slug: `home-link-${i + 1}`,
      title: tr(title),
      data: {
        url: [
          "/football-boots/",
          "/football-shirts/",
          "/goalkeeper-gloves/",
          "/gift-cards/",
          "/search/?q=*&sort=discount-desc",
          "/masterclass/",
        ][i],
        // Each tile its own picture: the category's item drawn on a pitch (product-art.ts).
        image: image(
          `tile-${["boots", "shirts", "gloves", "gift-cards", "sale", "masterclass"][i]}`,
          600,
          600,
        ),
        placement: "home",
        // Spec §3 Link card: a kicker over the title and the title's colour on the picture.
        trumpet: tr(i < 4 ? "Browse the range" : i === 4 ? "Offers" : "For members"),
        title_color: i === 4 ? "#fde047" : "#ffffff",
      },
      sort: i,
      publishedAt: published(1),
    });
  });
  // The home page's video slider: shop-wide video cards (no category), each a YouTube film.
  ["Boot test on wet grass", "A goalkeeper's warm-up", "How our shirts are made"].forEach((title, i) => {
    items.push({
      kind: "video_card",
      slug: `home-video-${i + 1}`,
      title: tr(title),
      data: {
        image: image(`video-home-${i + 1}`, 720, 405),
        video: { provider: "youtube", id: `pitchside-home-${i + 1}` },
      },
      sort: i,
      publishedAt: published(3),
    });
  });
  await insertInBatches(database, contentItems, items);

  const positions = ["Goalkeeper", "Defender", "Midfielder", "Forward"];
  const skills = ["Dribbling", "Passing", "Shooting", "Heading", "Diving", "Reflexes", "First touch"];
  await insertInBatches(
    database,
    masterclassPositions,
    positions.map((name, i) => ({ id: i + 1, slug: name.toLowerCase(), name: tr(name), sort: i })),
  );
  await insertInBatches(
    database,
    masterclassSkills,
    skills.map((name, i) => ({
      id: i + 1,
      slug: name.toLowerCase().replace(/\s/g, "-"),
      name: tr(name),
      sort: i,
    })),
  );
  const videos: (typeof masterclassVideos.$inferInsert)[] = [];
  for (let i = 0; i < 36; i++) {
    const short = i >= 24;
    const position = random.int(1, positions.length);
    const skill = random.int(1, skills.length);
    videos.push({
      kind: short ? "short" : "video",
      title: trf(short ? "{skill} for {position} in 30 seconds" : "{skill} for {position} – part {n}", {
        skill: tr(skills[skill - 1] as string),
        position: {
          ...tr(positions[position - 1] as string),
          en: `${positions[position - 1]?.toLowerCase()}s`,
        },
        n: String((i % 3) + 1),
      }),
      description: tr("A professional coach shows the technique step by step."),
      videoId: `mc-${i + 1}`,
      durationSeconds: short ? random.int(20, 59) : random.int(180, 900),
      positionId: position,
      skillId: skill,
      membersOnly: !short,
      publishedAt: published(i * 2),
    });
  }
  await insertInBatches(database, masterclassVideos, videos);

  await insertInBatches(database, stores, [
    {
      slug: "copenhagen-flagship",
      groupKey: "denmark",
      title: "Pitchside Copenhagen",
      description: tr(
        "Our flagship store: boots, shirts printed while you wait, and a small pitch to try them on.",
      ),
      street: "Østerbrogade 50",
      city: "København Ø",
      zip: "2100",
      country: "DK",
      latitude: 55.6995,
      longitude: 12.5787,
      placeId: "pitchside-copenhagen",
      openingHours: [1, 2, 3, 4, 5]
        .map((weekday) => ({ weekday, opens: "10:00", closes: "19:00" }))
        .concat([
          { weekday: 6, opens: "10:00", closes: "17:00" },
          { weekday: 7, opens: "11:00", closes: "16:00" },
        ]),
      isFlagship: true,
      body: storeBody(
        "copenhagen",
        "Come by for a boot fitting: we measure your feet, and you try the boots on our small pitch before you buy.",
      ),
      gallery: storeGallery("copenhagen", [
        "The boot wall",
        "The printing counter",
        "The small pitch to try boots on",
      ]),
    },
    {
      slug: "aarhus",
      groupKey: "denmark",
      title: "Pitchside Aarhus",
      description: tr(
        "Boots, gloves and team kits in the Latin Quarter, with a fitting bench and a keeper corner.",
      ),
      street: "Klostergade 34",
      city: "Aarhus C",
      zip: "8000",
      country: "DK",
      latitude: 56.1587,
      longitude: 10.2077,
      placeId: "pitchside-aarhus",
      openingHours: [1, 2, 3, 4, 5]
        .map((weekday) => ({ weekday, opens: "10:00", closes: "18:00" }))
        .concat([{ weekday: 6, opens: "10:00", closes: "16:00" }]),
      isFlagship: false,
      body: storeBody(
        "aarhus",
        "Keepers have their own corner here: gloves to try on, and on Saturdays a coach who helps you choose the cut.",
      ),
      gallery: storeGallery("aarhus", ["The shop floor", "The boot wall"]),
    },
    {
      slug: "malmo",
      groupKey: "sweden",
      title: "Pitchside Malmö",
      description: tr("Our Swedish store by Möllevången: boots, club shirts and printing on Saturdays."),
      street: "Bergsgatan 20",
      city: "Malmö",
      zip: "214 22",
      country: "SE",
      latitude: 55.5965,
      longitude: 13.0036,
      placeId: "pitchside-malmo",
      openingHours: [1, 2, 3, 4, 5]
        .map((weekday) => ({ weekday, opens: "11:00", closes: "18:00" }))
        .concat([
          { weekday: 6, opens: "10:00", closes: "16:00" },
          { weekday: 7, opens: "12:00", closes: "16:00" },
        ]),
      isFlagship: false,
      body: storeBody(
        "malmo",
        "Bring your club shirt on a Saturday and we print names and numbers while you wait.",
      ),
      gallery: storeGallery("malmo", ["The shop floor", "The printing counter"]),
    },
  ]);

  const products = pickProducts(8);
  const aboutBlocks = (language: string): CmsBlock[] => [
    {
      type: "image",
      value: {
        src: "/media/content/about.svg",
        alt: tr("The Pitchside warehouse")[language] as string,
        width: 1200,
        height: 600,
      },
    },
    {
      type: "paragraph",
      value: sanitizeCmsHtml(
        `<p>${tr("Pitchside is run by people who play. We stock boots, shirts, gloves and everything else for football in seventeen countries.")[language]}</p><img src=x onerror=alert(1)>`,
      ),
    },
    {
      type: "youtube_video",
      value: { video_id: "pitchside-about", title: tr("Inside Pitchside")[language] as string },
    },
    {
      type: "call_to_action",
      value: {
        type: "button",
        label: tr("Shop football boots")[language] as string,
        url: "/football-boots/",
        alignment: "center",
      },
    },
    {
      type: "image_gallery",
      value: [1, 2, 3].map((n) => ({
        src: `/media/content/gallery-${n}.svg`,
        alt: trf("Store impression {n}", { n: String(n) })[language] as string,
        width: 800,
        height: 600,
      })),
    },
    { type: "tiktok_video", value: { url: "https://www.tiktok.com/@pitchside/video/1" } },
    { type: "instagram_reel", value: { url: "https://www.instagram.com/reel/pitchside" } },
    {
      type: "product_slider",
      value: { title: tr("Staff picks")[language] as string, product_ids_list: products },
    },
    // The about page shows every kind of block, the questions as an accordion too.
    {
      type: "faq",
      value: questions.slice(0, 2).map(([question, answer]) => ({
        question: tr(question)[language] as string,
        answer: tr(answer)[language] as string,
      })),
    },
  ];
  const questions = [
    [
      "How long does delivery take?",
      "Products from our warehouse arrive in 1–3 working days. Products from marketplace suppliers show their own delivery time on the product page.",
    ],
    ["Can I return my order?", "Yes, within 100 days, free of charge, as long as the product is unused."],
    [
      "Can I get a name and number printed?",
      "Customizable shirts offer printing on the product page. Printed shirts cannot be returned.",
    ],
    [
      "Which payment methods can I use?",
      "Card, gift card and, in some countries, pay later or cash on delivery. You see the methods of your country at checkout.",
    ],
    [
      "How do I use a gift card?",
      "Enter the code at the payment step. If the card does not cover the whole order, pay the rest with another method.",
    ],
  ] as const;
  const faq = (language: string): CmsBlock[] => [
    {
      type: "faq",
      value: questions.map(([question, answer]) => ({
        question: tr(question)[language] as string,
        answer: tr(answer)[language] as string,
      })),
    },
  ];
  // Notices the bag page shows above the lines, edited like any other page.
  const notice = (html: string): CmsBlock => ({ type: "paragraph", value: sanitizeCmsHtml(html) });
  const perLanguage = (blocks: (language: string) => CmsBlock[]) =>
    Object.fromEntries(WRITTEN_LANGUAGES.map((language) => [language, blocks(language)]));
  const bagNotice = tr(
    "<p><strong>Free returns within 100 days</strong> on everything from our own warehouse.</p>",
  );
  await insertInBatches(database, cmsPages, [
    { slug: "about", title: tr("About Pitchside"), blocks: perLanguage(aboutBlocks) },
    {
      slug: "cart",
      title: tr("Bag notices"),
      blocks: perLanguage((language) => [notice(bagNotice[language] as string)]),
    },
    { slug: "faq", title: tr("Frequently asked questions"), blocks: perLanguage(faq) },
  ]);

  const supplierRows = await db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers);
  await insertInBatches(
    database,
    policyTexts,
    supplierRows.map((s) => {
      const seller = isOwnSupplier(s.name) ? "Pitchside" : s.name;
      const terms = tr("Terms of sale");
      const applies = trf("These terms apply to products delivered by {seller}.", { seller });
      const withdrawal = tr("Right of withdrawal: 14 days, extended to 100 days for returns.");
      const warranty = tr("Warranty: 2 years under EU law.");
      return {
        supplierId: s.id,
        title: join([terms, ` – ${seller}`]),
        html: Object.fromEntries(
          WRITTEN_LANGUAGES.map((language) => [
            language,
            sanitizeCmsHtml(
              `<h2>${terms[language]}</h2><p>${applies[language]}</p><ul><li>${withdrawal[language]}</li><li>${warranty[language]}</li></ul>`,
            ),
          ]),
        ),
      };
    }),
  );
}
