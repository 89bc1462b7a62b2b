import * as RadixDialog from "@radix-ui/react-dialog";
import { useEffect, useId, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useLocation, useNavigate, useNavigation } from "react-router";
import { PRODUCT_SORTS } from "#modules/catalog/product-sorts.ts";
import type { Filter } from "#modules/search/listing.contract.ts";
import type { ListingResult } from "#modules/search/listing.service.ts";
import { PAGE_SIZE } from "#modules/search/listing-rules.ts";
import { useCardMarkup } from "#web/components/card-markup.tsx";
import { useKeptMarkup } from "#web/components/kept-markup.tsx";
import { LookPicture, type LookPictureProps } from "#web/components/look-picture.tsx";
import { type CardView, ProductCard } from "#web/components/product-card.tsx";
import { VideoModal } from "#web/components/video-modal.tsx";
import { type JsonText, readJsonText } from "#web/lib/json-text.ts";
import { plainLink } from "#web/lib/plain-links.ts";
import { itemList, selectedItem, track } from "#web/lib/tracking.ts";
import { Dialog, DialogClose } from "#web/ui/dialog.tsx";
import { Disclosure } from "#web/ui/disclosure.tsx";
import { ArrowUpDown, ChevronDown, SlidersHorizontal, X } from "#web/ui/icons.tsx";
import { PageLinks } from "#web/ui/page-links.tsx";
import { type Insert, interleave } from "./listing-inserts.ts";
import { activeFilterCount, resetFilters, toggleFilter, withParam } from "./listing-url.ts";

/**
 * A listing as a page's data carries it: its cards cut to what a card shows (cardView), as one JSON
 * text (decision 0070).
 */
export type ListingData = Omit<ListingResult, "products" | "filters"> & {
  products: JsonText<CardView[]>;
  filters: JsonText<Filter[]>;
};

type InsertItem = Insert & {
  image: string | null;
  url: string | null;
  video?: { provider: string; id: string } | null;
  look?: { image: LookPictureProps["image"] | null; hotspots: LookPictureProps["hotspots"] } | null;
};

/** A video card opens its player full-screen, with a close button (the shared video modal). */
function VideoInsert({ insert }: { insert: InsertItem }) {
  const intl = useIntl();
  const video = insert.video;
  if (!video) return null;
  return (
    <VideoModal title={insert.title} video={video} thumbnail={insert.image ?? undefined}>
      {insert.image && (
        <img
          src={insert.image}
          alt=""
          width={400}
          height={400}
          loading="lazy"
          className="aspect-square w-full rounded-md object-cover"
        />
      )}
      <p className="mt-2 text-xs font-semibold uppercase text-pitch-700">
        {intl.formatMessage({ id: "insert.video_card" })}
      </p>
      <p className="font-semibold [overflow-wrap:anywhere] hyphens-auto">{insert.title}</p>
    </VideoModal>
  );
}
/** Cards whose pictures load at once: the first row on a wide screen, two rows on a phone. */
const EAGER_CARDS = 4;

export interface ListingInserts {
  guides: InsertItem[];
  reels: InsertItem[];
  stories: InsertItem[];
  placed: InsertItem[];
}

function InsertCard({ insert }: { insert: InsertItem }) {
  const intl = useIntl();
  if (insert.kind === "video_card") return <VideoInsert insert={insert} />;
  if (insert.kind === "shop_the_look" && insert.look?.image && insert.look.hotspots.length > 0) {
    return (
      <div data-testid="look-insert">
        <LookPicture image={insert.look.image} hotspots={insert.look.hotspots} />
        <p className="mt-2 text-xs font-semibold uppercase text-pitch-700">
          {intl.formatMessage({ id: "insert.shop_the_look" })}
        </p>
        <p className="font-semibold [overflow-wrap:anywhere] hyphens-auto">{insert.title}</p>
      </div>
    );
  }
  const label = intl.formatMessage({ id: `insert.${insert.kind}` });
  const body = (
    <>
      {insert.image && (
        <img
          src={insert.image}
          alt=""
          width={400}
          height={400}
          loading="lazy"
          className="aspect-square w-full rounded-md object-cover"
        />
      )}
      <p className="mt-2 text-xs font-semibold uppercase text-pitch-700">{label}</p>
      <p className="font-semibold [overflow-wrap:anywhere] hyphens-auto">{insert.title}</p>
    </>
  );
  return insert.url ? (
    <Link to={insert.url} className="block">
      {body}
    </Link>
  ) : (
    <div>{body}</div>
  );
}

