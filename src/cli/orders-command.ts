// `pitchside orders …`: the warehouse's commands on orders, the same service calls as the operator
// API (decision 0033). Kept apart from pitchside.ts so the tests run it on their own database.
import { parseArgs } from "node:util";
import type { Db } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { receiveReturn } from "#modules/orders/returns.service.ts";
import {
  changeShipment,
  type LifecycleDeps,
  SHIPMENT_ACTIONS,
  type ShipmentAction,
} from "#modules/orders/shipment-lifecycle.service.ts";

export const ORDERS_USAGE = `       pitchside orders ship <order> <supplier> --carrier <carrier> --tracking <number>
       pitchside orders pack|deliver|cancel <order> <supplier>
       pitchside orders return-received <return> --refund <amount>

orders moves a package of an order (ST…) along: <supplier> is the package's supplier name
("Warehouse" is the shop's own) or its shipment id; carriers: postnord, gls, dhl, dao, bring, ups.
Shipping and cancelling mail the shopper; doing the same again changes nothing. return-received
(R…) puts a return's goods back in stock and records the refund, in the order's currency.`;

export interface CommandResult {
  /** 0 done (or nothing to do), 1 refused or not found, 2 wrong use. */
  exitCode: 0 | 1 | 2;
  output: string;
}

const usage = (message: string): CommandResult => ({ exitCode: 2, output: message });

function refusal(error: unknown): CommandResult {
  if (!(error instanceof HttpError)) throw error;
  const fields = error.fields
    ? Object.entries(error.fields)
        .map(([field, messages]) => `  ${field}: ${messages.join(" ")}`)
        .join("\n")
    : "";
  return {
    exitCode: error.statusCode === 400 ? 2 : 1,
    output: `${error.code}: ${error.message}${fields ? `\n${fields}` : ""}`,
  };
}

/** Runs `orders <sub-command> …` (the words after "orders") on a database; the caller sends the mail queued. */
export async function runOrdersCommand(db: Db, deps: LifecycleDeps, args: string[]): Promise<CommandResult> {
  let parsed: ReturnType<typeof parse>;
  const parse = (words: string[]) =>
    parseArgs({
      args: words,
      options: {
        carrier: { type: "string" },
        tracking: { type: "string" },
        refund: { type: "string" },
      },
      allowPositionals: true,
      strict: true,
    });
  try {
    parsed = parse(args);
  } catch (error) {
    return usage((error as Error).message);
  }
  const [sub, first, second, ...extra] = parsed.positionals;
  const { values } = parsed;
  if (sub === "return-received") {
    if (!first || second !== undefined) return usage("return-received needs one return number (R…).");
    if (values.carrier !== undefined || values.tracking !== undefined)
      return usage("return-received takes --refund only.");
    if (values.refund === undefined || !/^\d{1,8}(\.\d{1,2})?$/.test(values.refund.trim()))
      return usage("--refund needs an amount of 0 or more, e.g. 249.95.");
    try {
      const result = await receiveReturn(db, deps, {
        returnNumber: first,
        refundAmount: Number(values.refund),
        source: "cli",
      });
      const goods = result.restocked.reduce((sum, size) => sum + size.quantity, 0);
      return {
        exitCode: 0,
        output: result.changed
          ? `${result.return_number} (${result.order_number}) received: ${goods} item(s) back in stock, refund ${result.refund_amount} ${result.currency} recorded.`
          : `${result.return_number} was already received with this refund; nothing changed.`,
      };
    } catch (error) {
      return refusal(error);
    }
  }
  if (!sub || !SHIPMENT_ACTIONS.includes(sub as ShipmentAction))
    return usage(sub ? `Unknown orders command "${sub}".` : "orders needs a command.");
  const action = sub as ShipmentAction;
  if (!first || !second || extra.length) return usage(`${action} needs an order number and a supplier.`);
  if (values.refund !== undefined) return usage(`${action} takes no --refund.`);
  if (action === "ship" && (values.carrier === undefined || values.tracking === undefined))
    return usage("ship needs --carrier and --tracking.");
  if (action !== "ship" && (values.carrier !== undefined || values.tracking !== undefined))
    return usage(`${action} takes no --carrier or --tracking.`);
  try {
    const result = await changeShipment(db, deps, {
      orderNumber: first,
      shipment: second,
      action,
      carrier: values.carrier,
      trackingNumber: values.tracking,
      source: "cli",
    });
    const { shipment } = result;
    const what = `${result.order_number} ${shipment.supplier} (shipment ${shipment.id})`;
    if (!result.changed)
      return { exitCode: 0, output: `${what} is already ${shipment.status}; nothing changed.` };
    const tracking = shipment.track_and_trace ? ` ${shipment.track_and_trace}` : "";
    return {
      exitCode: 0,
      output: `${what} is now ${shipment.status}${tracking}; the order is ${result.order_status}.`,
    };
  } catch (error) {
    return refusal(error);
  }
}
