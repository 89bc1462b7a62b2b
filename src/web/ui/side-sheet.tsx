import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { useIntl } from "react-intl";

interface Props {
  /** The element that opens the sheet (rendered as the dialog's trigger). */
  trigger: ReactNode;
  title: ReactNode;
  /** Read to screen readers when the sheet opens. */
  description: ReactNode;
  children: ReactNode;
  onOpenChange?: (open: boolean) => void;
  /** Tailwind width of the panel. */
  width?: string;
  testId?: string;
}

/** A panel sliding in from the right over a dimmed page, with its title and a close button (Radix Dialog). */
export function SideSheet({
  trigger,
  title,
  description,
  children,
  onOpenChange,
  width = "w-[28rem]",
  testId,
}: Props) {
  const intl = useIntl();
  return (
    <Dialog.Root onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className={`fixed inset-y-0 right-0 z-50 ${width} max-w-full space-y-3 overflow-y-auto bg-white p-4 shadow-xl`}
          data-testid={testId}
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
            <Dialog.Close className="rounded p-2" aria-label={intl.formatMessage({ id: "checkout.close" })}>
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
