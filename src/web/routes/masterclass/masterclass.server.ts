import { marketingEmbedsAllowed } from "#kernel/consent.ts";
import { MASTERCLASS_PAGE_SIZE } from "#modules/content/masterclass.contract.ts";
import { listPositions, listSkills, listVideos } from "#modules/content/masterclass.service.ts";
import type { ShopRequestContext } from "#server/request-context.ts";
import { soft } from "#web/lib/page-data.server.ts";

/** The most shorts the slider holds. */
export const SHORTS_IN_SLIDER = 12;

/** A whole number 1..MAX from a query value; anything else is absent. */
function wholeNumber(value: string | null, max = 2_147_483_647): number | undefined {
  if (value === null || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n <= max ? n : undefined;
}

/** The masterclass filters from the address: `position`, `skill` (ids) and `page`; odd values are left out. */
export function masterclassFilters(url: URL) {
  return {
    position: wholeNumber(url.searchParams.get("position")),
    skill: wholeNumber(url.searchParams.get("skill")),
    page: wholeNumber(url.searchParams.get("page"), 10_000) ?? 1,
  };
}

/**
 * The page's data, read in-process: the positions, the skills of the chosen position, one page of
 * videos and the shorts of that position. The videos are the page's point (a failure is the error
 * page); the shorts are secondary.
 */
export async function masterclassPage(shop: ShopRequestContext, url: URL) {
  const { db } = shop.database;
  const filters = masterclassFilters(url);
  const positionIds = filters.position === undefined ? undefined : [filters.position];
  const [positions, skills, videos, shorts] = await Promise.all([
    listPositions(db, shop.locale),
    listSkills(db, { locale: shop.locale, positionId: filters.position }),
    listVideos(db, {
      locale: shop.locale,
      shorts: false,
      offset: (filters.page - 1) * MASTERCLASS_PAGE_SIZE,
      limit: MASTERCLASS_PAGE_SIZE,
      positionIds,
      skillIds: filters.skill === undefined ? undefined : [filters.skill],
      member: shop.user !== null,
    }),
    soft(
      shop,
      "masterclass shorts",
      listVideos(db, {
        locale: shop.locale,
        shorts: true,
        offset: 0,
        limit: SHORTS_IN_SLIDER,
        positionIds,
        member: shop.user !== null,
      }).then((result) => result.items),
      [],
    ),
  ]);
  return {
    filters,
    positions,
    skills: skills.items,
    videos: videos.items,
    totalCount: videos.meta.total_count,
    pages: Math.max(1, Math.ceil(videos.meta.total_count / MASTERCLASS_PAGE_SIZE)),
    shorts,
  };
}

/** Videos embed a third-party player: only with marketing consent where consent is required (decision 0045). */
export const videoAllowed = (shop: ShopRequestContext) => marketingEmbedsAllowed(shop);
