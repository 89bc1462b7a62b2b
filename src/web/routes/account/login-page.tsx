import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useSearchParams } from "react-router";
import type { z } from "zod";
import { emailInput, loginInput } from "#modules/accounts/accounts.contract.ts";
import { listTeasers } from "#modules/content/content.service.ts";
import { shopContext } from "#server/request-context.ts";
import { type LinkCard, LinkCardSlider, teaserLinkCard } from "#web/components/link-card-slider.tsx";
import { ProductSlider } from "#web/components/product-slider.tsx";
import { call } from "#web/lib/api.ts";
import { safeNext } from "#web/lib/auth-client.ts";
import { soft } from "#web/lib/page-data.server.ts";
import { applyServerErrors } from "#web/lib/server-errors.ts";
import { Dialog } from "#web/ui/dialog.tsx";
import { FormError } from "#web/ui/form-error.tsx";
import { CirclePlay, Heart, Package, Sparkles } from "#web/ui/icons.tsx";
import { SubmitButton } from "#web/ui/submit-button.tsx";
import { TextField } from "#web/ui/text-field.tsx";
import type { Route } from "./+types/login-page.ts";
import { pageTitle, pendingFavourite, popularProducts } from "./account.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const [products, favourite, linkCards] = await Promise.all([
    popularProducts(shop),
    pendingFavourite(shop),
    soft(shop, "login link cards", listTeasers(shop.database.db, "link_card", shop.locale, 6), []),
  ]);
  return {
    title: pageTitle(shop, "meta.login.title"),
    oauth: shop.config.oauth ? { name: shop.config.oauth.name } : null,
    products,
    /** The shop-wide link cards (content kind link_card), as on the home page. */
    linkCards,
    /** A product whose heart this visitor tapped: it becomes a favourite at log-in. */
    pendingFavourite: favourite,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Pitchside" }, { name: "robots", content: "noindex" }];
}

const landingForm = emailInput;

/**
 * The member landing page: an e-mail field whose button opens the login modal, or the validate
 * modal when `validate_email` is in the address (after sign-up); social sign-in (kept from the same
 * `next`); then what an account gives: popular products, cards to the member area, a word on why.
 */
export default function LoginPage({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const [params] = useSearchParams();
  const validateEmail = params.get("validate_email");
  const next = safeNext(params.get("next"));
  const [loginOpen, setLoginOpen] = useState(false);
  const [email, setEmail] = useState(validateEmail ?? "");
  const cards: LinkCard[] = [
    {
      to: "/account/favorites/",
      icon: Heart,
      title: intl.formatMessage({ id: "login.cards.favourites.title" }),
      text: intl.formatMessage({ id: "login.cards.favourites.text" }),
    },
    {
      to: "/account/orders/",
      icon: Package,
      title: intl.formatMessage({ id: "login.cards.orders.title" }),
      text: intl.formatMessage({ id: "login.cards.orders.text" }),
    },
    {
      to: "/masterclass/",
      icon: CirclePlay,
      title: intl.formatMessage({ id: "login.cards.masterclass.title" }),
      text: intl.formatMessage({ id: "login.cards.masterclass.text" }),
    },
    {
      to: "/account/tastemaker/",
      icon: Sparkles,
      title: intl.formatMessage({ id: "login.cards.tastemaker.title" }),
      text: intl.formatMessage({ id: "login.cards.tastemaker.text" }),
    },
  ];
  // Social sign-in comes back to the same place as the log-in form would (the server checks it again).
  const socialStart =
    next === safeNext(null)
      ? "/api/auth/oauth/start/"
      : `/api/auth/oauth/start/?next=${encodeURIComponent(next)}`;
  const landing = useForm<z.input<typeof landingForm>, unknown, z.output<typeof landingForm>>({
    resolver: zodResolver(landingForm),
    mode: "onTouched",
    defaultValues: { email: validateEmail ?? "" },
  });

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="mx-auto max-w-md">
        <h1 className="mb-6 text-3xl font-bold">
          <FormattedMessage id="login.title" />
        </h1>
        {loaderData.pendingFavourite && (
          <p
            role="status"
            className="mb-4 flex items-start gap-2 rounded border border-pitch-700 bg-pitch-100 p-3 text-sm text-pitch-900"
            data-testid="pending-favourite"
          >
            <Heart aria-hidden="true" className="mt-0.5 size-4 shrink-0 fill-red-600 text-red-600" />
            <span>
              <FormattedMessage
                id="login.pendingFavourite"
                values={{
                  name: loaderData.pendingFavourite.name,
                  others: loaderData.pendingFavourite.count - 1,
                }}
              />
            </span>
          </p>
        )}
        {params.get("oauth_error") && (
          <p role="alert" className="mb-4 rounded border border-red-700 bg-red-50 p-3 text-sm text-red-800">
            <FormattedMessage id="login.oauthError" />
          </p>
        )}
        <form
          noValidate
          onSubmit={landing.handleSubmit((values) => {
            setEmail(values.email);
            setLoginOpen(true);
          })}
          className="space-y-4"
        >
          <TextField
            label={intl.formatMessage({ id: "form.email.label" })}
            type="email"
            autoComplete="email"
            error={landing.formState.errors.email?.message}
            {...landing.register("email")}
          />
          <SubmitButton>
            <FormattedMessage id="login.continue" />
          </SubmitButton>
        </form>
        <div className="my-6 flex items-center gap-3 text-sm text-neutral-700" aria-hidden="true">
          <span className="h-px flex-1 bg-neutral-300" />
          <FormattedMessage id="login.or" />
          <span className="h-px flex-1 bg-neutral-300" />
        </div>
        {loaderData.oauth && (
          <a
            href={socialStart}
            aria-disabled={validateEmail ? true : undefined}
            onClick={(event) => validateEmail && event.preventDefault()}
            className={`mb-3 block w-full rounded-full border border-neutral-500 px-4 py-3 text-center font-semibold ${validateEmail ? "pointer-events-none opacity-50" : ""}`}
          >
            <FormattedMessage id="login.social" values={{ provider: loaderData.oauth.name }} />
          </a>
        )}
        <Link
          to="/account/signup/"
          className="block w-full rounded-full border border-neutral-500 px-4 py-3 text-center font-semibold"
        >
          <FormattedMessage id="login.signup" />
        </Link>
      </div>
      <ProductSlider title={intl.formatMessage({ id: "login.products.title" })} cards={loaderData.products} />
      <LinkCardSlider title={intl.formatMessage({ id: "login.cards.title" })} cards={cards} />
      <LinkCardSlider
        title={intl.formatMessage({ id: "home.links.title" })}
        cards={loaderData.linkCards.map(teaserLinkCard)}
      />
      <section className="mx-auto mt-6 max-w-3xl rounded-lg bg-pitch-100 p-6">
        <h2 className="text-xl font-bold">
          <FormattedMessage id="login.info.title" />
        </h2>
        <p className="mt-2">
          <FormattedMessage id="login.info.body" />
        </p>
      </section>
      <LoginModal open={loginOpen} onOpenChange={setLoginOpen} email={email} next={next} />
      {validateEmail && (
        <ValidateModal
          email={validateEmail}
          onLogIn={() => {
            setEmail(validateEmail);
            setLoginOpen(true);
          }}
        />
      )}
    </div>
  );
}

