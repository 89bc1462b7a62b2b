import { shopContext } from "#server/request-context.ts";
import { loadCmsPage } from "#web/routes/pages/cms-page.server.ts";
import { CmsPageView, cmsPageMeta } from "#web/routes/pages/cms-page-view.tsx";
import type { Route } from "./+types/faq-page.ts";

/** The FAQ: the CMS page "faq" through the same block renderer as every page (questions as an accordion). */
export function loader({ context, request }: Route.LoaderArgs) {
  return loadCmsPage(context.get(shopContext), request, "faq");
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return cmsPageMeta(loaderData);
}

export default function FaqPage({ loaderData }: Route.ComponentProps) {
  return <CmsPageView page={loaderData.page} preview={loaderData.preview} />;
}
