import { shopContext } from "#server/request-context.ts";
import { loadCmsPage } from "#web/routes/pages/cms-page.server.ts";
import { CmsPageView, cmsPageMeta } from "#web/routes/pages/cms-page-view.tsx";
import type { Route } from "./+types/privacy-page.ts";

/** The privacy policy at the spec's /policies/privacy/: the CMS trust page "privacy". */
export function loader({ context, request }: Route.LoaderArgs) {
  return loadCmsPage(context.get(shopContext), request, "privacy");
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return cmsPageMeta(loaderData);
}

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  return <CmsPageView page={loaderData.page} preview={loaderData.preview} />;
}