/** The spec's filter loading state lasts at least this long, so a fast answer does not flicker. */
const FILTER_LOADING_MS = 300;
const CONDENSED_BRANDS = 8;
const CONDENSED_COLOURS = 4;
const SWATCH: Record<string, string> = {
  black: "#111111",
  white: "#f8f8f8",
  grey: "#9ca3af",
  red: "#dc2626",
  orange: "#f97316",
  yellow: "#facc15",
  green: "#16a34a",
  turquoise: "#14b8a6",
  blue: "#2563eb",
  navy: "#1e3a8a",
  purple: "#7c3aed",
  pink: "#ec4899",
  brown: "#92400e",
  beige: "#d6c7a1",
  gold: "#ca8a04",
  silver: "#cbd5e1",
};

/**
 * The listing's query as the shopper last asked for it: while a filter change is still loading, the
 * next change builds on it, so a quick second click does not drop the first.
 */
function useListingSearch(): string {
  const location = useLocation();
  const navigation = useNavigation();
  const pending = navigation.location;
  return pending && pending.pathname === location.pathname ? pending.search : location.search;
}

function useFilterLoading() {
  const navigation = useNavigation();
  const [holding, setHolding] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const busy = navigation.state !== "idle";
  useEffect(() => {
    if (!busy) return;
    setHolding(true);
    clearTimeout(timer.current);
    // Not cleared when the navigation ends: the state lasts its full 300 ms.
    timer.current = setTimeout(() => setHolding(false), FILTER_LOADING_MS);
  }, [busy]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return busy || holding;
}

function valueLabel(
  intl: ReturnType<typeof useIntl>,
  filter: Filter,
  value: Filter["values"][number],
  currency: string,
) {
  switch (filter.key) {
    case "color":
      return intl.formatMessage({ id: `color.${value.name}`, defaultMessage: value.name });
    case "age":
      return intl.formatMessage({ id: `age.${value.name}`, defaultMessage: value.name });
    case "others":
      return intl.formatMessage({ id: `others.${value.name}`, defaultMessage: value.name });
    case "price_range": {
      const money = (n: number) =>
        intl.formatNumber(n, { style: "currency", currency, maximumFractionDigits: 0 });
      const [low, high] = value.name.replace("+", "").split("-").map(Number);
      return value.name.endsWith("+") ? `${money(low ?? 0)}+` : `${money(low ?? 0)} – ${money(high ?? 0)}`;
    }
    default:
      return value.label;
  }
}

/**
 * A filter value is a link (it works before the page's code has loaded) that acts as a checkbox:
 * Space toggles it as it would a checkbox, Enter follows it as a link.
 */
function toggleWithSpace(event: React.KeyboardEvent<HTMLAnchorElement>) {
  if (event.key !== " ") return;
  event.preventDefault();
  event.currentTarget.click();
}

/**
 * A filter's values as links that act as checkboxes. They render from their props and the page's
 * language alone, so their markup can be kept (decision 0071).
 */
export function FilterValueItems({
  filter,
  values,
  currency,
  search,
}: {
  filter: Filter;
  values: Filter["values"];
  currency: string;
  search: string;
}) {
  const intl = useIntl();
  return (
    <>
      {values.map((value) => (
        <li key={value.name}>
          {/* A link (it works before the page is live, and crawlers follow it) that says it is a
            checkbox and toggles with the space bar like one. */}
          {/* biome-ignore lint/a11y/useSemanticElements: a filter value is an address, not a form field */}
          <a
            {...plainLink(toggleFilter(search, filter.key, value.name), { keepScroll: true })}
            role="checkbox"
            aria-checked={value.selected}
            onKeyDown={toggleWithSpace}
            className="flex min-h-7 items-center gap-2 rounded px-1 py-1 text-sm hover:bg-neutral-100"
          >
            <span
              aria-hidden="true"
              className={`flex size-4 items-center justify-center rounded border ${value.selected ? "border-pitch-900 bg-pitch-900 text-white" : "border-neutral-500"}`}
            >
              {value.selected ? "✓" : ""}
            </span>
            {filter.key === "color" && (
              <span
                aria-hidden="true"
                className="size-4 rounded-full border border-neutral-400"
                style={{ background: SWATCH[value.name] ?? "#ccc" }}
              />
            )}
            <span className="flex-1">{valueLabel(intl, filter, value, currency)}</span>
            <span className="text-xs text-neutral-700">{value.count}</span>
          </a>
        </li>
      ))}
    </>
  );
}

function FilterValues({
  filter,
  currency,
  condensed,
}: {
  filter: Filter;
  currency: string;
  condensed: boolean;
}) {
  const search = useListingSearch();
  const [all, setAll] = useState(false);
  const listId = useId();
  const limit =
    filter.key === "brand"
      ? CONDENSED_BRANDS
      : filter.key === "color"
        ? CONDENSED_COLOURS
        : Number.POSITIVE_INFINITY;
  // Condensed (small screens): the top 8 brands that have a logo, the top 4 colours by count, and
  // "show all" for the rest.
  const candidates =
    condensed && filter.key === "brand"
      ? filter.values.filter((v) => v.has_logo !== false || v.selected)
      : filter.values;
  const values = condensed && !all ? candidates.slice(0, limit) : filter.values;
  const more = condensed && filter.values.length > candidates.slice(0, limit).length;
  const items = <FilterValueItems filter={filter} values={values} currency={currency} search={search} />;
  // The values' markup is kept per filter, values, currency and address (decision 0071).
  const markup = useKeptMarkup(
    () => `filter-values\u0000${filter.key}\u0000${currency}\u0000${search}\u0000${JSON.stringify(values)}`,
    items,
  );
  return (
    <>
      {markup === null ? (
        <ul id={listId} className="space-y-1">
          {items}
        </ul>
      ) : (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own rendering of the values (their text escaped by React), kept
        <ul id={listId} className="space-y-1" dangerouslySetInnerHTML={{ __html: markup }} />
      )}
      {more && (
        <button
          type="button"
          aria-expanded={all}
          aria-controls={listId}
          onClick={() => setAll(!all)}
          className="mt-2 min-h-7 px-1 text-sm font-semibold text-pitch-700 underline"
        >
          {all ? (
            <FormattedMessage id="listing.showFewer" />
          ) : (
            <FormattedMessage id="listing.showAll" values={{ count: filter.values.length }} />
          )}
        </button>
      )}
    </>
  );
}

/** The chosen filter values as chips that each take their value off again, with "reset" beside. */
function ActiveFilters({ filters, currency }: { filters: Filter[]; currency: string }) {
  const intl = useIntl();
  const search = useListingSearch();
  const chosen = filters.flatMap((filter) =>
    filter.values.filter((value) => value.selected).map((value) => ({ filter, value })),
  );
  if (chosen.length === 0) return null;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2" data-testid="active-filters">
      <ul className="flex flex-wrap gap-2" aria-label={intl.formatMessage({ id: "listing.activeFilters" })}>
        {chosen.map(({ filter, value }) => {
          const label = valueLabel(intl, filter, value, currency);
          return (
            <li key={`${filter.key}:${value.name}`}>
              <Link
                to={toggleFilter(search, filter.key, value.name)}
                preventScrollReset
                aria-label={intl.formatMessage({ id: "listing.removeFilter" }, { value: label })}
                className="flex min-h-8 items-center gap-1 rounded-full border border-pitch-900 bg-pitch-100 py-1 pl-3 pr-2 text-sm font-medium text-pitch-950 hover:bg-pitch-100/70"
              >
                {label}
                <X aria-hidden="true" className="size-4" />
              </Link>
            </li>
          );
        })}
      </ul>
      <Link
        to={resetFilters(search)}
        preventScrollReset
        className="px-1 py-1 text-sm font-semibold text-pitch-700 underline lg:hidden"
      >
        <FormattedMessage id="listing.reset" />
      </Link>
    </div>
  );
}

