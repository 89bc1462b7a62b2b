import type { CmsBlockOutput } from "#modules/content/cms-pages.contract.ts";
import { ProductCarousel, type SliderCards } from "#web/components/product-slider.tsx";
import { Accordion, AccordionItem } from "#web/ui/accordion.tsx";
import { CallToActionBlock } from "./call-to-action-block.tsx";
import { SocialEmbedBlock, YoutubeBlock } from "./embed-blocks.tsx";
import { ImageGalleryBlock } from "./image-gallery-block.tsx";

type SliderBlock = Extract<CmsBlockOutput, { type: "product_slider" }>;

/**
 * A block as a page carries it: a product slider's cards as one JSON text of what a card shows
 * (`pageBlocks`), any other block as the content call answers it.
 */
export type PageBlock =
  | Exclude<CmsBlockOutput, SliderBlock>
  | { type: "product_slider"; value: { title: string; products: SliderCards } };

/** Content with a CMS body (a page, a store) as a page carries it: its body as `PageBlock`s. */
export type WithPageBlocks<T extends { body: readonly CmsBlockOutput[] }> = Omit<T, "body"> & {
  body: PageBlock[];
};

/** Text from the CMS: headings, paragraphs, lists and links, styled without a typography plugin. */
export const RICH_TEXT =
  "space-y-4 leading-relaxed [&_a]:font-semibold [&_a]:text-pitch-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_h2]:pt-2 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:text-lg [&_h3]:font-bold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_p]:break-words";

/** One block; the answer holds only known, non-empty blocks, and anything else renders nothing. */
function Block({ block, index }: { block: PageBlock; index: number }) {
  switch (block.type) {
    case "image":
      return (
        <img
          src={block.value.src}
          alt={block.value.alt}
          width={block.value.width}
          height={block.value.height}
          loading={index === 0 ? "eager" : "lazy"}
          className="h-auto w-full rounded-lg"
        />
      );
    case "paragraph":
      // Sanitised when stored and again when read (cms-pages.service.ts › sanitizeCmsHtml).
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML passed the shop's sanitiser on the server.
      return <div className={RICH_TEXT} dangerouslySetInnerHTML={{ __html: block.value }} />;
    case "youtube_video":
      return <YoutubeBlock videoId={block.value.video_id} title={block.value.title} />;
    case "call_to_action":
      return <CallToActionBlock {...block.value} />;
    case "image_gallery":
      return <ImageGalleryBlock images={block.value} />;
    case "tiktok_video":
      return (
        <SocialEmbedBlock
          provider="TikTok"
          src={`https://www.tiktok.com/embed/v2/${encodeURIComponent(block.value.video_id)}`}
        />
      );
    case "instagram_reel":
      return (
        <SocialEmbedBlock
          provider="Instagram"
          src={`https://www.instagram.com/reel/${encodeURIComponent(block.value.reel_id)}/embed`}
        />
      );
    case "product_slider":
      return <ProductCarousel title={block.value.title} cards={block.value.products} />;
    case "faq":
      return (
        <Accordion type="multiple" className="divide-y divide-neutral-200 border-y border-neutral-200">
          {block.value.map((item, n) => (
            <AccordionItem
              key={`${index}-${item.question}`}
              value={`q${index}-${n}`}
              title={item.question}
              density="roomy"
              contentClassName="pb-4 text-neutral-800"
            >
              {item.answer}
            </AccordionItem>
          ))}
        </Accordion>
      );
    default:
      return null;
  }
}

/** A CMS page's body: each block in the editor's order, in its own section of the flow. */
export function BlockRenderer({ blocks }: { blocks: readonly PageBlock[] }) {
  return (
    <div className="flex flex-col gap-8" data-testid="cms-blocks">
      {blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a page's blocks never move while it is shown; two blocks may be alike.
        <div key={`${block.type}-${index}`} data-block={block.type} className="min-w-0">
          <Block block={block} index={index} />
        </div>
      ))}
    </div>
  );
}
