import * as RadixDialog from "@radix-ui/react-dialog";
import { useIntl } from "react-intl";
import { X } from "#web/ui/icons.tsx";
import type { DialogProps, DialogSide } from "./dialog-props.ts";

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

/**
 * The storefront's one dialog frame over Radix Dialog (focus trap, Escape, focus back to the
 * trigger): overlay, panel, a title row with the close button, and the description that screen
 * readers announce. Every close button has the same label.
 */
export default function DialogFrame({
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
