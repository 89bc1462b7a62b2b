import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { FormattedMessage } from "react-intl";
import { Link } from "react-router";
import type { CategoryNode } from "#modules/catalog/catalog.contract.ts";
import { CATEGORY_TRIGGER_CLASS } from "./category-trigger-class.ts";

/**
 * A top category's menu in the desktop navigation: "all of it" first, then its subcategories. Its
 * code (the menu library) loads when the pointer or focus first comes to the navigation, not with
 * every page (site-header.tsx); `openAtStart` opens it when it was clicked before its code arrived.
 */
export default function CategoryDropdown({
  category,
  openAtStart,
}: {
  category: CategoryNode;
  openAtStart: boolean;
}) {
  return (
    <DropdownMenu.Root defaultOpen={openAtStart}>
      <DropdownMenu.Trigger className={CATEGORY_TRIGGER_CLASS}>{category.title}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={4}
          className="z-40 min-w-56 rounded-md border border-neutral-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Item asChild>
            <Link
              to={category.url}
              className="block rounded px-3 py-2 text-sm font-semibold text-neutral-900 outline-none data-[highlighted]:bg-pitch-100"
            >
              <FormattedMessage id="shell.nav.all" values={{ category: category.title }} />
            </Link>
          </DropdownMenu.Item>
          {category.children.map((child) => (
            <DropdownMenu.Item asChild key={child.id}>
              <Link
                to={child.url}
                className="block rounded px-3 py-2 text-sm text-neutral-800 outline-none data-[highlighted]:bg-pitch-100"
              >
                {child.title}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
