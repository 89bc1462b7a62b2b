import crypto from "node:crypto";
import { and, eq, isNotNull, type SQL } from "drizzle-orm";
import sanitizeHtml from "sanitize-html";
import type { Db } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { translate } from "#kernel/translate.ts";
import { getProductCards } from "#modules/catalog/catalog.service.ts";
import type { UiLocale } from "#modules/markets/markets.data.ts";
import type { CmsBlockOutput, CmsPageOutput } from "./cms-pages.contract.ts";
import { type CmsBlock, cmsPages } from "./content.schema.ts";
import { cmsPagePath } from "./trust-pages.ts";

/** Words a minute for the reading time (spec §9), rounded up. */
export const WORDS_PER_MINUTE = 250;

/** The HTML a paragraph block may hold: the tags an editor needs, nothing that runs or styles. */
export function sanitizeCmsHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      "p",
      "h2",
      "h3",
      "h4",
      "strong",
      "em",
      "b",
      "i",
      "u",
      "a",
      "ul",
      "ol",
      "li",
      "br",
      "blockquote",
    ],
    allowedAttributes: { a: ["href", "title", "rel", "target"] },
    allowedSchemes: ["https", "http", "mailto", "tel"],
    // A link the editor gave leaves the shop without handing it the page it came from.
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: /^https?:/i.test(attribs.href ?? "")
          ? { ...attribs, rel: "noopener noreferrer", target: "_blank" }
          : attribs,
      }),
    },
    allowedSchemesAppliedToAttributes: ["href"],
  });
}

/** The plain words of a block, for the reading time. */
function wordsOf(block: CmsBlockOutput): number {
  const count = (text: string) =>
    sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} })
      .split(/\s+/)
      .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  if (block.type === "paragraph") return count(block.value.replace(/<\/(p|li|h\d)>/g, " "));
  if (block.type === "faq") return block.value.reduce((n, q) => n + count(q.question) + count(q.answer), 0);
  return 0;
}

