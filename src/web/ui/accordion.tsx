import * as RadixAccordion from "@radix-ui/react-accordion";
import type { ReactNode } from "react";
import { ChevronDown } from "#web/ui/icons.tsx";

/** The accordion (Radix): `type="multiple"` lets several items stay open, `"single"` one at a time. */
export const Accordion = RadixAccordion.Root;

// How much room a trigger takes: a form's optional part, a page section, a FAQ's question.
const DENSITY = {
  compact: { trigger: "py-2", chevron: "size-4" },
  regular: { trigger: "py-3", chevron: "size-4" },
  roomy: { trigger: "py-4", chevron: "size-5" },
};

/**
 * One item of an accordion: its title as a full-width trigger (a heading's button, as Radix builds
 * it) with a chevron that turns when it opens, then its content.
 */
export function AccordionItem({
  value,
  title,
  children,
  density = "regular",
  className,
  contentClassName,
  headingLevel = 3,
}: {
  value: string;
  title: ReactNode;
  children: ReactNode;
  density?: keyof typeof DENSITY;
  className?: string;
  contentClassName?: string;
  /** The heading level of the trigger: it must follow the page's outline (a product page has no h2 before it). */
  headingLevel?: 2 | 3;
}) {
  const room = DENSITY[density];
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <RadixAccordion.Item value={value} className={className}>
      <RadixAccordion.Header asChild>
        <Heading>
          <RadixAccordion.Trigger
            className={`group flex w-full items-center justify-between text-left font-semibold ${room.trigger}`}
          >
            {title}
            <ChevronDown
              aria-hidden="true"
              className={`${room.chevron} transition group-data-[state=open]:rotate-180`}
            />
          </RadixAccordion.Trigger>
        </Heading>
      </RadixAccordion.Header>
      <RadixAccordion.Content className={contentClassName}>{children}</RadixAccordion.Content>
    </RadixAccordion.Item>
  );
}
