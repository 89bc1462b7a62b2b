import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { FormattedMessage, useIntl } from "react-intl";
import { Form, useLocation } from "react-router";
import type { CategoryNode } from "#modules/catalog/catalog.contract.ts";
import { plainLink } from "#web/lib/plain-links.ts";
import { Heart, Menu, Search, ShoppingBag, User, X } from "#web/ui/icons.tsx";
import { CATEGORY_TRIGGER_CLASS } from "./category-trigger-class.ts";
import { SearchCombobox } from "./search-combobox.tsx";

interface Props {
  categories: CategoryNode[];
  favouritesCount: number;
  bagCount: number;
  loggedIn: boolean;
}

export function SiteHeader({ categories, favouritesCount, bagCount, loggedIn }: Props) {
  const intl = useIntl();
  const search = useSearchBar();
  return (
    <header className="border-b border-neutral-200 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-pitch-900 focus:px-3 focus:py-2 focus:text-white"
      >
        <FormattedMessage id="shell.skipToContent" />
      </a>
      {/* On a phone the search is a second row, opened by its icon; from tablets up it sits in the row. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-3 px-3 py-3 sm:gap-x-3 sm:px-4">
        <MobileMenu categories={categories} />
        <a {...plainLink("/")} className="shrink-0 text-xl font-extrabold tracking-tight text-pitch-900">
          <FormattedMessage id="shop.name" />
        </a>
        <Form
          method="get"
          action="/search/"
          role="search"
          id="site-search-bar"
          onKeyDown={search.onKeyDown}
          className={`order-last w-full items-center md:order-none md:ml-auto md:flex md:w-auto md:max-w-md md:flex-1 ${search.open ? "flex" : "hidden"}`}
        >
          <label htmlFor="site-search" className="sr-only">
            <FormattedMessage id="shell.search.label" />
          </label>
          <SearchCombobox inputRef={search.field} />
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
          className="ml-auto flex shrink-0 items-center md:ml-0 md:gap-1"
          aria-label={intl.formatMessage({ id: "shell.account.home" })}
        >
          <button
            ref={search.toggle}
            type="button"
            onClick={search.flip}
            aria-expanded={search.open}
            aria-controls="site-search-bar"
            aria-label={intl.formatMessage({ id: "shell.search.open" })}
            className="rounded-full p-2 text-neutral-800 hover:bg-neutral-100 md:hidden"
          >
            {search.open ? (
              <X aria-hidden="true" className="size-6" />
            ) : (
              <Search aria-hidden="true" className="size-6" />
            )}
          </button>
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

/**
 * The phone's search bar: its icon opens it and moves focus into the field; Escape (or the icon
 * again) closes it and gives focus back to the icon; going to another page closes it.
 */
function useSearchBar() {
  const [open, setOpen] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every change of page
  useEffect(() => setOpen(false), [pathname]);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  return {
    open,
    field,
    toggle,
    flip: () => {
      if (open) return close();
      // Shown before focusing: a hidden field cannot take focus.
      flushSync(() => setOpen(true));
      field.current?.focus();
    },
    onKeyDown: (event: React.KeyboardEvent) => {
      // Only the phone's bar closes: from tablets up the field is always there. An Escape the field
      // used (closing its suggestions, clearing its words) does not close the bar as well.
      if (event.key === "Escape" && open && !event.defaultPrevented) {
        event.preventDefault();
        close();
      }
    },
  };
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
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: plainLink gives the anchor its href, so it is a link
    <a
      {...plainLink(to)}
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
    </a>
  );
}

// The desktop navigation's menus: their code (the menu library, with its positioning) is fetched
// when the pointer or the keyboard's focus first comes to the navigation and put in place on the
// first click, so a page (and a phone, which never shows them) does not load it up front
// (decision 0052). Until then each menu button is a plain one that opens its menu once it is here.
const loadCategoryDropdown = () => import("./category-dropdown.tsx");
const CategoryDropdown = lazy(loadCategoryDropdown);

function CategoryNav({ categories }: { categories: CategoryNode[] }) {
  const intl = useIntl();
  // The menu the shopper opened first: it opens as soon as its code is here.
  const [openAtStart, setOpenAtStart] = useState<number | null>(null);
  const prefetch = () => void loadCategoryDropdown().catch(() => {});
  if (categories.length === 0) return null;
  return (
    <nav
      aria-label={intl.formatMessage({ id: "shell.nav.label" })}
      className="hidden border-t border-neutral-100 md:block"
      onPointerEnter={prefetch}
      onFocus={prefetch}
    >
      <ul className="mx-auto flex max-w-7xl flex-wrap gap-1 px-4 py-1 text-sm font-medium">
        {categories.map((category) =>
          category.children.length === 0 ? (
            <li key={category.id}>
              <a
                {...plainLink(category.url)}
                className="block rounded px-3 py-2 text-neutral-800 hover:bg-neutral-100"
              >
                {category.title}
              </a>
            </li>
          ) : (
            <li key={category.id}>
              {openAtStart !== null ? (
                <Suspense fallback={<CategoryTrigger category={category} onOpen={setOpenAtStart} />}>
                  <CategoryDropdown category={category} openAtStart={openAtStart === category.id} />
                </Suspense>
              ) : (
                <CategoryTrigger category={category} onOpen={setOpenAtStart} />
              )}
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

// The phone's category menu: its dialog (and the dialog library) loads on the first tap, not with
// every page (decision 0052).
const MobileMenuDialog = lazy(() => import("./mobile-menu-dialog.tsx"));

function MobileMenu({ categories }: { categories: CategoryNode[] }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        className="rounded p-2 md:hidden"
        aria-label={intl.formatMessage({ id: "shell.menu.open" })}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenuDialog categories={categories} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

/** A top category's menu button as the server draws it, until the menu's code is here. */
function CategoryTrigger({ category, onOpen }: { category: CategoryNode; onOpen: (id: number) => void }) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      className={CATEGORY_TRIGGER_CLASS}
      onClick={() => onOpen(category.id)}
    >
      {category.title}
    </button>
  );
}
