import { FormattedMessage } from "react-intl";
import { shopContext } from "#server/request-context.ts";
import type { Route } from "./+types/addresses-page.ts";
import { memberOrLogin, pageTitle } from "./account.server.ts";
import { memberAddressBook } from "./address-book/address-book.server.ts";
import { AddressBook } from "./address-book/address-book.tsx";

export async function loader({ context, request }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const user = memberOrLogin(shop, new URL(request.url));
  return {
    title: pageTitle(shop, "meta.addresses.title"),
    addresses: await memberAddressBook(shop, user.id),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Pitchside" }, { name: "robots", content: "noindex" }];
}

/** The member's address book: the addresses the checkout offers, with the defaults it starts from. */
export default function AddressesPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">
        <FormattedMessage id="addresses.title" />
      </h1>
      <p className="mt-2 mb-6 text-neutral-800">
        <FormattedMessage id="addresses.intro" />
      </p>
      <AddressBook addresses={loaderData.addresses} />
    </div>
  );
}
