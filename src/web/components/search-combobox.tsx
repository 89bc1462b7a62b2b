import { type RefObject, useEffect, useId, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate } from "react-router";
import { call } from "#web/lib/api.ts";
import type { ResponseOf } from "#web/lib/endpoints.ts";

type Suggestions = ResponseOf<"GET /api/search/suggest/">;

interface Option {
  id: string;
  url: string;
  group: "categories" | "brands" | "products";
  label: string;
  image?: string;
  price?: string;
}

const DEBOUNCE_MS = 200;

/**
 * The header's search field as an ARIA 1.2 combobox: typing asks for suggestions (debounced, the
 * previous request cancelled), arrow keys move through categories, brands and products, Enter opens
 * the active one (or searches the words when none is active), Escape closes the list and then
 * clears the field. The listbox is the full width of the screen on phones.
 */
export function SearchCombobox({ inputRef: givenRef }: { inputRef?: RefObject<HTMLInputElement | null> }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const listId = useId();
  const ownRef = useRef<HTMLInputElement>(null);
  // The header's phone bar moves focus into the field when it opens, so it may hold the field's ref.
  const inputRef = givenRef ?? ownRef;
  const [value, setValue] = useState("");
  const [options, setOptions] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [top, setTop] = useState<number | null>(null);

  useEffect(() => {
    const q = value.trim();
    if (!/[\p{L}\p{N}]/u.test(q)) {
      setOptions([]);
      setOpen(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      call("GET /api/search/suggest/", { query: { q: q.slice(0, 100) }, signal: controller.signal })
        .then((answer) => {
          const next = toOptions(answer, (amount, currency) =>
            intl.formatNumber(amount, { style: "currency", currency }),
          );
          setOptions(next);
          setActive(-1);
          const rect = inputRef.current?.getBoundingClientRect();
          setTop(rect && window.innerWidth < 640 ? rect.bottom + 6 : null);
          setOpen(document.activeElement === inputRef.current && next.length > 0);
        })
        .catch(() => {
          // A cancelled or failed suggestion leaves the field as a plain search box.
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, intl, inputRef]);

  const choose = (option: Option) => {
    setOpen(false);
    navigate(option.url);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (!open && options.length) setOpen(true);
      setActive((index) => (options.length ? (index + 1) % options.length : -1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      if (!open && options.length) setOpen(true);
      setActive((index) => (options.length ? (index <= 0 ? options.length - 1 : index - 1) : -1));
    } else if (event.key === "Enter" && open && active >= 0 && options[active]) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (value) {
        event.preventDefault();
        setValue("");
      }
    }
  };

  const groups = (["categories", "brands", "products"] as const).filter((group) =>
    options.some((option) => option.group === group),
  );
  const groupLabel = {
    categories: "shell.search.categoriesGroup",
    brands: "shell.search.brandsGroup",
    products: "shell.search.productsGroup",
  } as const;
  const activeOption = open && active >= 0 ? options[active] : undefined;

  return (
    <div className="relative min-w-0 flex-1">
      <input
        ref={inputRef}
        id="site-search"
        name="q"
        type="search"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption?.id}
        autoComplete="off"
        maxLength={200}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(false);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => {
          if (options.length) setOpen(true);
        }}
        onBlur={() => setOpen(false)}
        placeholder={intl.formatMessage({ id: "shell.search.placeholder" })}
        className="w-full rounded-l-full border border-neutral-400 px-4 py-2 text-base md:text-sm"
      />
      <p className="sr-only" aria-live="polite">
        {open ? <FormattedMessage id="shell.search.count" values={{ count: options.length }} /> : null}
      </p>
      <div
        id={listId}
        role="listbox"
        aria-label={intl.formatMessage({ id: "shell.search.suggestions" })}
        hidden={!open}
        style={top !== null ? { top } : undefined}
        className={`z-40 max-h-[70vh] overflow-y-auto rounded-lg border border-neutral-300 bg-white py-2 shadow-lg ${
          top !== null ? "fixed inset-x-2" : "absolute left-0 top-full mt-1 w-full min-w-80"
        }`}
      >
        {groups.map((group) => (
          // biome-ignore lint/a11y/useSemanticElements: a listbox's option groups are role=group (ARIA 1.2), not fieldsets
          <div key={group} role="group" aria-labelledby={`${listId}-${group}`}>
            <div
              id={`${listId}-${group}`}
              role="presentation"
              className="px-4 pb-1 pt-2 text-xs font-semibold uppercase text-neutral-700"
            >
              <FormattedMessage id={groupLabel[group]} />
            </div>
            {options
              .filter((option) => option.group === group)
              .map((option) => {
                const selected = option === activeOption;
                return (
                  <div
                    key={option.id}
                    id={option.id}
                    role="option"
                    aria-selected={selected}
                    tabIndex={-1}
                    // Keeps the focus in the field, so the click does not close the list first.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => choose(option)}
                    onKeyDown={() => {}}
                    className={`flex min-h-11 cursor-pointer items-center gap-3 px-4 py-1.5 text-sm ${
                      selected ? "bg-pitch-900 text-white" : "text-neutral-900 hover:bg-neutral-100"
                    }`}
                  >
                    {option.image && (
                      <img
                        src={option.image}
                        alt=""
                        width={40}
                        height={40}
                        className="size-10 rounded object-cover"
                      />
                    )}
                    <span className="flex-1">{option.label}</span>
                    {option.price && <span className="font-semibold">{option.price}</span>}
                  </div>
                );
              })}
          </div>
        ))}
      </div>
    </div>
  );
}

function toOptions(answer: Suggestions, money: (amount: number, currency: string) => string): Option[] {
  return [
    ...answer.categories.map((c) => ({
      id: `suggest-category-${c.slug}`,
      url: c.url,
      group: "categories" as const,
      label: c.title,
    })),
    ...answer.brands.map((b) => ({
      id: `suggest-brand-${b.slug}`,
      url: b.url,
      group: "brands" as const,
      label: b.name,
    })),
    ...answer.products.map((p) => ({
      id: `suggest-product-${p.product_id}`,
      url: p.relative_url,
      group: "products" as const,
      label: `${p.brand} ${p.name.startsWith(p.brand) ? p.name.slice(p.brand.length).trim() : p.name}`,
      image: p.image,
      price: money(p.price, p.currency),
    })),
  ];
}