function FilterList({
  filters,
  currency,
  condensed,
}: {
  filters: Filter[];
  currency: string;
  condensed: boolean;
}) {
  const intl = useIntl();
  // Each filter opens and closes on its own, all open at first: the shop's disclosure, not Radix's
  // accordion, whose parts each ask for a synchronous redraw as the page is taken over (decision 0089).
  return (
    <div className="divide-y divide-neutral-200">
      {filters.map((filter) => (
        <Disclosure
          key={filter.key}
          title={intl.formatMessage({ id: filter.name })}
          defaultOpen
          contentClassName="pb-3"
        >
          <FilterValues filter={filter} currency={currency} condensed={condensed} />
        </Disclosure>
      ))}
    </div>
  );
}

/** Keys that change a closed select's choice without opening it: arrows, Home/End, type-ahead. */
function choosesInPlace(event: React.KeyboardEvent) {
  if (event.altKey || event.metaKey || event.ctrlKey) return false;
  return (
    ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"].includes(
      event.key,
    ) ||
    (event.key.length === 1 && event.key !== " ")
  );
}

/**
 * The sort order. A choice from the open list (a tap, a click, Enter in the list) applies at once;
 * stepping through the closed select with the arrow keys only moves the choice, which applies on
 * Enter or when the select is left, so the page is not read again at every key.
 */
