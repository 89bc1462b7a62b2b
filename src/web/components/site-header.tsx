import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Heart, Menu, Search, ShoppingBag, User } from "lucide-react";
import { FormattedMessage, useIntl } from "react-intl";
import { Form, Link } from "react-router";
import type { CategoryNode } from "#modules/catalog/catalog.contract.ts";
import { Dialog, DialogClose } from "#web/ui/dialog.tsx";
import { SearchCombobox } from "./search-combobox.tsx";

interface Props {
  categories: CategoryNode[];
  favouritesCount: number;
  bagCount: number;
  loggedIn: boolean;
}

export function SiteHeader({ categories, favouritesCount, bagCount, loggedIn }: Props) {
  const intl = useIntl();
  return (
    <header className="border-b border-neutral-200 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-pitch-900 focus:px-3 focus:py-2 focus:text-white"
      >
        <FormattedMessage id="shell.skipToContent" />
      </a>
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3">
        <MobileMenu categories={categories} />
        <Link to="/" className="text-xl font-extrabold tracking-tight text-pitch-900">
          <FormattedMessage id="shop.name" />
        </Link>
        <Form
          method="get"
          action="/search/"
          role="search"
          className="ml-auto flex min-w-0 max-w-md flex-1 items-center"
        >
          <label htmlFor="site-search" className="sr-only">
            <FormattedMessage id="shell.search.label" />
          </label>
          <SearchCombobox />
          <button
            type="submit"
            className="rounded-r-full border border-l-0 border-neutral-400 bg-pitch-900 px-3 py-2 text-white"
          >
            <Search aria-hidden="true" className="size-5" />
            <span className="sr-only">
              <FormattedMessage id="shell.search.submit" />
            </span>
          </button>
        </Form>
        <nav
          className="flex items-center gap-1"
          aria-label={intl.formatMessage({ id: "shell.account.home" })}
        >
          <IconLink
            to="/account/favorites/"
            label={intl.formatMessage({ id: "shell.favourites" }, { count: favouritesCount })}
            count={favouritesCount}
          >
            <Heart aria-hidden="true" className="size-6" />
          </IconLink>
          <IconLink
            to="/cart/"
            label={intl.formatMessage({ id: "shell.bag" }, { count: bagCount })}
            count={bagCount}
          >
            <ShoppingBag aria-hidden="true" className="size-6" />
          </IconLink>
          <IconLink
            to={loggedIn ? "/account/home/" : "/account/login/"}
            label={intl.formatMessage({ id: loggedIn ? "shell.account.home" : "shell.account.login" })}
          >
            <User aria-hidden="true" className="size-6" />
          </IconLink>
        </nav>
      </div>
      <CategoryNav categories={categories} />
    </header>
  );
}

function IconLink({
  to,
  label,
  count,
  children,
}: {
  to: string;
  label: string;
  count?: number;
  children: React.ReactNode;
}) {
  return (
    <Link
      to={to}
      aria-label={label}
      className="relative rounded-full p-2 text-neutral-800 hover:bg-neutral-100"
    >
      {children}
      {count ? (
        <span
          aria-hidden="true"
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-flare-500 px-1 text-center text-xs font-bold text-white"
        >
          {count}
        </span>
      ) : null}
    </Link>
  );
}

function CategoryNav({ categories }: { categories: CategoryNode[] }) {
  const intl = useIntl();
  if (categories.length === 0) return null;
  return (
    <nav
      aria-label={intl.formatMessage({ id: "shell.nav.label" })}
      className="hidden border-t border-neutral-100 md:block"
    >
      <ul className="mx-auto flex max-w-7xl flex-wrap gap-1 px-4 py-1 text-sm font-medium">
        {categories.map((category) =>
          category.children.length === 0 ? (
            <li key={category.id}>
              <Link
                to={category.url}
                className="block rounded px-3 py-2 text-neutral-800 hover:bg-neutral-100"
              >
                {category.title}
              </Link>
            </li>
          ) : (
            <li key={category.id}>
              <DropdownMenu.Root>
                <DropdownMenu.Trigger className="rounded px-3 py-2 text-neutral-800 hover:bg-neutral-100 data-[state=open]:bg-neutral-100">
                  {category.title}
                </DropdownMenu.Trigger>
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
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

function MobileMenu({ categories }: { categories: CategoryNode[] }) {
  const intl = useIntl();
  return (
    <Dialog
      side="left"
      className="w-80 p-4"
      trigger={
        <button
          type="button"
          className="rounded p-2 md:hidden"
          aria-label={intl.formatMessage({ id: "shell.menu.open" })}
        >
          <Menu aria-hidden="true" className="size-6" />
        </button>
      }
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
