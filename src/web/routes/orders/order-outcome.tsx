import { type ReactNode, useEffect } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { OrderOutput } from "#modules/orders/orders.contract.ts";
import { OrderDetails, OrderSkeleton } from "#web/components/order-details.tsx";
import { useToast } from "#web/ui/toast.tsx";
import type { Outcome } from "./orders.server.ts";

/**
 * The body of a page showing one order (the member's order page, the guest's order view): the
 * order with the page's own `actions` beside it, or — when it is not found or could not be loaded —
 * skeletons with an error toast (spec §8) and, when given, a way `back`.
 */
export function OrderOutcome({
  order,
  timeZone,
  actions,
  back,
}: {
  order: Outcome<OrderOutput>;
  timeZone: string;
  actions: (order: OrderOutput) => ReactNode;
  back?: ReactNode;
}) {
  const intl = useIntl();
  const toast = useToast();

  useEffect(() => {
    if (order.state === "ok") return;
    const id = order.state === "not_found" ? "orders.error.notFound" : "orders.loadFailed";
    toast({ title: intl.formatMessage({ id }), variant: "destructive", flow: true });
  }, [order.state, toast, intl]);

  if (order.value)
    return <OrderDetails order={order.value} timeZone={timeZone} actions={actions(order.value)} />;
  return (
    <>
      <h1 className="sr-only">
        <FormattedMessage id="orders.details.heading" />
      </h1>
      <OrderSkeleton back={back} />
    </>
  );
}