/** The page's modals: a centred dialog whose description is shown under its title. */
function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Dialog
      side="centre"
      className="w-[28rem] max-w-[calc(100%-2rem)] p-6"
      titleClassName="text-xl font-bold"
      closeClassName="rounded p-1"
      overlayClassName="bg-black/50"
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      descriptionClassName="mb-4 text-sm text-neutral-800"
    >
      {children}
    </Dialog>
  );
}

function LoginModal({
  open,
  onOpenChange,
  email,
  next,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
  next: string;
}) {
  const intl = useIntl();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof loginInput>, unknown, z.output<typeof loginInput>>({
    resolver: zodResolver(loginInput),
    mode: "onTouched",
    values: { email, password: "" },
  });
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await call("POST /api/auth/login/", { json: values });
      window.location.assign(next);
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ["email", "password"]));
    }
  });
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={intl.formatMessage({ id: "login.modal.title" })}
      description={intl.formatMessage({ id: "login.modal.description" })}
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label={intl.formatMessage({ id: "form.email.label" })}
          type="email"
          autoComplete="username"
          error={form.formState.errors.email?.message}
          {...form.register("email")}
        />
        <TextField
          label={intl.formatMessage({ id: "form.password.label" })}
          type="password"
          autoComplete="current-password"
          error={form.formState.errors.password?.message}
          {...form.register("password")}
        />
        <FormError id={formError} />
        <SubmitButton busy={form.formState.isSubmitting}>
          <FormattedMessage id="login.modal.title" />
        </SubmitButton>
        <Link
          to="/account/reset/"
          className="block text-center text-sm font-semibold text-pitch-700 underline"
        >
          <FormattedMessage id="login.forgot" />
        </Link>
      </form>
    </Modal>
  );
}

/**
 * After sign-up: the mail is on its way (a validation link, or, for an address that already had an
 * account, a note to its owner; the page cannot tell which). Nobody is logged in yet: the link logs
 * the new member in, or they log in with the password they chose.
 */
function ValidateModal({ email, onLogIn }: { email: string; onLogIn: () => void }) {
  const intl = useIntl();
  const [open, setOpen] = useState(true);
  const [state, setState] = useState<"idle" | "sending" | "sent" | "failed">("idle");
  const resend = async () => {
    setState("sending");
    try {
      await call("POST /api/auth/resend-validation/", { json: { email } });
      setState("sent");
    } catch {
      setState("failed");
    }
  };
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title={intl.formatMessage({ id: "validate.modal.title" })}
      description={intl.formatMessage({ id: "validate.modal.body" }, { email })}
    >
      <div className="space-y-3">
        <button
          type="button"
          onClick={resend}
          disabled={state === "sending"}
          className="w-full rounded-full border border-neutral-500 px-4 py-3 font-semibold disabled:opacity-60"
        >
          <FormattedMessage id="validate.modal.resend" />
        </button>
        <p role="status" className="text-sm">
          {state === "sent" && <FormattedMessage id="validate.modal.resent" />}
          {state === "failed" && <FormattedMessage id="form.error.generic" />}
        </p>
        <button
          type="button"
          onClick={() => {
            setOpen(false);
            onLogIn();
          }}
          className="block w-full text-center font-semibold text-pitch-700 underline"
        >
          <FormattedMessage id="validate.modal.login" />
        </button>
      </div>
    </Modal>
  );
}
