import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { Link, useSearchParams } from "react-router";
import type { EmailChangeLink } from "#modules/accounts/profile.contract.ts";
import { shopContext } from "#server/request-context.ts";
import { MailLinkConfirmForm } from "#web/components/mail-link-confirm-form.tsx";
import { call } from "#web/lib/api.ts";
import type { Route } from "./+types/email-confirm-page.ts";
import { loadEmailConfirmPage } from "./settings.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadEmailConfirmPage(context.get(shopContext), new URL(request.url));
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Pitchside" }, { name: "robots", content: "noindex" }];
}

type Shown =
  | { kind: "pending" | "confirmed" | "already" | "expired"; email: string }
  | { kind: "unknown" | "taken" };

const shownOf = (link: EmailChangeLink): Shown =>
  link.state === "unknown"
    ? { kind: "unknown" }
    : { kind: link.state === "confirmed" ? "already" : link.state, email: link.email };

const FAILURES: Record<string, Shown["kind"]> = {
  "settings.emailConfirm.expired": "expired",
  "settings.emailConfirm.unknown": "unknown",
  "settings.emailConfirm.taken": "taken",
};

const linkClass = "inline-flex min-h-11 items-center font-semibold text-pitch-700 underline";

/**
 * The link from the mail sent to a new e-mail address. Opening it changes nothing (mail scanners
 * open links); the button posts the token under CSRF. The page names the address, and says plainly
 * when the link is unknown, expired, already used or the address taken meanwhile.
 */
export default function EmailConfirmPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [shown, setShown] = useState<Shown>(() => shownOf(loaderData.link));

  const confirm = async () => {
    const answer = await call("POST /api/auth/email-change/confirm/", { json: { token } });
    setShown({ kind: answer.status === "confirmed" ? "confirmed" : "already", email: answer.email });
  };
  const refused = (problem: string) => {
    const kind = FAILURES[problem];
    if (kind === "expired" && "email" in shown) setShown({ kind, email: shown.email });
    else if (kind === "unknown" || kind === "taken") setShown({ kind });
    else return false;
    return true;
  };

  const email = "email" in shown ? <strong key="email">{shown.email}</strong> : null;
  return (
    <div className="mx-auto max-w-md px-4 py-10" data-testid="email-confirm">
      <h1 className="mb-6 text-3xl font-bold">
        <FormattedMessage id="settings.emailConfirm.title" />
      </h1>
      {shown.kind === "pending" && (
        <MailLinkConfirmForm
          token={token}
          message={<FormattedMessage id="settings.emailConfirm.pending" values={{ email }} />}
          submitLabel={<FormattedMessage id="settings.emailConfirm.submit" />}
          confirm={confirm}
          onRefused={refused}
        />
      )}
      {(shown.kind === "confirmed" || shown.kind === "already") && (
        <p role="status" className="rounded border border-green-700 bg-green-50 p-4 text-lg">
          <FormattedMessage
            id={shown.kind === "confirmed" ? "settings.emailConfirm.done" : "settings.emailConfirm.already"}
            values={{ email }}
          />
        </p>
      )}
      {(shown.kind === "expired" || shown.kind === "unknown" || shown.kind === "taken") && (
        <p role="alert" className="text-lg">
          <FormattedMessage id={`settings.emailConfirm.${shown.kind}`} />
        </p>
      )}
      <p className="mt-6">
        <Link to="/account/settings/" className={linkClass}>
          <FormattedMessage id="settings.emailConfirm.toSettings" />
        </Link>
      </p>
    </div>
  );
}
