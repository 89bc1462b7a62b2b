import { FormattedMessage } from "react-intl";
import { Link } from "react-router";
import type { CategoryNode } from "#modules/catalog/catalog.contract.ts";
import { Dialog, DialogClose } from "#web/ui/dialog.tsx";

/** The phone's category menu, a drawer from the left; its button is the header's (site-header.tsx). */
export default function MobileMenuDialog({
  categories,
  open,
  onOpenChange,
}: {
  categories: CategoryNode[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      side="left"
      className="w-80 p-4"
      open={open}
      onOpenChange={onOpenChange}
      title={<FormattedMessage id="shell.nav.label" />}
      description={<FormattedMessage id="shell.nav.label" />}
    >
      <ul className="space-y-1">
        {categories.map((category) => (
          <li key={category.id}>
            <DialogClose asChild>
              <Link to={category.url} className="block rounded px-2 py-2 font-semibold">
                {category.title}
              </Link>
            </DialogClose>
            {category.children.length > 0 && (
              <ul className="ml-3 border-l border-neutral-200 pl-2">
                {category.children.map((child) => (
                  <li key={child.id}>
                    <DialogClose asChild>
                      <Link to={child.url} className="block rounded px-2 py-1.5 text-sm text-neutral-800">
                        {child.title}
                      </Link>
                    </DialogClose>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
