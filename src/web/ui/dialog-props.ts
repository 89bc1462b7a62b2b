import type { ReactNode } from "react";

/**
 * Where the panel sits: a drawer from the left or the right, a box in the centre, a sheet that rises
 * from the bottom on phones and stands on the right from tablets up, or the whole screen (viewers).
 */
export type DialogSide = "left" | "right" | "centre" | "sheet" | "full";

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
