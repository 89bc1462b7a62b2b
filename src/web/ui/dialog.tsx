import {
  cloneElement,
  isValidElement,
  lazy,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  Suspense,
  useState,
} from "react";
import type { DialogProps } from "./dialog-props.ts";

// The dialog library (focus trap, scroll lock, layers) and the frame load with the first opening of
// a dialog on the page, not with every page (decision 0052): until then a dialog is just its trigger.
const DialogFrame = lazy(() => import("./dialog-frame.tsx"));

export type { DialogProps, DialogSide } from "./dialog-props.ts";

/**
 * The storefront's one dialog over Radix Dialog (focus trap, Escape, focus back to the trigger):
 * overlay, panel, a title row with the close button, and the description that screen readers
 * announce (dialog-frame.tsx). The frame's code is fetched when the dialog first opens; the trigger
 * is drawn at once and opens it.
 */
export function Dialog(props: DialogProps) {
  const controlled = props.open !== undefined;
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlled ? Boolean(props.open) : ownOpen;
  // Once opened, the frame stays in place (its closing and later openings need no new load).
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  const onOpenChange = (next: boolean) => {
    if (!controlled) setOwnOpen(next);
    props.onOpenChange?.(next);
  };
  const trigger = isValidElement(props.trigger)
    ? cloneElement(props.trigger as ReactElement<TriggerProps>, {
        "aria-haspopup": "dialog",
        "aria-expanded": false,
        onClick: (event: MouseEvent<HTMLElement>) => {
          (props.trigger as ReactElement<TriggerProps>).props.onClick?.(event);
          if (!event.defaultPrevented) onOpenChange(true);
        },
      })
    : (props.trigger ?? null);
  if (!wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <DialogFrame {...props} open={open} onOpenChange={onOpenChange} />
    </Suspense>
  );
}

interface TriggerProps {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  "aria-haspopup"?: "dialog";
  "aria-expanded"?: boolean;
}

/** Closes the dialog it is in; `asChild` makes a link or button of the dialog's content do it. */
export const DialogClose = lazy(() =>
  import("./dialog-frame.tsx").then((module) => ({ default: module.DialogClose })),
);

/** A confirm dialog's two buttons: keep things as they are, or do the destructive thing. */
export function ConfirmActions({
  cancel,
  confirm,
  busy,
  onConfirm,
  testId,
}: {
  cancel: ReactNode;
  confirm: ReactNode;
  busy: boolean;
  onConfirm: () => void;
  testId: string;
}) {
  return (
    <div className="flex gap-2">
      <DialogClose className="flex-1 rounded-full border border-neutral-900 px-4 py-2 font-semibold">
        {cancel}
      </DialogClose>
      <button
        type="button"
        disabled={busy}
        onClick={onConfirm}
        data-testid={testId}
        className="flex-1 rounded-full bg-red-700 px-4 py-2 font-semibold text-white disabled:opacity-50"
      >
        {confirm}
      </button>
    </div>
  );
}

/**
 * A panel from the right to read beside the page (the order summary, terms, drop points): the
 * dialog with a reading panel's width and spacing.
 */
export function SideSheet({
  width = "w-[28rem]",
  ...props
}: Omit<DialogProps, "side" | "className" | "headerClassName"> & {
  /** Tailwind width of the panel. */
  width?: string;
}) {
  return <Dialog side="right" className={`${width} space-y-3 p-4`} headerClassName="" {...props} />;
}
