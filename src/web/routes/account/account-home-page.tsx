import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { Link } from "react-router";
import { shopContext } from "#server/request-context.ts";
import { call } from "#web/lib/api.ts";
import type { Route } from "./+types/account-home-page.ts";
import { memberOrLogin, pageTitle } from "./account.server.ts";
import { MyData } from "./delete-account.tsx";

export function loader({ context, request }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const user = memberOrLogin(shop, new URL(request.url));
  return { title: pageTitle(shop, "meta.account.title"), user };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Pitchside" }, { name: "robots", content: "noindex" }];
}

export default function AccountHomePage({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const [busy, setBusy] = useState(false);
  const logOut = async () => {
    setBusy(true);
    try {
      await call("POST /api/auth/logout/", { json: {} });
    } finally {
      window.location.assign("/account/login/");
    }
  };
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">
        <FormattedMessage id="accountHome.greeting" values={{ name: user.name || user.email }} />
      </h1>
      <p className="mt-2 text-neutral-800">
        <FormattedMessage id="accountHome.email" values={{ email: user.email }} />
      </p>
      {!user.emailValidated && (
        <p className="mt-4 rounded border border-amber-700 bg-amber-50 p-3 text-amber-900">
          <FormattedMessage id="accountHome.unvalidated" />{" "}
          <Link
            to={`/account/login/?validate_email=${encodeURIComponent(user.email)}`}
            className="font-semibold underline"
          >
            <FormattedMessage id="validate.modal.resend" />
          </Link>
        </p>
      )}
      <div className="mt-8 flex flex-wrap gap-3">
        <Link
          to="/account/orders/"
          className="rounded-full border border-neutral-500 px-5 py-2 font-semibold"
        >
          <FormattedMessage id="accountHome.orders" />
        </Link>
        <Link to="/" className="rounded-full border border-neutral-500 px-5 py-2 font-semibold">
          <FormattedMessage id="accountHome.shop" />
        </Link>
        <button
          type="button"
          onClick={logOut}
          disabled={busy}
          className="rounded-full bg-pitch-900 px-5 py-2 font-bold text-white disabled:opacity-60"
        >
          <FormattedMessage id="accountHome.logout" />
        </button>
      </div>
      <MyData />
    </div>
  );
}