function SortSelect({ sort }: { sort: string }) {
  const navigate = useNavigate();
  const search = useListingSearch();
  const intl = useIntl();
  const [value, setValue] = useState(sort);
  const applied = useRef(sort);
  const stepping = useRef(false);
  useEffect(() => {
    applied.current = sort;
    setValue(sort);
  }, [sort]);
  const apply = (next: string) => {
    stepping.current = false;
    if (next === applied.current) return;
    applied.current = next;
    navigate(withParam(search, "sort", next), { preventScrollReset: true });
  };
  return (
    <label className="flex items-center gap-2 text-sm">
      {/* On a phone an icon stands for the label, which stays for screen readers. */}
      <ArrowUpDown aria-hidden="true" className="size-4 sm:hidden" />
      <span className="sr-only sm:not-sr-only">
        <FormattedMessage id="sort.label" />
      </span>
      <select
        value={value}
        onKeyDown={(event) => {
          if (event.key === "Enter") apply(value);
          else stepping.current = choosesInPlace(event);
        }}
        onPointerDown={() => {
          stepping.current = false;
        }}
        onChange={(event) => {
          setValue(event.target.value);
          if (!stepping.current) apply(event.target.value);
        }}
        onBlur={() => apply(value)}
        className="min-h-9 min-w-0 rounded border border-neutral-500 px-2 py-1.5"
      >
        {PRODUCT_SORTS.map((option) => (
          <option key={option} value={option}>
            {intl.formatMessage({ id: `sort.${option}` })}
          </option>
        ))}
      </select>
    </label>
  );
}

function Pagination({ page, totalPages }: { page: number; totalPages: number }) {
  const search = useListingSearch();
  const shown = [...new Set([1, page - 1, page, page + 1, totalPages])]
    .filter((p) => p >= 1 && p <= totalPages)
    .sort((a, b) => a - b);
  const to = (p: number) => withParam(search, "page", p === 1 ? null : String(p));
  return <PageLinks page={page} totalPages={totalPages} shown={shown} to={to} />;
}

/**
 * A grid cell drawn only as it nears the screen, and the height it stands in at until then (decision
 * 0104). Below `md` the grid has two columns, each half the row less the 1rem gap: a square picture
 * that wide, plus the card's text, whose lines (brand, one or two of name, sizes, price, the lowest
 * price of 30 days on a discounted one) come to 7.75rem on average. An insert shares its row with a
 * card and is drawn as tall. Wider grids keep the general 20rem: their rows come out taller, and a
 * page that grows below the screen as it is drawn keeps what is on screen in place.
 */
const CELL_DRAWN_WHEN_NEAR = "render-when-near max-md:[--near-height:calc(7.75rem_+_(100vw_-_3rem)_/_2)]";

/**
 * A product's place in the grid. On the server a card past the first row is written from its kept
 * markup (decision 0066), which the browser's React takes over as the card it draws there; the first
 * row is drawn in place, as its pictures are the page's first (their preload goes in the head).
 */
