import { type ReactNode, useId, useState } from "react";
import { ChevronDown } from "#web/ui/icons.tsx";

/**
 * A section that opens and closes under its heading (the WAI-ARIA disclosure pattern: a heading's
 * button with `aria-expanded`, controlling the region after it). For independent sections where a
 * page cannot afford the accordion library in its first JavaScript (the product page, decision
 * 0052); it looks like an `AccordionItem`. A closed section's content is still in the page's HTML,
 * hidden, so search engines and the page's structured data keep it.
 */
export function Disclosure({
  title,
  children,
  defaultOpen = false,
  headingLevel = 3,
  className,
  contentClassName,
}: {
  title: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
  headingLevel?: 2 | 3;
  className?: string;
  contentClassName?: string;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className={className} data-state={open ? "open" : "closed"}>
      <Heading>
        <button
          type="button"
          id={`${id}-trigger`}
          aria-expanded={open}
          aria-controls={`${id}-content`}
          onClick={() => setOpen((shown) => !shown)}
          className="group flex w-full items-center justify-between py-3 text-left font-semibold"
          data-state={open ? "open" : "closed"}
        >
          {title}
          <ChevronDown aria-hidden="true" className="size-4 transition group-data-[state=open]:rotate-180" />
        </button>
      </Heading>
      <section
        id={`${id}-content`}
        aria-labelledby={`${id}-trigger`}
        hidden={!open}
        className={contentClassName}
      >
        {children}
      </section>
    </div>
  );
}
