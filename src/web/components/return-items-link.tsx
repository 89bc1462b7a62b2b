import { FormattedMessage } from "react-intl";
import { Link } from "react-router";
import { Undo2 } from "#web/ui/icons.tsx";

/** The order details page of an order. */
export const orderDetailsPath = (orderNumber: string) =>
  `/account/orders/details/?id=${encodeURIComponent(orderNumber)}`;

/** The page where the member returns goods of an order (the order's `returns_url`). */
export const returnItemsPath = (orderNumber: string) =>
  `/account/orders/returns/new/?id=${encodeURIComponent(orderNumber)}`;

/**
 * The order details page's way to the returns page: "Return items", for an order whose own-warehouse
 * package carries a `returns_url` (pass it; the page is the same for every order).
 */
export function ReturnItemsLink({ orderNumber, className }: { orderNumber: string; className?: string }) {
  return (
    <Link
      to={returnItemsPath(orderNumber)}
      className={className ?? "inline-flex min-h-6 items-center gap-2 font-semibold underline"}
    >
      <Undo2 aria-hidden="true" className="size-4" />
      <FormattedMessage id="returns.link" />
    </Link>
  );
}
