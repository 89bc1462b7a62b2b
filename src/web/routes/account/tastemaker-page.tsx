import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useRevalidator } from "react-router";
import type { ApplicationStatusView } from "#modules/tastemakers/tastemakers.contract.ts";
import { shopContext } from "#server/request-context.ts";
import { Dialog } from "#web/ui/dialog.tsx";
import type { Route } from "./+types/tastemaker-page.ts";
import { memberOrLogin, pageTitle } from "./account.server.ts";
import { tastemakerPageData } from "./tastemaker.server.ts";
import { TastemakerForm } from "./tastemaker-form.tsx";

export async function loader({ context, request }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const user = memberOrLogin(shop, new URL(request.url));
  return { title: pageTitle(shop, "meta.tastemaker.title"), ...(await tastemakerPageData(shop, user.id)) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Pitchside" }, { name: "robots", content: "noindex" }];
}

/**
 * The tastemaker programme's application (member area spec §2, §4): the form, or, once the member
 * has applied, where their application stands. Sent → a dialog whose button leads to the account.
 */
export default function TastemakerPage({ loaderData }: Route.ComponentProps) {
  const { application, language, today } = loaderData;
  const revalidator = useRevalidator();
  const [sent, setSent] = useState(false);
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold">
        <FormattedMessage id="tastemaker.title" />
      </h1>
      {application ? (
        <ApplicationStatus application={application} />
      ) : (
        <>
          <p className="mt-3 text-neutral-800">
            <FormattedMessage id="tastemaker.intro" />
          </p>
          <TastemakerForm
            language={language}
            today={today}
            onSent={() => setSent(true)}
            onAlreadyApplied={() => revalidator.revalidate()}
          />
        </>
      )}
      <Dialog
        side="centre"
        className="w-[min(28rem,calc(100vw-2rem))] p-6"
        headerClassName="mb-2"
        open={sent}
        onOpenChange={(open) => {
          setSent(open);
          // Closed without following the link: the page shows the application instead of the form.
          if (!open) revalidator.revalidate();
        }}
        title={<FormattedMessage id="tastemaker.success.title" />}
        description={<FormattedMessage id="tastemaker.success.body" />}
        descriptionClassName="mb-5 text-neutral-800"
        testId="tastemaker-sent"
      >
        <Link
          to="/account/home/"
          className="block w-full rounded-full bg-pitch-900 px-4 py-3 text-center font-bold text-white"
        >
          <FormattedMessage id="tastemaker.success.continue" />
        </Link>
      </Dialog>
    </div>
  );
}

function ApplicationStatus({ application }: { application: ApplicationStatusView }) {
  const intl = useIntl();
  const tone = {
    received: "border-neutral-400 bg-neutral-50",
    accepted: "border-green-700 bg-green-50",
    declined: "border-neutral-400 bg-neutral-50",
  }[application.status];
  return (
    <section
      aria-labelledby="tastemaker-status-heading"
      className={`mt-6 rounded-lg border p-5 ${tone}`}
      data-testid="tastemaker-status"
    >
      <h2 id="tastemaker-status-heading" className="text-lg font-bold">
        <FormattedMessage id="tastemaker.status.title" />
      </h2>
      <p className="mt-2 font-semibold">
        <FormattedMessage id={`tastemaker.status.${application.status}`} />
      </p>
      <p className="mt-1 text-sm text-neutral-700">
        <FormattedMessage
          id="tastemaker.status.sentOn"
          values={{ date: intl.formatDate(application.applied_at, { dateStyle: "long" }) }}
        />
      </p>
      <p className="mt-3">
        <FormattedMessage id={`tastemaker.status.body.${application.status}`} />
      </p>
      <Link to="/account/home/" className="mt-4 inline-block font-semibold text-pitch-700 underline">
        <FormattedMessage id="tastemaker.status.back" />
      </Link>
    </section>
  );
}
