import { FormattedMessage } from "react-intl";
import { shopContext } from "#server/request-context.ts";
import { messagesFor } from "#web/i18n/messages.server.ts";
import type { Route } from "./+types/privacy-page.ts";

export function loader({ context }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  return { metaTitle: messagesFor(shop.locale)["meta.privacy.title"] ?? "Pitchside" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.metaTitle ?? "Pitchside" }];
}

export default function PrivacyPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-10">
      <h1 className="text-3xl font-bold">
        <FormattedMessage id="privacy.title" />
      </h1>
      {["privacy.intro", "privacy.data", "privacy.rights", "privacy.cookies"].map((id) => (
        <p key={id}>
          <FormattedMessage id={id} />
        </p>
      ))}
    </div>
  );
}
