import { useEffect, useId, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Minus, Plus } from "#web/ui/icons.tsx";
import { cleanDraft, quantityToSend, stepDraft } from "./quantity-draft.ts";

/** How long the field waits after the last keystroke or tap before it sends the quantity. */
export const QUANTITY_PAUSE_MS = 1000;

/**
 * A bag line's quantity: − and + buttons around a number field. Typing, clearing the field and
 * tapping the buttons only change what the field shows; the quantity is sent once, when the edit
 * ends — Enter, leaving the field, or a pause — and not at all when it is empty or unchanged.
 * Escape puts back the line's quantity.
 */
export function QuantityField({
  quantity,
  max,
  disabled,
  productName,
  onCommit,
}: {
  quantity: number;
  max: number;
  disabled: boolean;
  productName: string;
  onCommit: (next: number) => Promise<void>;
}) {
  const intl = useIntl();
  const id = useId();
  const [draft, setDraft] = useState(String(quantity));
  const editing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The quantity last sent, so an edit that ends twice (a pause, then leaving the field) sends once.
  const sent = useRef(quantity);

  useEffect(() => {
    sent.current = quantity;
    if (!editing.current) setDraft(String(quantity));
  }, [quantity]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (value: string) => {
    clearTimeout(timer.current);
    editing.current = false;
    const next = quantityToSend(value, sent.current, max);
    if (next === null) {
      setDraft(String(sent.current));
      return;
    }
    sent.current = next;
    setDraft(String(next));
    void onCommit(next);
  };
  const edit = (value: string) => {
    editing.current = true;
    setDraft(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(value), QUANTITY_PAUSE_MS);
  };

  const step = (by: 1 | -1) => edit(stepDraft(draft, sent.current, max, by));
  const shown = Number(draft) || sent.current;
  const button =
    "flex size-9 items-center justify-center text-neutral-900 hover:bg-neutral-100 disabled:text-neutral-400 disabled:hover:bg-transparent";
  return (
    <div className="flex items-center gap-2">
      {/* On a phone the − and + say what the number is; the label stays for screen readers. */}
      <label htmlFor={id} className="sr-only sm:not-sr-only">
        <FormattedMessage id="cart.quantity" />
      </label>
      <div className="flex items-center rounded-full border border-neutral-500">
        <button
          type="button"
          onClick={() => step(-1)}
          disabled={disabled || shown <= 1}
          aria-label={intl.formatMessage({ id: "cart.quantity.less" }, { name: productName })}
          className={`${button} rounded-l-full`}
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={draft}
          disabled={disabled}
          onChange={(event) => edit(cleanDraft(event.target.value))}
          onBlur={() => {
            if (editing.current) commit(draft);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              commit(draft);
            } else if (event.key === "Escape") {
              clearTimeout(timer.current);
              editing.current = false;
              setDraft(String(sent.current));
            }
          }}
          className="h-9 w-10 border-x border-neutral-300 text-center tabular-nums"
          data-testid="line-quantity"
        />
        <button
          type="button"
          onClick={() => step(1)}
          disabled={disabled || shown >= max}
          aria-label={intl.formatMessage({ id: "cart.quantity.more" }, { name: productName })}
          className={`${button} rounded-r-full`}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
