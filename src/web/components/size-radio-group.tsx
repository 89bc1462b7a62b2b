import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { StockEntry } from "#modules/product/product.contract.ts";

/**
 * The sizes of a product as one group of radio buttons: one Tab stop, the arrow keys move through
 * the sizes in stock and choose as they go, Space or a tap chooses, and a tap on the chosen size
 * un-chooses it. Each size says its stock. A size sold out (or a partner's, where
 * `disableMarketplace`) cannot be chosen.
 */
export function SizeRadioGroup({
  sizes,
  selected,
  disableMarketplace = false,
  onSelect,
}: {
  sizes: StockEntry[];
  selected: number | null;
  disableMarketplace?: boolean;
  onSelect: (sizeId: number) => void;
}) {
  const intl = useIntl();
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">
        <FormattedMessage id="product.sizes" />
      </legend>
      <ul className="grid grid-cols-3 gap-2">
        {sizes.map((size) => {
          const checked = selected === size.size_id;
          const disabled = size.stock_info <= 0 || (disableMarketplace && size.is_marketplace);
          return (
            <li key={size.size_id}>
              <label className="relative block">
                <input
                  type="radio"
                  name={name}
                  value={size.size_id}
                  checked={checked}
                  disabled={disabled}
                  // A change is a new choice (a tap or an arrow key); a tap on the chosen size un-chooses it.
                  onChange={() => onSelect(size.size_id)}
                  onClick={() => {
                    if (checked) onSelect(size.size_id);
                  }}
                  className="peer sr-only"
                />
                <span
                  className={`flex w-full cursor-pointer flex-col items-center rounded border px-2 py-2 text-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-pitch-950 peer-disabled:cursor-default peer-disabled:border-neutral-300 peer-disabled:text-neutral-500 peer-disabled:line-through ${
                    checked ? "border-neutral-900 bg-neutral-900 text-white" : "border-neutral-500"
                  }`}
                >
                  <span className="font-semibold">{size.name}</span>
                  <span className="text-xs">
                    {intl.formatMessage({
                      id:
                        size.availability === "out_of_stock"
                          ? "stock.out"
                          : size.availability === "few_left"
                            ? "stock.few"
                            : "stock.in",
                    })}
                  </span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
