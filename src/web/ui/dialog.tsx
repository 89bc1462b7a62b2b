import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { useIntl } from "react-intl";

/**
 * Where the panel sits: a drawer from the left or the right, a box in the centre, a sheet that rises
 * from the bottom on phones and stands on the right from tablets up, or the whole screen (viewers).
 */
export type DialogSide = "left" | "right" | "centre" | "sheet" | "full";

const PANEL: Record<DialogSide, string> = {
  left: "fixed inset-y-0 left-0 z-50 max-w-full overflow-y-auto bg-white shadow-xl",
  right: "fixed inset-y-0 right-0 z-50 max-w-full overflow-y-auto bg-white shadow-xl",
  centre: "fixed left-1/2 top-1/2 z-50 -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white shadow-xl",
  sheet:
    "fixed inset-x-0 bottom-0 z-50 max-h-[90vh] overflow-y-auto rounded-t-2xl bg-white shadow-xl md:inset-y-0 md:left-auto md:right-0 md:max-h-none md:rounded-none",
  full: "fixed inset-0 z-50 flex flex-col",
};

// A full-screen viewer hides the page behind it; every other panel dims it.
const TINT: Record<DialogSide, string> = {
  left: "bg-black/40",
  right: "bg-black/40",
  centre: "bg-black/40",
  sheet: "bg-black/40",
  full: "bg-white",
};

export interface DialogProps {
  side: DialogSide;
  /** The dialog's accessible name, shown in its title row. */
  title: ReactNode;
  /** Read to screen readers when the dialog opens; shown under the title with `descriptionClassName`. */
  description: ReactNode;
  /** Classes of a description that is shown (a confirmation's question); without them it is for screen readers only. */
  descriptionClassName?: string;
  children: ReactNode;
  /** The element that opens the dialog (rendered as its trigger); a controlled dialog may have none. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Size, padding and layout of the panel (its place, surface and shadow come from `side`). */
  className?: string;
  /** Spacing of the title row. */
  headerClassName?: string;
  titleClassName?: string;
  /** Padding and shape of the close button, where the title row is tighter than usual. */
  closeClassName?: string;
  /** The tint over the page, where it differs from the side's own. */
  overlayClassName?: string;
  /** A confirmation is answered by its own buttons, so it has no close button. */
  closeButton?: boolean;
  testId?: string;
  /** Radix's focus hooks, for a controlled dialog without a trigger to give the focus back to. */
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * The storefront's one dialog frame over Radix Dialog (focus trap, Escape, focus back to the
 * trigger): overlay, panel, a title row with the close button, and the description that screen
 * readers announce. Every close button has the same label.
 */
export function Dialog({
  side,
  title,
  description,
  descriptionClassName,
  children,
  trigger,
  open,
  onOpenChange,
  className = "",
  headerClassName = "mb-4",
  titleClassName = "text-lg font-bold",
  closeClassName,
  overlayClassName,
  closeButton = true,
  testId,
  onOpenAutoFocus,
  onCloseAutoFocus,
}: DialogProps) {
  const intl = useIntl();
  const full = side === "full";
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          className={`fixed inset-0 ${full ? "z-50" : "z-40"} ${overlayClassName ?? TINT[side]}`}
        />
        <RadixDialog.Content
          className={`${PANEL[side]} ${className}`}
          data-testid={testId}
          onOpenAutoFocus={onOpenAutoFocus}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <div className={`flex items-center justify-between gap-4 ${headerClassName}`}>
            <RadixDialog.Title className={titleClassName}>{title}</RadixDialog.Title>
            {closeButton && (
              <RadixDialog.Close
                className={closeClassName ?? (full ? "rounded-full p-2" : "rounded p-2")}
                aria-label={intl.formatMessage({ id: "drawer.close" })}
              >
                <X aria-hidden="true" className={full ? "size-6" : "size-5"} />
              </RadixDialog.Close>
            )}
          </div>
          <RadixDialog.Description className={descriptionClassName ?? "sr-only"}>
            {description}
          </RadixDialog.Description>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Closes the dialog it is in; `asChild` makes a link or button of the dialog's content do it. */
export const DialogClose = RadixDialog.Close;

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
