import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import sanitizeHtml from "sanitize-html";
import type { Db } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { translate } from "#kernel/translate.ts";
import type { UiLocale } from "#modules/markets/markets.service.ts";
import { masterclassPositions, masterclassSkills, masterclassVideos } from "./content.schema.ts";
import type { MasterclassOption, MasterclassVideo, MasterclassVideos } from "./masterclass.contract.ts";

/** A video published within this many days carries the "new" badge. */
export const NEW_FOR_DAYS = 14;
const DAY = 86_400_000;
/** The video host the library's players come from (the CSP allows its frames). */
const PLAYER_HOST = "www.youtube-nocookie.com";

/** The positions in their set order, for the dropdown. */
export async function listPositions(db: Db, locale: UiLocale): Promise<MasterclassOption[]> {
  const rows = await db.select().from(masterclassPositions).orderBy(asc(masterclassPositions.sort));
  return rows.map((row) => ({ id: row.id, display_value: translate(row.name, locale) }));
}

/** One position; 404 when there is none by that id. */
export async function getPosition(db: Db, id: number, locale: UiLocale): Promise<MasterclassOption> {
  const [row] = await db.select().from(masterclassPositions).where(eq(masterclassPositions.id, id));
  if (!row) throw new HttpError(404, "position_not_found", "There is no such position.");
  return { id: row.id, display_value: translate(row.name, locale) };
}

/**
 * The skills in their set order; with a position, only those that position has videos for (of
 * either kind), so a chip never leads to an empty list.
 */
export async function listSkills(
  db: Db,
  options: { locale: UiLocale; positionId?: number | undefined },
): Promise<{ items: MasterclassOption[] }> {
  const where =
    options.positionId === undefined
      ? undefined
      : sql`exists (select 1 from ${masterclassVideos} v where v.skill_id = ${masterclassSkills.id} and v.position_id = ${options.positionId})`;
  const rows = await db.select().from(masterclassSkills).where(where).orderBy(asc(masterclassSkills.sort));
  return { items: rows.map((row) => ({ id: row.id, display_value: translate(row.name, options.locale) })) };
}

export interface VideoQuery {
  locale: UiLocale;
  shorts: boolean;
  offset: number;
  limit: number;
  positionIds?: number[] | undefined;
  skillIds?: number[] | undefined;
  /** Members see the whole library; everyone else only the videos not kept for members. */
  member: boolean;
  now?: Date;
}

/** One page of videos or shorts, newest first, with how many match in all. */
export async function listVideos(db: Db, query: VideoQuery): Promise<MasterclassVideos> {
  const conditions: SQL[] = [eq(masterclassVideos.kind, query.shorts ? "short" : "video")];
  if (query.positionIds?.length) conditions.push(inArray(masterclassVideos.positionId, query.positionIds));
  if (query.skillIds?.length) conditions.push(inArray(masterclassVideos.skillId, query.skillIds));
  if (!query.member) conditions.push(eq(masterclassVideos.membersOnly, false));
  const where = and(...conditions);
  const [[{ n } = { n: 0 }], rows] = await Promise.all([
    db.select({ n: count() }).from(masterclassVideos).where(where),
    db
      .select()
      .from(masterclassVideos)
      .where(where)
      .orderBy(desc(masterclassVideos.publishedAt), asc(masterclassVideos.id))
      .limit(query.limit)
      .offset(query.offset),
  ]);
  const now = query.now ?? new Date();
  return {
    items: rows.map((row) => toVideo(row, query.locale, now)),
    meta: { total_count: n, offset: query.offset, limit: query.limit },
  };
}

function toVideo(row: typeof masterclassVideos.$inferSelect, locale: UiLocale, now: Date): MasterclassVideo {
  const title = translate(row.title, locale);
  const thumbnail = `/media/content/masterclass-${row.id}.svg`;
  return {
    id: row.id,
    title,
    thumbnail_image: { full_url: thumbnail, alt: title, width: 1200, height: 800 },
    video: {
      html: playerHtml(row.videoId, title),
      thumbnail_url: thumbnail,
      thumbnail_max: thumbnail,
      title,
    },
    is_new: now.getTime() - row.publishedAt.getTime() < NEW_FOR_DAYS * DAY,
    last_published_at: row.publishedAt.toISOString(),
    duration_seconds: row.durationSeconds,
  };
}

/**
 * The embed HTML of a video: one iframe of the video host, put through the same sanitiser as every
 * other stored HTML so that nothing but that frame can come out, whatever the id or title hold.
 */
export function playerHtml(videoId: string, title: string): string {
  const src = `https://${PLAYER_HOST}/embed/${encodeURIComponent(videoId)}?autoplay=1`;
  const attribute = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return sanitizeHtml(
    `<iframe src="${attribute(src)}" title="${attribute(title)}" allow="autoplay; encrypted-media; picture-in-picture" allowfullscreen></iframe>`,
    {
      allowedTags: ["iframe"],
      allowedAttributes: { iframe: ["src", "title", "allow", "allowfullscreen"] },
      allowedIframeHostnames: [PLAYER_HOST],
      allowedSchemes: ["https"],
    },
  );
}
