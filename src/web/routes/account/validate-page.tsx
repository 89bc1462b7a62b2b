import { useEffect, useRef, useState } from "react";
import { FormattedMessage } from "react-intl";
import { Link, useSearchParams } from "react-router";
import { shopContext } from "#server/request-context.ts";
import { call } from "#web/lib/api.ts";
import type { Route } from "./+types/validate-page.ts";
import { pageTitle } from "./account.server.ts";

export function loader({ context }: Route.LoaderArgs) {
  return { title: pageTitle(context.get(shopContext), "meta.login.title") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Pitchside" }, { name: "robots", content: "noindex" }];
}

/**
 * The link from the validation mail. The token is spent by the browser after the page has loaded,
 * not by the GET itself, so mail scanners that follow links do not use it up.
 */
export default function ValidatePage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [state, setState] = useState<"working" | "done" | "failed">("working");
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    call("POST /api/auth/validate-email/", { json: { token } }).then(
      () => setState("done"),
      () => setState("failed"),
    );
  }, [token]);
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">
        <FormattedMessage id="validate.page.title" />
      </h1>
      <p role="status" className="text-lg">
        {state === "working" && <FormattedMessage id="validate.page.working" />}
        {state === "done" && <FormattedMessage id="validate.page.done" />}
        {state === "failed" && <FormattedMessage id="account.error.invalidToken" />}
      </p>
      {state !== "working" && (
        <Link
          to={state === "done" ? "/account/home/" : "/account/login/"}
          className="mt-6 inline-block font-semibold text-pitch-700 underline"
        >
          <FormattedMessage id={state === "done" ? "validate.modal.continue" : "login.continue"} />
        </Link>
      )}
    </div>
  );
}
