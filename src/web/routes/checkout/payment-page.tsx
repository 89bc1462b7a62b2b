import { useEffect, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useRevalidator, useSearchParams } from "react-router";
import type { z } from "zod";
import type { paymentMethodSchema } from "#modules/checkout/checkout.contract.ts";
import { shopContext } from "#server/request-context.ts";
import { PriceSummary } from "#web/components/price-summary.tsx";
import { ApiRequestError, call } from "#web/lib/api.ts";
import { shipperOf, supplierName } from "#web/lib/suppliers.ts";
import { linesEcommerce, track } from "#web/lib/tracking.ts";
import { Accordion, AccordionItem } from "#web/ui/accordion.tsx";
import { useToast } from "#web/ui/toast.tsx";
import type { Route } from "./+types/payment-page.ts";
import { AdyenCard } from "./adyen-card.tsx";
import { CardForm, type CardValues } from "./card-form.tsx";
import { loadPaymentStep } from "./checkout.server.ts";
import { KlarnaPayLater } from "./klarna-pay-later.tsx";
import { klarnaCustomerData } from "./klarna-sdk.ts";
import { PolicyLink } from "./policy-sheet.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  return loadPaymentStep(context.get(shopContext));
}

/** A tab that comes back after this long reloads: prices, stock and the payment session may have moved on. */
export const RELOAD_AFTER_MS = 3_300_000;

/** A payment method as the step lists it (its contract: `paymentMethodSchema`). */
type Method = z.output<typeof paymentMethodSchema>;

type Phase = "ready" | "submitting" | "paid";

