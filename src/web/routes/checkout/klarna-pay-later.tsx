import { useEffect, useRef, useState } from "react";
import { FormattedMessage } from "react-intl";
import { call } from "#web/lib/api.ts";
import {
  type KlarnaAuthorizeResult,
  type KlarnaCustomerData,
  type KlarnaPayments,
  klarnaCategory,
  klarnaOutcome,
  loadKlarnaPayments,
} from "./klarna-sdk.ts";

const CONTAINER_ID = "klarna-payments-container";

interface Props {
  /** Klarna's library (KLARNA_SCRIPT_URL; Klarna's CDN by default). */
  scriptUrl: string;
  /** The billing and delivery address, handed to Klarna only when the shopper pays. */
  customer: KlarnaCustomerData;
  label: string;
  disabled: boolean;
  /** The review first (terms accepted, the order as shown); false stops before Klarna is asked. */
  beforePay: () => Promise<boolean>;
  /** Klarna approved: the token goes to the shop, which creates the Klarna order and places its own. */
  onApproved: (token: string) => Promise<void>;
  /** A message for the shopper (a translation id); the page shows it and takes the next try. */
  onFailed: (messageId: string) => void;
}

type State = "loading" | "ready" | "unavailable";

/**
 * Klarna Payments' widget for the pay-later method, used only when Klarna is configured: its library
 * is added to the page when the shopper chooses pay later, a session is made for the server's total
 * (`POST /payments/klarna/session/`), and the widget is drawn into its container. Paying reviews the
 * order, asks Klarna to authorise, and hands the token to `POST /checkout/submit_authorization_token/`.
 */
export function KlarnaPayLater({
  scriptUrl,
  customer,
  label,
  disabled,
  beforePay,
  onApproved,
  onFailed,
}: Props) {
  const [state, setState] = useState<State>("loading");
  const widget = useRef<{ payments: KlarnaPayments; category: string } | null>(null);
  // The latest callbacks, without loading the widget again when the page re-renders.
  const handlers = useRef({ beforePay, onApproved, onFailed });
  handlers.current = { beforePay, onApproved, onFailed };

  useEffect(() => {
    let cancelled = false;
    const unavailable = () => {
      if (cancelled) return;
      setState("unavailable");
      handlers.current.onFailed("payment.klarna.unavailable");
    };
    (async () => {
      const [payments, session] = await Promise.all([
        loadKlarnaPayments(scriptUrl),
        call("POST /payments/klarna/session/", { json: {} }),
      ]);
      const category = klarnaCategory(session.payment_method_categories);
      if (cancelled) return;
      if (!category) return unavailable();
      payments.init({ client_token: session.client_token });
      payments.load({ container: `#${CONTAINER_ID}`, payment_method_category: category }, (result) => {
        if (cancelled) return;
        if (!result.show_form) return unavailable();
        widget.current = { payments, category };
        setState("ready");
      });
    })().catch(unavailable);
    return () => {
      cancelled = true;
    };
  }, [scriptUrl]);

  const pay = async () => {
    const loaded = widget.current;
    if (!loaded) return;
    if (!(await handlers.current.beforePay())) return;
    let result: KlarnaAuthorizeResult | null;
    try {
      result = await new Promise<KlarnaAuthorizeResult>((resolve) =>
        loaded.payments.authorize({ payment_method_category: loaded.category }, customer, resolve),
      );
    } catch {
      result = null;
    }
    const outcome = klarnaOutcome(result);
    if (outcome.kind === "approved") return handlers.current.onApproved(outcome.token);
    if (outcome.kind === "declined") {
      // Klarna will not take this purchase: its widget goes, the shopper chooses another method.
      setState("unavailable");
      return handlers.current.onFailed("payment.bnpl.error.notApproved");
    }
    handlers.current.onFailed("payment.klarna.notCompleted");
  };

  return (
    <div className="space-y-3" hidden={state === "unavailable"}>
      {state === "loading" && (
        <p role="status" className="text-sm text-neutral-700">
          <FormattedMessage id="payment.klarna.loading" />
        </p>
      )}
      {/* Klarna draws its widget in here; React keeps out of it. */}
      <div id={CONTAINER_ID} data-testid="klarna-widget" />
      {state === "ready" && (
        <button
          type="button"
          disabled={disabled}
          onClick={pay}
          className="w-full rounded-full bg-pitch-900 px-4 py-3 font-bold text-white disabled:opacity-60"
          data-testid="pay-button"
        >
          {label}
        </button>
      )}
    </div>
  );
}
