import type { ReactNode } from "react";
import { useId } from "react";
import { useIntl } from "react-intl";
import { dayRange } from "#kernel/day-range.ts";
import type { StockEntry } from "#modules/product/product.contract.ts";
import { useSizeLabel } from "#web/lib/sizes.ts";

/**
 * The sizes as one radio group (native radios: one tab stop, arrow keys move the choice, sizes that
 * cannot be had are skipped), each with what is in stock and when it arrives. Sold-out sizes are
 * shown struck through. Clicking the chosen size again un-chooses it (the drawer's rule in the spec).
 */
export function SizeGrid({
  sizes,
  selected,
  onSelect,
  label,
  labelAside,
  disabledSize,
  describedBy,
  testId,
}: {
  sizes: StockEntry[];
  selected: number | null;
  onSelect: (sizeId: number) => void;
  label: ReactNode;
  /** Beside the group's label (the size-guide link). */
  labelAside?: ReactNode;
  /** A size that may not be chosen here though it is in stock (marketplace sizes for a print). */
  disabledSize?: (size: StockEntry) => boolean;
  describedBy?: string;
  testId?: string;
}) {
  const intl = useIntl();
  const sizeLabel = useSizeLabel();
  const name = useId();
  return (
    <fieldset aria-describedby={describedBy} data-testid={testId}>
      {/* A floated legend sits in the fieldset's flow, so the guide's link can stand beside it. */}
      <legend className="float-left mb-2 text-sm font-semibold">{label}</legend>
      {labelAside && <div className="float-right mb-2">{labelAside}</div>}
      <div className="clear-both grid grid-cols-3 gap-2 sm:grid-cols-4">
        {sizes.map((size) => {
          const checked = size.size_id === selected;
          const enabled = size.stock_info > 0 && !disabledSize?.(size);
          const days = dayRange(intl.locale, size.delivery.min_days, size.delivery.max_days);
          const stock = intl.formatMessage({
            id:
              size.availability === "out_of_stock"
                ? "stock.out"
                : size.availability === "few_left"
                  ? "stock.few"
                  : "stock.in",
          });
          return (
            <label
              key={size.size_id}
              data-testid="size-option"
              className={`flex min-h-16 w-full cursor-pointer flex-col items-center justify-center rounded border px-1 py-2 text-center text-sm outline-offset-2 outline-pitch-700 has-[:focus-visible]:outline-2 ${
                checked
                  ? "border-neutral-900 bg-neutral-900 text-white"
                  : "border-neutral-500 bg-white hover:border-neutral-900"
              } has-[:disabled]:cursor-not-allowed has-[:disabled]:border-neutral-300 has-[:disabled]:bg-neutral-50 has-[:disabled]:text-neutral-600`}
            >
              <input
                type="radio"
                name={name}
                value={size.size_id}
                checked={checked}
                disabled={!enabled}
                // A new size arrives by change (click or arrow key); the chosen one clicked again is un-chosen.
                onChange={() => onSelect(size.size_id)}
                onClick={() => checked && onSelect(size.size_id)}
                className="sr-only"
              />
              <span className={`font-semibold ${enabled ? "" : "line-through"}`}>{sizeLabel(size.name)}</span>
              <span
                className={`text-xs ${size.availability === "few_left" && !checked ? "font-semibold text-amber-800" : ""}`}
              >
                {stock}
              </span>
              {size.stock_info > 0 && (
                <span className="text-xs">{intl.formatMessage({ id: "sizes.deliveryShort" }, days)}</span>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
