import { z } from "zod";
import { coercedId, MAX_ID } from "#kernel/ids.ts";
import { UI_LOCALES, type UiLocale } from "#modules/markets/markets.data.ts";

/** Masterclass video page size (member area spec §9). */
export const MASTERCLASS_PAGE_SIZE = 6;
/** The most a page may ask for, and the furthest offset (far beyond any library). */
export const MASTERCLASS_MAX_LIMIT = 24;
export const MASTERCLASS_MAX_OFFSET = 10_000;
/** At most this many ids in one filter list. */
const MAX_FILTER_IDS = 20;

/** `fields=*` or a comma-separated list of field names (the answer is the same either way). */
const fields = z
  .string()
  .max(200, "masterclass.error.fields")
  .regex(/^(\*|[a-z_]+(,[a-z_]+)*)$/, "masterclass.error.fields")
  .optional();
const UI = new Set<string>(UI_LOCALES);
/** A UI locale for a language tag: itself (`de-AT`), else its language (`da-DK` → `da`), else none. */
export function uiLocaleOf(tag: string): UiLocale | undefined {
  const [language = "", region] = tag.split("-");
  const full = region ? `${language.toLowerCase()}-${region.toUpperCase()}` : language.toLowerCase();
  if (UI.has(full)) return full as UiLocale;
  return UI.has(language.toLowerCase()) ? (language.toLowerCase() as UiLocale) : undefined;
}

/** The language of the texts (`da`, `de-AT`, `da-DK` …); the shopper's own when absent. */
const locale = z
  .string()
  .max(10, "masterclass.error.locale")
  .regex(/^[A-Za-z]{2}(-[A-Za-z]{2})?$/, "masterclass.error.locale")
  .transform((tag, context) => {
    const ui = uiLocaleOf(tag);
    if (!ui) context.addIssue({ code: "custom", message: "masterclass.error.locale" });
    return ui as UiLocale;
  })
  .optional();

/** A whole number written in digits, from `min` to `max`. */
const digits = (min: number, max: number, message: string) =>
  z
    .string()
    .max(12, message)
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);

/** `1,3,4`: distinct ids, each 1..MAX_ID, at most 20. */
const idList = (message: string) =>
  z
    .string()
    .max(240, message)
    .regex(/^\d{1,10}(,\d{1,10})*$/, message)
    .transform((value) => [...new Set(value.split(",").map(Number))])
    .refine((ids) => ids.length <= MAX_FILTER_IDS && ids.every((id) => id >= 1 && id <= MAX_ID), message)
    .optional();

/** `GET /api/content/masterclass/skills/`: every skill, or those with videos for one position. */
export const skillsQuery = z.object({
  fields,
  locale,
  player_position: coercedId("masterclass.error.position").optional(),
});

/**
 * `GET /api/content/masterclass/videos/`: the long videos (`is_shorts=false`, 6 a page from
 * `offset`) or the shorts (`is_shorts=true`), filtered by positions and skills.
 */
export const videosQuery = z.object({
  fields,
  locale,
  is_shorts: z.enum(["true", "false"], { error: "masterclass.error.isShorts" }).optional().default("false"),
  offset: digits(0, MASTERCLASS_MAX_OFFSET, "masterclass.error.offset").optional().default(0),
  limit: digits(1, MASTERCLASS_MAX_LIMIT, "masterclass.error.limit")
    .optional()
    .default(MASTERCLASS_PAGE_SIZE),
  player_positions: idList("masterclass.error.position"),
  player_skills: idList("masterclass.error.skill"),
});

/** `GET /api/content/masterclass/positions/{id}`. */
export const positionParams = z.object({ id: coercedId("masterclass.error.position") });

/** Position and skill (member area spec §3). */
export const optionOutput = z.object({ id: z.number().int(), display_value: z.string() });
export type MasterclassOption = z.infer<typeof optionOutput>;
export const skillsOutput = z.object({ items: z.array(optionOutput) });
export const positionsOutput = z.object({ items: z.array(optionOutput) });

/** Masterclass video (member area spec §3). */
export const masterclassVideoOutput = z.object({
  id: z.number().int(),
  title: z.string(),
  thumbnail_image: z.object({
    full_url: z.string(),
    alt: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  }),
  /** The player: its embed HTML (a sanitised iframe of the video host), thumbnails and title. */
  video: z.object({
    html: z.string(),
    thumbnail_url: z.string(),
    thumbnail_max: z.string(),
    title: z.string(),
  }),
  is_new: z.boolean(),
  last_published_at: z.string(),
  duration_seconds: z.number().int(),
});
export type MasterclassVideo = z.infer<typeof masterclassVideoOutput>;

export const videosOutput = z.object({
  items: z.array(masterclassVideoOutput),
  meta: z.object({ total_count: z.number().int(), offset: z.number().int(), limit: z.number().int() }),
});
export type MasterclassVideos = z.infer<typeof videosOutput>;