function useReloadWhenStale() {
  useEffect(() => {
    let hiddenAt: number | null = null;
    const onVisibility = () => {
      if (document.visibilityState === "hidden") hiddenAt = Date.now();
      else if (hiddenAt !== null && Date.now() - hiddenAt > RELOAD_AFTER_MS) window.location.reload();
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, []);
}

export default function PaymentPage({ loaderData }: Route.ComponentProps) {
  const { customer, delivery, gateways, cart, comment, market, klarnaScriptUrl } = loaderData;
  const intl = useIntl();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  const [phase, setPhase] = useState<Phase>("ready");
  const [message, setMessage] = useState<string | null>(
    params.get("payment_error") ? "payment.error.refused" : null,
  );
  const [policy, setPolicy] = useState(false);
  const [policyError, setPolicyError] = useState(false);
  const [newsletter, setNewsletter] = useState(false);
  useReloadWhenStale();

  const [chosenId, setChosenId] = useState<number | null>(null);
  const methods: Method[] = Object.values(gateways.paymentMethods)
    .flat()
    .map((m) => ({ ...m, is_selected: chosenId === null ? m.is_selected : m.method_id === chosenId }));
  const selected = methods.find((m) => m.is_selected) ?? null;
  const giftCardsApplied = gateways.giftcards.length > 0;
  const coveredByGiftCards = gateways.amount_due_minor === 0;
  const money = (amount: number) =>
    intl.formatNumber(amount, { style: "currency", currency: gateways.currency });
  const locked = phase !== "ready";
  const suppliers = [...new Set(cart.lines.map((line) => shipperOf(line.supplier)))];

  const fail = (id: string) => {
    setMessage(id);
    toast({ title: intl.formatMessage({ id }), variant: "destructive", flow: true });
    setPhase("ready");
  };

  const choose = async (method: Method) => {
    setChosenId(method.method_id);
    try {
      await call("POST /checkout/payment_gateway_submit/", {
        json: { payment_gateway: method.gateway, method_id: method.method_id },
      });
      track({
        event: "add_payment_info",
        ecommerce: { ...linesEcommerce(cart.currency, cart.lines), payment_type: method.type },
      });
      setMessage(null);
      await revalidator.revalidate();
    } catch {
      setChosenId(null);
      fail("checkout.error.generic");
    }
  };

  const review = async () => {
    if (!policy) {
      setPolicyError(true);
      document.getElementById("policy")?.focus();
      return null;
    }
    return call("POST /checkout/step_review_submit/", {
      json: {
        policy: true,
        subscribe_newsletters: newsletter,
        source: "web",
        device: window.innerWidth <= 768 ? "mobile" : "desktop",
        signup: false,
        reviewed_total_minor: gateways.order_total_minor,
      },
    });
  };

  const errorOf = (error: unknown) =>
    error instanceof ApiRequestError ? error.body.message : "checkout.error.generic";

  const payByCard = async (card: CardValues) => {
    setPhase("submitting");
    try {
      if (!(await review())) return setPhase("ready");
      const [month = "", year = ""] = card.expiry.split("/").map((part) => part.trim());
      const result = await call("POST /checkout/adyen_split_on_payment/", {
        json: {
          data: {
            paymentMethod: {
              type: "scheme",
              holderName: card.holderName,
              number: card.number,
              expiryMonth: month,
              expiryYear: `20${year}`,
              cvc: card.cvc,
            },
          },
        },
      });
      if (result.resultCode === "Authorised" && result.action?.url) {
        setPhase("paid");
        window.location.assign(result.action.url);
      } else fail("payment.error.refused");
    } catch (error) {
      fail(
        error instanceof ApiRequestError && error.status === 429 ? "payment.error.tooMany" : errorOf(error),
      );
    }
  };

  const payLater = async () => {
    setPhase("submitting");
    try {
      if (!policy) {
        setPolicyError(true);
        return setPhase("ready");
      }
      const authorised = await call("POST /payments/test-bnpl/authorize/", { json: {} });
      if (!authorised.approved || !authorised.authorization_token)
        return fail("payment.bnpl.error.notApproved");
      await call("POST /checkout/submit_authorization_token/", {
        json: { authorization_token: authorised.authorization_token },
      });
      const result = await review();
      if (result?.redirect_url) {
        setPhase("paid");
        window.location.assign(result.redirect_url);
      } else fail("payment.bnpl.error.submit");
    } catch (error) {
      fail(errorOf(error));
    }
  };

  /** Klarna's widget: the review first, as for a card; false when the shopper must fix something. */
  const reviewBeforeKlarna = async () => {
    setPhase("submitting");
    try {
      if (await review()) return true;
      setPhase("ready");
      return false;
    } catch (error) {
      fail(errorOf(error));
      return false;
    }
  };

  /** Klarna approved: the shop creates the Klarna order for its own total and places the order. */
  const placeWithKlarna = async (token: string) => {
    try {
      const placed = await call("POST /checkout/submit_authorization_token/", {
        json: { authorization_token: token },
      });
      if (placed.redirect_url) {
        setPhase("paid");
        window.location.assign(placed.redirect_url);
      } else fail("payment.bnpl.error.submit");
    } catch (error) {
      fail(
        error instanceof ApiRequestError && error.status === 429 ? "payment.error.tooMany" : errorOf(error),
      );
    }
  };

  const placeDirectly = async () => {
    setPhase("submitting");
    try {
      const result = await review();
      if (!result) return setPhase("ready");
      if (result.redirect_url) {
        setPhase("paid");
        window.location.assign(result.redirect_url);
      } else fail("checkout.error.generic");
    } catch (error) {
      fail(errorOf(error));
    }
  };

  const gateway = coveredByGiftCards ? "giftcard" : selected?.gateway;
  const payLabel = intl.formatMessage({ id: "payment.pay" }, { amount: money(gateways.amount_due) });

  return (
    <div className="grid grid-cols-1 gap-8 py-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="space-y-6">
        <h1 className="text-2xl font-bold">
          <FormattedMessage id="checkout.payment.title" />
        </h1>
        <div aria-live="polite" className="space-y-2" data-testid="payment-messages">
          {message && (
            <p role="alert" className="rounded border border-red-700 bg-red-50 p-3 text-sm text-red-800">
              <FormattedMessage id={message} defaultMessage={message} />
            </p>
          )}
          {gateways.puma_in_cart && (
            <p className="rounded border border-neutral-300 bg-neutral-50 p-3 text-sm">
              <FormattedMessage id="payment.pumaNotice" />
            </p>
          )}
          {giftCardsApplied && (
            <p
              className="rounded border border-pitch-700 bg-pitch-100 p-3 text-sm"
              data-testid="giftcard-notice"
            >
              <FormattedMessage
                id={coveredByGiftCards ? "payment.giftcard.covers" : "payment.giftcard.partly"}
              />
            </p>
          )}
        </div>

        {!gateways.puma_in_cart && (
          <GiftCardSection applied={gateways.giftcards} disabled={locked} money={money} />
        )}

        {!coveredByGiftCards && (
          <fieldset disabled={locked}>
            <legend className="mb-2 text-lg font-semibold">
              <FormattedMessage id="payment.methods" />
            </legend>
            <ul className="space-y-2">
              {methods
                .filter((m) => m.gateway !== "giftcard")
                .map((method) => (
                  <li key={method.method_id}>
                    <label
                      className={`flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-2 rounded border p-3 ${method.is_selected ? "border-pitch-900 bg-pitch-100" : "border-neutral-300"}`}
                    >
                      <input
                        type="radio"
                        name="payment-method"
                        checked={method.is_selected}
                        onChange={() => choose(method)}
                        className="size-4"
                        data-testid={`payment-${method.gateway}`}
                      />
                      <span className="min-w-0 flex-1 font-semibold">{method.name}</span>
                      {method.payment_fee.amount > 0 && (
                        <span className="text-sm">
                          <FormattedMessage
                            id="payment.fee"
                            values={{ amount: money(method.payment_fee.amount) }}
                          />
                        </span>
                      )}
                      <span className="flex flex-wrap gap-1">
                        {method.icon_urls.slice(0, 5).map((icon) => (
                          <img key={icon} src={icon} alt="" width={32} height={20} className="h-5 w-8" />
                        ))}
                      </span>
                    </label>
                  </li>
                ))}
            </ul>
          </fieldset>
        )}

        <Review customer={customer} delivery={delivery} comment={comment} />

        <div className="space-y-2">
          <label className="flex items-start gap-2">
            <input
              id="policy"
              type="checkbox"
              checked={policy}
              onChange={(e) => {
                setPolicy(e.target.checked);
                setPolicyError(false);
              }}
              aria-invalid={policyError || undefined}
              aria-describedby={policyError ? "policy-error" : undefined}
              className="mt-1 size-5 shrink-0"
              data-testid="policy"
            />
            <span>
              <FormattedMessage id="checkout.policy.accept" />
            </span>
          </label>
          <p className="flex flex-wrap gap-x-4 gap-y-1 pl-7 text-sm">
            {suppliers.map((supplier) => (
              <span key={supplier}>
                <PolicyLink
                  supplier={supplier}
                  label={intl.formatMessage(
                    { id: "checkout.policy.of" },
                    { supplier: supplierName(supplier) },
                  )}
                  pdf={market === "de"}
                />
              </span>
            ))}
            <Link to="/policies/privacy/" className="underline">
              <FormattedMessage id="checkout.policy.privacy" />
            </Link>
          </p>
          {policyError && (
            <p id="policy-error" className="pl-7 text-sm text-red-700" role="alert">
              <FormattedMessage id="checkout.error.policy" />
            </p>
          )}
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={newsletter}
              onChange={(e) => setNewsletter(e.target.checked)}
              className="size-5"
            />
            <FormattedMessage id="checkout.newsletter" />
          </label>
        </div>

        {gateway === "test-card" && gateways.configuration.adyen.id === "test-card" && (
          <CardForm disabled={locked} onPay={payByCard} label={payLabel} />
        )}
        {gateway === "test-card" && gateways.configuration.adyen.id !== "test-card" && (
          <AdyenCard
            config={gateways.configuration.adyen}
            environment={gateways.environment}
            countryCode={market.toUpperCase()}
            amountMinor={gateways.amount_due_minor}
            currency={gateways.currency}
            beforePay={async () => {
              try {
                return Boolean(await review());
              } catch (error) {
                fail(errorOf(error));
                return false;
              }
            }}
            onRefused={fail}
          />
        )}
        {gateway === "test-bnpl" && gateways.configuration.klarna.id === "klarna" && klarnaScriptUrl && (
          <KlarnaPayLater
            // A new total is a new Klarna session.
            key={gateways.amount_due_minor}
            scriptUrl={klarnaScriptUrl}
            customer={klarnaCustomerData(customer.address, customer.billing_address, customer.email)}
            label={intl.formatMessage({ id: "payment.bnpl.pay" }, { amount: money(gateways.amount_due) })}
            disabled={locked}
            beforePay={reviewBeforeKlarna}
            onApproved={placeWithKlarna}
            onFailed={fail}
          />
        )}
        {gateway === "test-bnpl" && gateways.configuration.klarna.id !== "klarna" && (
          <button
            type="button"
            disabled={locked}
            onClick={payLater}
            className="w-full rounded-full bg-pitch-900 px-4 py-3 font-bold text-white disabled:opacity-60"
            data-testid="pay-button"
          >
            <FormattedMessage id="payment.bnpl.pay" values={{ amount: money(gateways.amount_due) }} />
          </button>
        )}
        {(gateway === "cod" || gateway === "giftcard") && (
          <button
            type="button"
            disabled={locked}
            onClick={placeDirectly}
            className="w-full rounded-full bg-pitch-900 px-4 py-3 font-bold text-white disabled:opacity-60"
            data-testid="pay-button"
          >
            <FormattedMessage id="payment.placeOrder" />
          </button>
        )}
        {!gateway && (
          <p className="text-sm text-neutral-700">
            <FormattedMessage id="payment.chooseMethod" />
          </p>
        )}
      </div>
      <aside className="h-fit rounded border border-neutral-200 p-4">
        <h2 className="mb-3 font-semibold">
          <FormattedMessage id="checkout.summary.title" />
        </h2>
        <PriceSummary totals={cart} />
        {gateways.giftcards.length > 0 && (
          <p className="mt-3 flex justify-between font-bold" data-testid="amount-due">
            <FormattedMessage id="payment.amountDue" />
            <span>{money(gateways.amount_due)}</span>
          </p>
        )}
      </aside>
    </div>
  );
}

function GiftCardSection({
  applied,
  disabled,
  money,
}: {
  applied: { code: string; amount: number }[];
  disabled: boolean;
  money: (amount: number) => string;
}) {
  const intl = useIntl();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(applied.length > 0);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) return;
    setBusy(true);
    setError(null);
    try {
      await call("POST /api/giftcards/add/", { json: { code: trimmed } });
      setCode("");
      await revalidator.revalidate();
    } catch (failure) {
      setError(
        failure instanceof ApiRequestError
          ? (failure.body.message ?? "giftcard.error.generic")
          : "checkout.error.generic",
      );
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };
  const remove = async (masked: string) => {
    try {
      await call("DELETE /api/giftcards/remove/:last4/", { params: { last4: masked.replace("…", "") } });
      await revalidator.revalidate();
    } catch {
      toast({
        title: intl.formatMessage({ id: "checkout.error.generic" }),
        variant: "destructive",
        flow: true,
      });
    }
  };
  return (
    <section className="rounded border border-neutral-200 p-3">
      <label className="flex items-center gap-2 font-semibold">
        <input
          type="checkbox"
          checked={open || applied.length > 0}
          disabled={applied.length > 0 || disabled}
          onChange={(e) => setOpen(e.target.checked)}
          className="size-5"
          data-testid="giftcard-toggle"
        />
        <FormattedMessage id="payment.giftcard.use" />
      </label>
      {applied.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm">
          {applied.map((card) => (
            <li key={card.code} className="flex items-center justify-between">
              <span>
                {card.code} −{money(card.amount)}
              </span>
              <button
                type="button"
                className="underline"
                onClick={() => remove(card.code)}
                disabled={disabled}
              >
                <FormattedMessage id="payment.giftcard.remove" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {(open || applied.length > 0) && (
        <form onSubmit={add} noValidate className="mt-3 flex flex-wrap items-end gap-2">
          <label className="flex flex-1 flex-col gap-1 text-sm font-semibold">
            <FormattedMessage id="payment.giftcard.code" />
            <input
              ref={input}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "giftcard-error" : undefined}
              autoComplete="off"
              className="rounded border border-neutral-500 px-3 py-2 font-normal"
              data-testid="giftcard-code"
            />
          </label>
          <button
            type="submit"
            disabled={!code.trim() || busy || disabled}
            className="rounded-full border border-neutral-900 px-4 py-2 font-semibold disabled:opacity-50"
          >
            <FormattedMessage id="payment.giftcard.add" />
          </button>
          {error && (
            <p id="giftcard-error" className="w-full text-sm text-red-700" role="alert">
              <FormattedMessage id={error} defaultMessage={error} />
            </p>
          )}
        </form>
      )}
    </section>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

function Review({ customer, delivery, comment }: Pick<LoaderData, "customer" | "delivery" | "comment">) {
  const address = (a: LoaderData["customer"]["address"]) =>
    a ? (
      <>
        {a.name}
        <br />
        {a.full_address_line}
      </>
    ) : null;
  const billing = customer.billing_address ?? customer.address;
  return (
    <section aria-labelledby="review-heading" className="space-y-3 rounded border border-neutral-200 p-4">
      <h2 id="review-heading" className="text-lg font-semibold">
        <FormattedMessage id="checkout.review.title" />
      </h2>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <ReviewItem label="checkout.review.billing" edit="/checkout/address/">
          {address(billing)}
        </ReviewItem>
        <ReviewItem label="checkout.review.delivery" edit="/checkout/address/">
          {address(customer.address)}
        </ReviewItem>
        <ReviewItem label="checkout.review.email" edit="/checkout/address/">
          {customer.email}
        </ReviewItem>
        <ReviewItem label="checkout.review.phone" edit="/checkout/address/">
          {customer.address?.phone}
        </ReviewItem>
        {delivery.packages.map((pkg) => (
          <ReviewItem
            key={pkg.key}
            label="checkout.review.shipping"
            values={{ supplier: supplierName(pkg.supplier_name) }}
            edit="/checkout/delivery/"
          >
            {pkg.delivery_methods.find((m) => m.is_selected)?.delivery_method}
            {pkg.droppoint && (
              <>
                <br />
                {pkg.droppoint.name}, {pkg.droppoint.streetname}, {pkg.droppoint.zipcode} {pkg.droppoint.city}
              </>
            )}
          </ReviewItem>
        ))}
      </dl>
      <OrderComment initial={comment} />
    </section>
  );
}

function ReviewItem({
  label,
  values,
  edit,
  children,
}: {
  label: string;
  values?: Record<string, string>;
  edit: string;
  children: React.ReactNode;
}) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: label }, values);
  return (
    <div>
      <dt className="flex items-center justify-between font-semibold">
        {title}
        <Link
          to={edit}
          className="text-sm font-normal underline"
          aria-label={intl.formatMessage({ id: "checkout.review.editLabel" }, { what: title })}
        >
          <FormattedMessage id="checkout.review.edit" />
        </Link>
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

function OrderComment({ initial }: { initial: string }) {
  const [saved, setSaved] = useState(initial);
  const [text, setText] = useState(initial);
  const [status, setStatus] = useState<"idle" | "saved" | "failed">("idle");
  const send = async (comment: string) => {
    if (comment.trim() === saved) return setStatus("saved");
    try {
      await call("POST /checkout/add_order_comment/", { json: { comment } });
      setSaved(comment.trim());
      setText(comment.trim());
      setStatus("saved");
    } catch {
      setStatus("failed");
    }
  };
  return (
    <Accordion type="single" collapsible defaultValue={initial ? "comment" : undefined}>
      <AccordionItem
        value="comment"
        title={<FormattedMessage id="checkout.comment.title" />}
        density="compact"
        contentClassName="space-y-2"
      >
        <label htmlFor="order-comment" className="sr-only">
          <FormattedMessage id="checkout.comment.title" />
        </label>
        <textarea
          id="order-comment"
          value={text}
          maxLength={500}
          onChange={(e) => {
            setText(e.target.value);
            setStatus("idle");
          }}
          rows={3}
          className="w-full rounded border border-neutral-500 p-2"
        />
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => send(text)}
            className="rounded-full border border-neutral-900 px-4 py-1.5 font-semibold"
          >
            <FormattedMessage id="checkout.comment.save" />
          </button>
          <button
            type="button"
            onClick={() => send("")}
            className="rounded-full px-4 py-1.5 font-semibold underline"
          >
            <FormattedMessage id="checkout.comment.clear" />
          </button>
        </div>
        <p aria-live="polite" className="text-sm">
          {status === "saved" && <FormattedMessage id="checkout.comment.saved" />}
          {status === "failed" && (
            <span className="text-red-700">
              <FormattedMessage id="checkout.error.generic" />
            </span>
          )}
        </p>
      </AccordionItem>
    </Accordion>
  );
}
