import { data } from "react-router";
import { PREVIEW_TOKEN_COOKIE, previewGranted, readCmsPage } from "#modules/content/cms-pages.service.ts";
import type { ShopRequestContext } from "#server/request-context.ts";
import { pageBlocks } from "#web/components/blocks/page-blocks.server.ts";
import { asPage } from "#web/lib/page-data.server.ts";
import type { CmsPageViewData } from "./cms-page-view.tsx";

export interface CmsPageData {
  page: CmsPageViewData;
  /** The page was asked for as a preview: not indexed, not cached, a banner says so. */
  preview: boolean;
}

function cookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return undefined;
}

/** The headers of a preview answer: never cached, never indexed. */
export const PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/**
 * A CMS page by slug for the storefront, read in-process like the API reads it by id: published
 * pages of the shopper's market only, drafts too when an operator previews (decision 0046). A page
 * that is not there is the not-found page.
 */
export async function loadCmsPage(shop: ShopRequestContext, request: Request, slug: string) {
  const preview = previewGranted(shop.preview, shop.config.operatorApiToken, {
    authorization: request.headers.get("authorization") ?? undefined,
    cookie: cookie(request, PREVIEW_TOKEN_COOKIE),
  });
  const page = await asPage(() =>
    readCmsPage(
      shop.database.db,
      { slug },
      {
        locale: shop.locale,
        market: shop.market.code,
        currency: shop.market.currency,
        preview,
        isShopAddress: (url) => shop.publicAddresses.isKnownHost(url.host),
      },
    ),
  );
  const body: CmsPageData = {
    page: { ...page, body: pageBlocks(page.body, shop.pageTexts) },
    preview: shop.preview,
  };
  return shop.preview ? data(body, { headers: PREVIEW_HEADERS }) : body;
}