function ProductCell({
  card,
  searchId,
  priority,
  keptMarkup,
  onSelect,
}: {
  card: CardView;
  searchId?: number | null;
  priority: boolean;
  keptMarkup: ReturnType<typeof useCardMarkup>;
  onSelect: () => void;
}) {
  const markup = priority || !keptMarkup ? null : keptMarkup(card);
  // Past the first row a card is laid out and painted only as it nears the screen (decision 0073).
  const className = priority ? undefined : CELL_DRAWN_WHEN_NEAR;
  if (markup !== null)
    return (
      // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own rendering of the card (its text escaped by React), kept
      <li className={className} onClickCapture={onSelect} dangerouslySetInnerHTML={{ __html: markup }} />
    );
  return (
    <li className={className} onClickCapture={onSelect}>
      <ProductCard card={card} searchId={searchId} priority={priority} />
    </li>
  );
}

export function ListingView({
  listing,
  currency,
  sort,
  inserts,
  children,
  searchId,
  trackingList,
}: {
  listing: ListingData;
  currency: string;
  sort: string;
  inserts?: ListingInserts;
  searchId?: number | null;
  children?: React.ReactNode;
  /** The list the analytics events name (a category's slug, or the search). */
  trackingList?: { id: string; name: string };
}) {
  const search = useListingSearch();
  const listId = trackingList?.id ?? "listing";
  const listName = trackingList?.name ?? "Listing";
  const offset = (listing.page - 1) * PAGE_SIZE;
  const products = readJsonText(listing.products);
  const shownIds = products.map((product) => product.product_id).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: one event per list of cards shown, not per render
  useEffect(() => {
    if (products.length > 0)
      track({ event: "view_item_list", ecommerce: itemList(listId, listName, products, offset) });
  }, [listId, shownIds]);
  const filters = readJsonText(listing.filters);
  const loading = useFilterLoading();
  const active = activeFilterCount(search);
  const keptMarkup = useCardMarkup(searchId);
  return (
    // minmax(0, …): a wide child (the sponsored slider's row) must not widen the column past the screen.
    <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <aside className="hidden lg:block" aria-labelledby="listing-filters-heading">
        {/* The filters' own heading keeps the outline in order: h1 (the page), h2 (filters), h3 (each filter). */}
        <h2 id="listing-filters-heading" className="sr-only">
          <FormattedMessage id="listing.filters" />
        </h2>
        {active > 0 && (
          <Link
            to={resetFilters(search)}
            className="mb-3 inline-block text-sm font-semibold text-pitch-700 underline"
          >
            <FormattedMessage id="listing.reset" />
          </Link>
        )}
        <FilterList filters={filters} currency={currency} condensed={false} />
      </aside>
      <div className="min-w-0">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-neutral-800" aria-live="polite">
            <FormattedMessage id="listing.count" values={{ count: listing.total }} />
          </p>
          <div className="flex min-w-0 flex-wrap items-center gap-3">
            <FilterDrawer listing={listing} filters={filters} currency={currency} active={active} />
            <SortSelect sort={sort} />
          </div>
        </div>
        <ActiveFilters filters={filters} currency={currency} />
        {children}
        <div aria-busy={loading} className={loading ? "opacity-50 transition-opacity" : "transition-opacity"}>
          {loading && (
            <p className="sr-only" role="status">
              <FormattedMessage id="listing.loading" />
            </p>
          )}
          <ul data-testid="product-grid" className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-4">
            {interleave(products, inserts ?? { guides: [], reels: [], stories: [], placed: [] }).map(
              (cell) =>
                cell.type === "product" ? (
                  <ProductCell
                    key={`p${cell.product.product_id}`}
                    card={cell.product}
                    searchId={searchId}
                    priority={products.indexOf(cell.product) < EAGER_CARDS}
                    keptMarkup={keptMarkup}
                    onSelect={() =>
                      track({
                        event: "select_item",
                        ecommerce: selectedItem(
                          listId,
                          listName,
                          cell.product,
                          offset + products.indexOf(cell.product),
                        ),
                      })
                    }
                  />
                ) : (
                  <li
                    key={`i${cell.insert.id}`}
                    data-insert={cell.insert.kind}
                    className={CELL_DRAWN_WHEN_NEAR}
                  >
                    <InsertCard insert={cell.insert as InsertItem} />
                  </li>
                ),
            )}
          </ul>
        </div>
        <Pagination page={listing.page} totalPages={listing.totalPages} />
      </div>
    </div>
  );
}

