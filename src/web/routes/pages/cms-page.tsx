import { data, redirect } from "react-router";
import { cmsPagePath } from "#modules/content/trust-pages.ts";
import { shopContext } from "#server/request-context.ts";
import type { Route } from "./+types/cms-page.ts";
import { loadCmsPage } from "./cms-page.server.ts";
import { CmsPageView, cmsPageMeta } from "./cms-page-view.tsx";

/** A CMS page by its slug: trust pages, the about page and any page an editor publishes. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  if (!/^[a-z0-9-]{1,80}$/.test(params.slug)) throw data(null, { status: 404 });
  // The FAQ and the privacy policy have addresses of their own (the spec's); one address a page.
  const own = cmsPagePath(params.slug);
  if (own !== `/pages/${params.slug}/`) throw redirect(own, 301);
  return loadCmsPage(context.get(shopContext), request, params.slug);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return cmsPageMeta(loaderData);
}

export default function CmsPage({ loaderData }: Route.ComponentProps) {
  return <CmsPageView page={loaderData.page} preview={loaderData.preview} />;
}