/** Minutes to read the page's text at 250 words a minute, rounded up; at least one. */
export function readingTimeMinutes(blocks: CmsBlockOutput[]): number {
  const words = blocks.reduce((n, block) => n + wordsOf(block), 0);
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** Whether an address is the shop's own: a path, or an absolute URL on one of its configured hosts. */
export type IsShopAddress = (url: URL) => boolean;

const ALIGNMENTS = new Set(["left", "center", "right"]);
const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");
const whole = (value: unknown): number =>
  typeof value === "number" && Number.isInteger(value) && value > 0 ? value : 0;

function picture(value: unknown) {
  const v = (value ?? {}) as Record<string, unknown>;
  const src = text(v.src);
  // Pictures come from the shop's media or an https address; anything else is not shown.
  if (!src || !(src.startsWith("/") || src.startsWith("https://")) || src.startsWith("//")) return null;
  return { src, alt: text(v.alt), width: whole(v.width) || 1200, height: whole(v.height) || 800 };
}

/** The last path segment of a social address (the video's or reel's id), or "" when there is none. */
function socialId(raw: string, host: RegExp, path: RegExp): string {
  try {
    const url = new URL(raw);
    if (url.protocol !== "https:" || !host.test(url.hostname)) return "";
    return path.exec(url.pathname)?.[1] ?? "";
  } catch {
    return "";
  }
}

/**
 * One stored block as the answer gives it, or null when it is empty, malformed or of a type the
 * shop does not know (the renderer skips those rather than failing the page).
 */
export function normaliseBlock(
  block: CmsBlock,
  isShopAddress: IsShopAddress,
): Omit<CmsBlockOutput, never> | null {
  const raw = block as { type?: unknown; value?: unknown };
  const value = raw.value as Record<string, unknown> | unknown[] | string | null | undefined;
  if (value === null || value === undefined) return null;
  switch (raw.type) {
    case "image": {
      const image = picture(value);
      return image ? { type: "image", value: image } : null;
    }
    case "paragraph": {
      const html = sanitizeCmsHtml(text(value));
      return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim()
        ? { type: "paragraph", value: html }
        : null;
    }
    case "youtube_video": {
      const v = value as Record<string, unknown>;
      const id = text(v.video_id);
      return /^[A-Za-z0-9_-]{1,64}$/.test(id)
        ? { type: "youtube_video", value: { video_id: id, title: text(v.title) } }
        : null;
    }
    case "call_to_action": {
      const v = value as Record<string, unknown>;
      const label = text(v.label);
      const url = text(v.url);
      if (!label || !url) return null;
      let parsed: URL;
      try {
        parsed = new URL(url, "http://relative.invalid");
      } catch {
        return null;
      }
      if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
      const relative = parsed.hostname === "relative.invalid" && url.startsWith("/") && !url.startsWith("//");
      const alignment = text(v.alignment);
      return {
        type: "call_to_action",
        value: {
          type: v.type === "link" ? "link" : "button",
          label,
          url,
          alignment: (ALIGNMENTS.has(alignment) ? alignment : "left") as "left" | "center" | "right",
          external: !relative && !isShopAddress(parsed),
        },
      };
    }
    case "image_gallery": {
      if (!Array.isArray(value)) return null;
      const images = value.map(picture).filter((image) => image !== null);
      return images.length ? { type: "image_gallery", value: images } : null;
    }
    case "tiktok_video": {
      const url = text((value as Record<string, unknown>).url);
      const id = socialId(url, /^(www\.)?tiktok\.com$/, /\/video\/([0-9]{1,32})\/?$/);
      return id ? { type: "tiktok_video", value: { url, video_id: id } } : null;
    }
    case "instagram_reel": {
      const url = text((value as Record<string, unknown>).url);
      const id = socialId(url, /^(www\.)?instagram\.com$/, /^\/reels?\/([A-Za-z0-9_-]{1,64})\/?$/);
      return id ? { type: "instagram_reel", value: { url, reel_id: id } } : null;
    }
    case "product_slider": {
      const v = value as Record<string, unknown>;
      const ids = Array.isArray(v.product_ids_list)
        ? v.product_ids_list.filter((id): id is number => whole(id) > 0 && id <= 2_147_483_647)
        : [];
      return ids.length
        ? { type: "product_slider", value: { title: text(v.title), product_ids_list: ids, products: [] } }
        : null;
    }
    case "faq": {
      if (!Array.isArray(value)) return null;
      const questions = value
        .map((item) => {
          const q = (item ?? {}) as Record<string, unknown>;
          return { question: text(q.question), answer: text(q.answer) };
        })
        .filter((q) => q.question && q.answer);
      return questions.length ? { type: "faq", value: questions } : null;
    }
    default:
      return null;
  }
}

/**
 * Stored blocks per locale as the answer gives them, in the shopper's language (locale, then its
 * language, then English): each block normalised (paragraphs sanitised again), empty, malformed and
 * unknown ones dropped, product sliders filled with the cards of products still online (a slider
 * left without any is dropped too). CMS pages and the stores' bodies read their blocks through here.
 */
export async function renderBlocks(
  db: Db,
  blocks: Record<string, CmsBlock[]> | null | undefined,
  request: { locale: string; currency: string; isShopAddress: IsShopAddress },
): Promise<CmsBlockOutput[]> {
  const { locale } = request;
  const byLocale = blocks ?? {};
  const stored =
    byLocale[locale] ?? byLocale[locale.split("-")[0] ?? ""] ?? byLocale.en ?? ([] as CmsBlock[]);
  const body = (Array.isArray(stored) ? stored : [])
    .map((block) => normaliseBlock(block, request.isShopAddress))
    .filter((block) => block !== null) as CmsBlockOutput[];
  const productIds = [
    ...new Set(
      body.flatMap((block) => (block.type === "product_slider" ? block.value.product_ids_list : [])),
    ),
  ];
  if (productIds.length) {
    const cards = await getProductCards(db, {
      currency: request.currency,
      productIds,
      limit: productIds.length,
    });
    const byId = new Map(cards.map((card) => [card.product_id, card]));
    for (const block of body)
      if (block.type === "product_slider")
        block.value.products = block.value.product_ids_list.flatMap((id) => byId.get(id) ?? []);
  }
  return body.filter((block) => block.type !== "product_slider" || block.value.products.length > 0);
}

export interface CmsPageRequest {
  locale: UiLocale;
  market: string;
  currency: string;
  /** True for an operator's preview: drafts are shown too. */
  preview: boolean;
  isShopAddress: IsShopAddress;
}

const notFound = () => new HttpError(404, "page_not_found", "cms.error.notFound");

/** A page by id or slug, in the shopper's language and market; 404 for a draft outside a preview. */
export async function readCmsPage(
  db: Db,
  where: { id: number } | { slug: string },
  request: CmsPageRequest,
): Promise<CmsPageOutput> {
  const conditions: SQL[] = ["id" in where ? eq(cmsPages.id, where.id) : eq(cmsPages.slug, where.slug)];
  if (!request.preview) conditions.push(isNotNull(cmsPages.publishedAt));
  const [page] = await db
    .select()
    .from(cmsPages)
    .where(and(...conditions));
  if (!page) throw notFound();
  // A page made for some markets (the Impressum) does not exist in the others.
  if (page.markets && !page.markets.includes(request.market)) throw notFound();
  const { locale } = request;
  const visible = await renderBlocks(db, page.blocks, request);
  const title = translate(page.title, locale);
  return {
    id: page.id,
    title,
    meta: {
      type: page.pageType,
      slug: page.slug,
      html_url: cmsPagePath(page.slug),
      seo_title: translate(page.seoTitle, locale) || title,
      search_description: translate(page.searchDescription, locale),
      first_published_at: page.firstPublishedAt?.toISOString() ?? null,
      last_published_at: page.publishedAt?.toISOString() ?? null,
      locale,
      draft: page.publishedAt === null,
    },
    reading_time_minutes: readingTimeMinutes(visible),
    body: visible,
  };
}

/**
 * Whether a request may see drafts: it asks for a preview (the Preview cookie or `preview: true`
 * header) and carries the operator's token (OPERATOR_API_TOKEN) as a bearer token or in the
 * PreviewToken cookie, compared in constant time. Without a configured token nobody may.
 */
export function previewGranted(
  asked: boolean,
  expected: string | undefined,
  given: { authorization?: string | undefined; cookie?: string | undefined },
): boolean {
  if (!asked || !expected) return false;
  const token = given.authorization?.replace(/^Bearer\s+/i, "") || given.cookie || "";
  const a = Buffer.from(token);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** The cookie an operator's browser keeps the preview token in. */
export const PREVIEW_TOKEN_COOKIE = "PreviewToken";
