import { FormattedMessage } from "react-intl";
import type { CmsPageOutput } from "#modules/content/cms-pages.contract.ts";
import { BlockRenderer, type WithPageBlocks } from "#web/components/blocks/block-renderer.tsx";
import { Clock, Eye } from "#web/ui/icons.tsx";

/** A CMS page as its route carries it: the body's blocks as the page renders them (`pageBlocks`). */
export type CmsPageViewData = WithPageBlocks<CmsPageOutput>;

/** The tags of a CMS page's head: its SEO title and description; a preview is never indexed. */
export function cmsPageMeta(data: { page: CmsPageViewData; preview: boolean } | undefined) {
  if (!data) return [{ title: "Pitchside" }];
  const { page, preview } = data;
  return [
    { title: `${page.meta.seo_title} | Pitchside` },
    ...(page.meta.search_description ? [{ name: "description", content: page.meta.search_description }] : []),
    ...(preview || page.meta.draft ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/** A CMS page: its title, the reading time, then its blocks (shared by /pages/…, the FAQ and privacy). */
export function CmsPageView({ page, preview }: { page: CmsPageViewData; preview: boolean }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10" data-testid="cms-page" data-page-type={page.meta.type}>
      {preview && (
        <p
          role="status"
          className="mb-6 flex items-center gap-2 rounded bg-amber-100 px-3 py-2 text-sm text-amber-950"
        >
          <Eye aria-hidden="true" className="size-4 shrink-0" />
          <FormattedMessage id={page.meta.draft ? "cms.preview.draft" : "cms.preview.published"} />
        </p>
      )}
      <h1 className="text-3xl font-bold break-words">{page.title}</h1>
      <p className="mt-2 mb-8 flex items-center gap-1.5 text-sm text-neutral-600" data-testid="reading-time">
        <Clock aria-hidden="true" className="size-4" />
        <FormattedMessage id="cms.readingTime" values={{ minutes: page.reading_time_minutes }} />
      </p>
      <BlockRenderer blocks={page.body} />
    </article>
  );
}
