import { FormattedMessage } from "react-intl";
import { shopContext } from "#server/request-context.ts";
import { Accordion, AccordionItem } from "#web/ui/accordion.tsx";
import type { Route } from "./+types/faq-page.ts";
import { loadFaq } from "./faq.server.ts";

export function loader({ context }: Route.LoaderArgs) {
  return loadFaq(context.get(shopContext));
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
        <Accordion type="multiple" className="divide-y divide-neutral-200 border-y border-neutral-200">
          {questions.map((item, index) => (
            <AccordionItem
              key={item.question}
              value={`q${index}`}
              title={item.question}
              density="roomy"
              contentClassName="pb-4 text-neutral-800"
            >
              {item.answer}
            </AccordionItem>
          ))}
        </Accordion>
      )}
    </div>
  );
}
