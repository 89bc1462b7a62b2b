import * as Accordion from "@radix-ui/react-accordion";
import { eq } from "drizzle-orm";
import { ChevronDown } from "lucide-react";
import { FormattedMessage } from "react-intl";
import { translate } from "#modules/catalog/catalog.service.ts";
import { cmsPages } from "#modules/content/content.schema.ts";
import { shopContext } from "#server/request-context.ts";
import { messagesFor } from "#web/i18n/messages.server.ts";
import type { Route } from "./+types/faq-page.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const [page] = await shop.database.db.select().from(cmsPages).where(eq(cmsPages.slug, "faq"));
  const blocks = page ? (page.blocks[shop.locale] ?? page.blocks.en ?? []) : [];
  const questions = blocks.flatMap((block) => (block.type === "faq" ? block.value : []));
  return {
    title: page ? translate(page.title, shop.locale) : null,
    questions,
    metaTitle: messagesFor(shop.locale)["meta.faq.title"] ?? "Pitchside",
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.metaTitle ?? "Pitchside" }];
}

export default function FaqPage({ loaderData }: Route.ComponentProps) {
  const { title, questions } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">{title ?? <FormattedMessage id="faq.title" />}</h1>
      {questions.length === 0 ? (
        <p>
          <FormattedMessage id="faq.empty" />
        </p>
      ) : (
        <Accordion.Root type="multiple" className="divide-y divide-neutral-200 border-y border-neutral-200">
          {questions.map((item, index) => (
            <Accordion.Item key={item.question} value={`q${index}`}>
              <Accordion.Header>
                <Accordion.Trigger className="group flex w-full items-center justify-between py-4 text-left font-semibold">
                  {item.question}
                  <ChevronDown
                    aria-hidden="true"
                    className="size-5 transition group-data-[state=open]:rotate-180"
                  />
                </Accordion.Trigger>
              </Accordion.Header>
              <Accordion.Content className="pb-4 text-neutral-800">{item.answer}</Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      )}
    </div>
  );
}
