import { zodResolver } from "@hookform/resolvers/zod";
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useSearchParams } from "react-router";
import type { z } from "zod";
import { emailInput, loginInput } from "#modules/accounts/accounts.contract.ts";
import { shopContext } from "#server/request-context.ts";
import { ProductSlider } from "#web/components/product-slider.tsx";
import { api } from "#web/lib/api.ts";
import { applyServerErrors, safeNext } from "#web/lib/auth-client.ts";
import { TextField } from "#web/ui/text-field.tsx";
import type { Route } from "./+types/login-page.ts";
import { pageTitle, popularProducts } from "./account.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  return {
    title: pageTitle(shop, "meta.login.title"),
    oauth: shop.config.oauth ? { name: shop.config.oauth.name } : null,
    products: await popularProducts(shop),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Pitchside" }, { name: "robots", content: "noindex" }];
}

const landingForm = emailInput;

/**
 * The member landing page: an e-mail field whose button opens the login modal, or the validate
 * modal when `validate_email` is in the address (after sign-up).
 */
export default function LoginPage({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const [params] = useSearchParams();
  const validateEmail = params.get("validate_email");
  const next = safeNext(params.get("next"));
  const [loginOpen, setLoginOpen] = useState(false);
  const [email, setEmail] = useState(validateEmail ?? "");
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
          <button type="submit" className="w-full rounded-full bg-pitch-900 px-4 py-3 font-bold text-white">
            <FormattedMessage id="login.continue" />
          </button>
        </form>
        <div className="my-6 flex items-center gap-3 text-sm text-neutral-700" aria-hidden="true">
          <span className="h-px flex-1 bg-neutral-300" />
          <FormattedMessage id="login.or" />
          <span className="h-px flex-1 bg-neutral-300" />
        </div>
        {loaderData.oauth && (
          <a
            href="/api/auth/oauth/start/"
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
      <section className="mx-auto mt-6 max-w-3xl rounded-lg bg-pitch-100 p-6">
        <h2 className="text-xl font-bold">
          <FormattedMessage id="login.info.title" />
        </h2>
        <p className="mt-2">
          <FormattedMessage id="login.info.body" />
        </p>
      </section>
      <LoginModal open={loginOpen} onOpenChange={setLoginOpen} email={email} next={next} />
      {validateEmail && <ValidateModal email={validateEmail} />}
    </div>
  );
}

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
  const intl = useIntl();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[28rem] max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <div className="mb-4 flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold">{title}</Dialog.Title>
            <Dialog.Close className="rounded p-1" aria-label={intl.formatMessage({ id: "toast.close" })}>
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mb-4 text-sm text-neutral-800">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
      await api("/api/auth/login/", { json: values });
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
        {formError && (
          <p role="alert" className="text-sm text-red-700">
            <FormattedMessage id={formError} />
          </p>
        )}
        <button
          type="submit"
          disabled={form.formState.isSubmitting}
          className="w-full rounded-full bg-pitch-900 px-4 py-3 font-bold text-white disabled:opacity-60"
        >
          <FormattedMessage id="login.modal.title" />
        </button>
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

function ValidateModal({ email }: { email: string }) {
  const intl = useIntl();
  const [open, setOpen] = useState(true);
  const [state, setState] = useState<"idle" | "sending" | "sent" | "failed">("idle");
  const resend = async () => {
    setState("sending");
    try {
      await api("/api/auth/resend-validation/", { json: { email } });
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
        <a href="/account/home/" className="block text-center font-semibold text-pitch-700 underline">
          <FormattedMessage id="validate.modal.continue" />
        </a>
      </div>
    </Modal>
  );
}