/**
 * Small screens: each filter opens its own drawer over the filter drawer, with a way back. It returns
 * to the drawer below instead of closing, so it has a back button and no second overlay rather than
 * the shared dialog's close button.
 */
function NestedFilter({
  filter,
  currency,
  total,
  onDone,
}: {
  filter: Filter;
  currency: string;
  total: number;
  onDone: () => void;
}) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: filter.name });
  const selected = filter.values.filter((value) => value.selected).length;
  return (
    <RadixDialog.Root>
      <RadixDialog.Trigger className="flex w-full items-center justify-between py-3 text-left font-semibold">
        <span>
          {title}
          {selected > 0 && (
            <span className="ml-2 rounded-full bg-pitch-900 px-1.5 text-xs text-white">{selected}</span>
          )}
        </span>
        <ChevronDown aria-hidden="true" className="size-4 -rotate-90" />
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Content className="fixed inset-y-0 right-0 z-[60] flex w-96 max-w-full flex-col bg-white shadow-xl">
          <div className="flex items-center gap-2 border-b border-neutral-200 p-4">
            <RadixDialog.Close
              className="rounded p-1"
              aria-label={intl.formatMessage({ id: "listing.back" })}
            >
              <ChevronDown aria-hidden="true" className="size-5 rotate-90" />
            </RadixDialog.Close>
            <RadixDialog.Title className="text-lg font-bold">{title}</RadixDialog.Title>
          </div>
          <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          <div className="flex-1 overflow-y-auto p-4">
            <FilterValues filter={filter} currency={currency} condensed />
          </div>
          <div className="border-t border-neutral-200 p-4">
            {/* One tap back to the products: closes this filter and the filter drawer under it. */}
            <button
              type="button"
              onClick={onDone}
              className="w-full rounded-full bg-pitch-900 px-3 py-2 text-sm font-bold text-white"
            >
              <FormattedMessage id="listing.showResults" values={{ count: total }} />
            </button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function FilterDrawer({
  listing,
  filters,
  currency,
  active,
}: {
  listing: ListingData;
  /** The listing's filters, read from its JSON text by the listing. */
  filters: Filter[];
  currency: string;
  active: number;
}) {
  const search = useListingSearch();
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      side="right"
      className="flex w-96 flex-col"
      headerClassName="border-b border-neutral-200 p-4"
      closeClassName="rounded p-1"
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button
          type="button"
          className="flex min-h-9 items-center gap-2 rounded border border-neutral-500 px-3 py-1.5 text-sm font-semibold lg:hidden"
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          <FormattedMessage id="listing.filters" />
          {active > 0 && (
            <span className="rounded-full bg-pitch-900 px-1.5 text-xs text-white">{active}</span>
          )}
        </button>
      }
      title={<FormattedMessage id="listing.filters" />}
      description={<FormattedMessage id="listing.count" values={{ count: listing.total }} />}
    >
      <div className="flex-1 overflow-y-auto px-4">
        <ul className="divide-y divide-neutral-200">
          {filters.map((filter) => (
            <li key={filter.key}>
              <NestedFilter
                filter={filter}
                currency={currency}
                total={listing.total}
                onDone={() => setOpen(false)}
              />
            </li>
          ))}
        </ul>
      </div>
      <div className="flex gap-2 border-t border-neutral-200 p-4">
        <Link
          to={resetFilters(search)}
          className="flex-1 rounded-full border border-neutral-500 px-3 py-2 text-center text-sm font-semibold"
        >
          <FormattedMessage id="listing.reset" />
        </Link>
        <DialogClose className="flex-1 rounded-full bg-pitch-900 px-3 py-2 text-sm font-bold text-white">
          <FormattedMessage id="listing.showResults" values={{ count: listing.total }} />
        </DialogClose>
      </div>
    </Dialog>
  );
}
