import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { data, Link, useSearchParams } from "react-router";
import { shopContext } from "#server/request-context.ts";
import { MailLinkConfirmForm } from "#web/components/mail-link-confirm-form.tsx";
import { call } from "#web/lib/api.ts";
import type { Route } from "./+types/unsubscribe-page.ts";
import { loadUnsubscribePage, type UnsubscribePageData } from "./unsubscribe.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = await loadUnsubscribePage(context.get(shopContext), new URL(request.url));
  return data(page.data, { status: page.status });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Pitchside" }, { name: "robots", content: "noindex" }];
}

type Shown =
  | { kind: "pending" | "done" | "already"; email: string; member: boolean }
  | { kind: "expired" | "unknown" | "busy" };

const shownOf = (link: UnsubscribePageData["link"]): Shown =>
  link.state === "pending" || link.state === "withdrawn"
    ? { kind: link.state === "pending" ? "pending" : "already", email: link.email, member: link.member }
    : { kind: link.state };

const FAILURES: Record<string, "expired" | "unknown"> = {
  "reminders.unsubscribe.expired": "expired",
  "reminders.unsubscribe.unknown": "unknown",
};

const linkClass = "inline-flex min-h-11 items-center font-semibold text-pitch-700 underline";

/**
 * The unsubscribe link of an abandoned-bag reminder (decision 0058), without logging in. Opening it
 * changes nothing; the button withdraws the consent, and the page then says plainly that no more
 * reminders will come to the (masked) address. Unknown, expired and too-frequent links get their
 * own words and a 4xx status.
 */
export default function UnsubscribePage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [shown, setShown] = useState<Shown>(() => shownOf(loaderData.link));

  const confirm = async () => {
    const answer = await call("POST /api/reminders/unsubscribe/", { json: { token } });
    setShown({
      kind: answer.status === "withdrawn" ? "done" : "already",
      email: answer.email,
      member: answer.member,
    });
  };
  const refused = (problem: string) => {
    const kind = FAILURES[problem];
    if (!kind) return false;
    setShown({ kind });
    return true;
  };

  const email = "email" in shown ? <strong key="email">{shown.email}</strong> : null;
  return (
    <div className="mx-auto max-w-md px-4 py-10" data-testid="reminder-unsubscribe">
      <h1 className="mb-6 text-3xl font-bold">
        <FormattedMessage id="reminders.unsubscribe.title" />
      </h1>
      {shown.kind === "pending" && (
        <MailLinkConfirmForm
          token={token}
          message={
            <>
              <FormattedMessage id="reminders.unsubscribe.pending" values={{ email }} />
              {shown.member && (
                <>
                  {" "}
                  <FormattedMessage id="reminders.unsubscribe.memberPending" />
                </>
              )}
            </>
          }
          submitLabel={<FormattedMessage id="reminders.unsubscribe.submit" />}
          confirm={confirm}
          onRefused={refused}
        />
      )}
      {(shown.kind === "done" || shown.kind === "already") && (
        <div role="status" className="space-y-3 rounded border border-green-700 bg-green-50 p-4">
          <p className="text-lg">
            <FormattedMessage
              id={shown.kind === "done" ? "reminders.unsubscribe.done" : "reminders.unsubscribe.already"}
              values={{ email }}
            />
          </p>
          {shown.member && (
            <p>
              <FormattedMessage id="reminders.unsubscribe.member" />
            </p>
          )}
        </div>
      )}
      {(shown.kind === "expired" || shown.kind === "unknown" || shown.kind === "busy") && (
        <p role="alert" className="text-lg">
          <FormattedMessage id={`reminders.unsubscribe.${shown.kind}`} />
        </p>
      )}
      <p className="mt-6 flex flex-wrap gap-x-6">
        {"member" in shown && shown.member && (
          <Link to="/account/settings/" className={linkClass}>
            <FormattedMessage id="reminders.unsubscribe.toSettings" />
          </Link>
        )}
        <Link to="/" className={linkClass}>
          <FormattedMessage id="reminders.unsubscribe.continue" />
        </Link>
      </p>
    </div>
  );
}
