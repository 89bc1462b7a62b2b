import { useEffect, useRef, useState } from "react";
import { FormattedMessage } from "react-intl";
import { ApiRequestError, call } from "#web/lib/api.ts";

/** The gateway answer's Adyen configuration (a session made by the server for the amount due). */
export interface AdyenSessionConfig {
  id: string;
  sessionData: string;
  client_api_key: string;
  reference: string;
  locale: string;
}

interface Props {
  config: AdyenSessionConfig;
  environment: "test" | "live";
  countryCode: string;
  amountMinor: number;
  currency: string;
  /** Accepts the terms first (the review); false stops the payment. */
  beforePay: () => Promise<boolean>;
  onRefused: (messageId: string) => void;
}

/**
 * Adyen's Drop-in with its card component, loaded only when the gateway answer says Adyen takes the
 * cards (the library is imported here, lazily: no bundle cost otherwise). The card's fields are
 * Adyen's own iframes; the shop receives only their encrypted values and passes them to Adyen.
 */
export function AdyenCard({
  config,
  environment,
  countryCode,
  amountMinor,
  currency,
  beforePay,
  onRefused,
}: Props) {
  const mount = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  // The latest callbacks, without mounting the Drop-in again when the page re-renders.
  const handlers = useRef({ beforePay, onRefused });
  handlers.current = { beforePay, onRefused };

  useEffect(() => {
    let unmount: (() => void) | undefined;
    let cancelled = false;
    (async () => {
      const [{ AdyenCheckout, Dropin, Card }] = await Promise.all([
        import("@adyen/adyen-web"),
        import("@adyen/adyen-web/styles/adyen.css"),
      ]);
      // The shop's answer to a payment call, handed to the Drop-in: to the receipt, a further step
      // (3-D Secure) back to the Drop-in, or a refusal told in the shopper's language.
      const settle = async (
        actions: { resolve: (data: never) => void; reject: () => void },
        ask: () => Promise<{ receiptUrl: string | null; resultCode: string; action?: unknown }>,
      ) => {
        try {
          const answer = await ask();
          if (answer.receiptUrl) {
            actions.resolve({ resultCode: "Authorised" } as never);
            window.location.assign(answer.receiptUrl);
          } else if (answer.action) {
            actions.resolve({ resultCode: answer.resultCode, action: answer.action } as never);
          } else {
            actions.reject();
            handlers.current.onRefused("payment.error.refused");
          }
        } catch (error) {
          actions.reject();
          handlers.current.onRefused(refusalOf(error));
        }
      };
      const checkout = await AdyenCheckout({
        environment,
        clientKey: config.client_api_key,
        session: { id: config.id, sessionData: config.sessionData },
        countryCode,
        locale: config.locale,
        amount: { value: amountMinor, currency },
        // The shop makes the payment (its server works out the amount): Adyen's answer comes back here.
        onSubmit: async (state, _component, actions) => {
          if (!(await handlers.current.beforePay())) return actions.reject();
          await settle(actions, async () => {
            const stateData = {
              paymentMethod: state.data.paymentMethod as { type: string; [key: string]: unknown },
              browserInfo: state.data.browserInfo as Record<string, string | number | boolean> | undefined,
            };
            const result = await call("POST /checkout/adyen_split_on_payment/", {
              json: { data: stateData },
            });
            // Authorised at once: the action is the way to the receipt. Otherwise it is 3-D Secure,
            // which the Drop-in runs in the page (onAdditionalDetails below) or as a redirect.
            const receiptUrl = result.resultCode === "Authorised" ? (result.action?.url ?? null) : null;
            return { receiptUrl, resultCode: result.resultCode, action: result.action };
          });
        },
        // 3-D Secure ran in the page (the threeDS2 action): its result goes to the shop, which asks
        // Adyen how it went and places the order; a further step goes back to the Drop-in.
        onAdditionalDetails: async (state, _component, actions) => {
          await settle(actions, async () => {
            const { details, paymentData } = state.data;
            const result = await call("POST /checkout/adyen_payment_details/", {
              json: {
                data: {
                  details: details as Record<string, string>,
                  ...(paymentData ? { paymentData } : {}),
                },
              },
            });
            return {
              receiptUrl: result.redirect_url ?? null,
              resultCode: result.resultCode,
              action: result.action,
            };
          });
        },
        onError: () => setFailed(true),
      });
      if (cancelled || !mount.current) return;
      const dropin = new Dropin(checkout, { paymentMethodComponents: [Card] }).mount(mount.current);
      unmount = () => dropin.unmount();
    })().catch(() => setFailed(true));
    return () => {
      cancelled = true;
      unmount?.();
    };
  }, [config, environment, countryCode, amountMinor, currency]);

  return (
    <div>
      <div ref={mount} data-testid="adyen-dropin" />
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          <FormattedMessage id="payment.error.refused" />
        </p>
      )}
    </div>
  );
}

/** What the shopper is told when the shop's payment call fails: too many tries, or refused. */
function refusalOf(error: unknown): string {
  return error instanceof ApiRequestError && error.status === 429
    ? "payment.error.tooMany"
    : "payment.error.refused";
}
