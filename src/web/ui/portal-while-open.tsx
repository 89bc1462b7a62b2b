import * as RadixDialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

/**
 * A Radix dialog's portal, drawn only while the dialog is open (decision 0089). Drawn closed, each of
 * Radix's presence parts asks for a synchronous redraw as the page is taken over, pulling the page's
 * effects into one long task on a phone. For dialogs drawn with the page; the shop's `Dialog` loads
 * and draws its frame at the first opening anyway.
 */
export function PortalWhileOpen({ open, children }: { open: boolean; children: ReactNode }) {
  return open ? <RadixDialog.Portal>{children}</RadixDialog.Portal> : null;
}
