import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import type { LatestOrder } from "#modules/orders/latest-order.service.ts";
import { shopContext } from "#server/request-context.ts";
import { call } from "#web/lib/api.ts";
import {
  ChevronRight,
  CirclePlay,
  Heart,
  MapPin,
  Package,
  Settings,
  type ShopIcon,
  Sparkles,
} from "#web/ui/icons.tsx";
import type { Route } from "./+types/account-home-page.ts";
import { memberHome, memberOrLogin, pageTitle } from "./account.server.ts";
import { MyData } from "./delete-account.tsx";

export async function loader({ context, request }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const user = memberOrLogin(shop, new URL(request.url));
  return { title: pageTitle(shop, "meta.account.title"), user, ...(await memberHome(shop)) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Pitchside" }, { name: "robots", content: "noindex" }];
}

/**
 * Dates are shown as the shop's day, in the shop's own time zone: the server and every browser then
 * render the same text (a visitor's own zone would differ between the server's HTML and hydration).
 */
const SHOP_TIME_ZONE = "Europe/Copenhagen";

/** The member's hub: who is logged in, the latest order, a tile for each part of the member area. */
export default function AccountHomePage({ loaderData }: Route.ComponentProps) {
  const { user, latestOrder, favouritesCount, appliedToTastemakers } = loaderData;
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const logOut = async () => {
    setBusy(true);
    try {
      await call("POST /api/auth/logout/", { json: {} });
    } finally {
      window.location.assign("/account/login/");
    }
  };
  const tiles: { to: string; icon: ShopIcon; title: string; text: string; testId: string }[] = [
    {
      to: "/account/orders/",
      icon: Package,
      title: intl.formatMessage({ id: "accountHome.tile.orders" }),
      text: intl.formatMessage({ id: "accountHome.tile.orders.text" }),
      testId: "tile-orders",
    },
    {
      to: "/account/favorites/",
      icon: Heart,
      title: intl.formatMessage({ id: "accountHome.tile.favourites" }),
      text:
        favouritesCount === null
          ? intl.formatMessage({ id: "accountHome.tile.favourites.text" })
          : intl.formatMessage({ id: "accountHome.tile.favourites.count" }, { count: favouritesCount }),
      testId: "tile-favourites",
    },
    {
      to: "/account/settings/",
      icon: Settings,
      title: intl.formatMessage({ id: "accountHome.tile.settings" }),
      text: intl.formatMessage({ id: "accountHome.tile.settings.text" }),
      testId: "tile-settings",
    },
    {
      to: "/account/addresses/",
      icon: MapPin,
      title: intl.formatMessage({ id: "accountHome.tile.addresses" }),
      text: intl.formatMessage({ id: "accountHome.tile.addresses.text" }),
      testId: "tile-addresses",
    },
    {
      to: "/masterclass/",
      icon: CirclePlay,
      title: intl.formatMessage({ id: "accountHome.tile.masterclass" }),
      text: intl.formatMessage({ id: "accountHome.tile.masterclass.text" }),
      testId: "tile-masterclass",
    },
    // The programme invites members who have not applied; those who have follow it on its own page.
    ...(appliedToTastemakers
      ? []
      : [
          {
            to: "/account/tastemaker/",
            icon: Sparkles,
            title: intl.formatMessage({ id: "accountHome.tile.tastemaker" }),
            text: intl.formatMessage({ id: "accountHome.tile.tastemaker.text" }),
            testId: "tile-tastemaker",
          },
        ]),
  ];
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-bold break-words sm:text-3xl">
        <FormattedMessage id="accountHome.greeting" values={{ name: user.name || user.email }} />
      </h1>
      <p className="mt-1 break-words text-neutral-800">
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

      <section aria-labelledby="latest-order-heading" className="mt-8">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="latest-order-heading" className="text-xl font-bold">
            <FormattedMessage id="accountHome.latestOrder.title" />
          </h2>
          {latestOrder !== null && (
            <Link
              to="/account/orders/"
              className="inline-flex min-h-6 items-center font-semibold text-pitch-700 underline"
            >
              <FormattedMessage id="accountHome.latestOrder.all" />
            </Link>
          )}
        </div>
        <LatestOrderCard order={latestOrder} />
      </section>

      <nav aria-labelledby="account-tiles-heading" className="mt-10">
        <h2 id="account-tiles-heading" className="mb-3 text-xl font-bold">
          <FormattedMessage id="accountHome.tiles.title" />
        </h2>
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-3">
          {tiles.map((tile) => (
            <li key={tile.to}>
              <Link
                to={tile.to}
                data-testid={tile.testId}
                className="flex h-full min-h-28 flex-col gap-2 rounded-lg border border-neutral-300 p-4 hover:border-pitch-700 hover:bg-pitch-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-pitch-700"
              >
                <tile.icon aria-hidden="true" className="size-6 text-pitch-700" />
                <span className="font-bold break-words hyphens-auto">{tile.title}</span>
                <span className="text-sm break-words hyphens-auto text-neutral-800">{tile.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

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

/** The latest order in short, with a way to its details; or a friendly word when there is none. */
function LatestOrderCard({ order }: { order: LatestOrder | null | "unavailable" }) {
  const intl = useIntl();
  if (order === "unavailable")
    return (
      <p className="rounded-lg border border-neutral-300 p-4">
        <FormattedMessage id="accountHome.latestOrder.unavailable" />{" "}
        <Link to="/account/orders/" className="font-semibold text-pitch-700 underline">
          <FormattedMessage id="accountHome.latestOrder.all" />
        </Link>
      </p>
    );
  if (order === null)
    return (
      <div className="rounded-lg border border-dashed border-neutral-400 p-5 text-center">
        <Package aria-hidden="true" className="mx-auto size-8 text-neutral-700" />
        <p className="mt-2 font-semibold">
          <FormattedMessage id="accountHome.latestOrder.none" />
        </p>
        <p className="mt-1 text-sm text-neutral-800">
          <FormattedMessage id="accountHome.latestOrder.noneText" />
        </p>
        <Link
          to="/search/?q=*"
          className="mt-4 inline-block rounded-full bg-pitch-900 px-5 py-2 font-bold text-white"
        >
          <FormattedMessage id="accountHome.latestOrder.shop" />
        </Link>
      </div>
    );
  const details = `/account/orders/details/?id=${encodeURIComponent(order.order_number)}`;
  return (
    <article
      aria-labelledby="latest-order-number"
      className="rounded-lg border border-neutral-300 p-4"
      data-testid="latest-order"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="latest-order-number" className="text-lg font-bold">
          <FormattedMessage id="accountHome.latestOrder.number" values={{ number: order.order_number }} />
        </h3>
        <span className="rounded-full bg-pitch-100 px-3 py-1 text-sm font-semibold text-pitch-900">
          <FormattedMessage id={`accountHome.status.${order.status}`} />
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-neutral-800">
          <FormattedMessage id="accountHome.latestOrder.date" />
        </dt>
        <dd>{intl.formatDate(order.order_date * 1000, { dateStyle: "long", timeZone: SHOP_TIME_ZONE })}</dd>
        <dt className="text-neutral-800">
          <FormattedMessage id="accountHome.latestOrder.items" />
        </dt>
        <dd>
          <FormattedMessage id="accountHome.latestOrder.itemCount" values={{ count: order.item_count }} />
        </dd>
        <dt className="text-neutral-800">
          <FormattedMessage id="accountHome.latestOrder.total" />
        </dt>
        <dd className="font-bold">
          {intl.formatNumber(order.total_order_amount, { style: "currency", currency: order.currency })}
        </dd>
      </dl>
      {order.images.length > 0 && (
        <ul className="mt-3 flex gap-2" aria-hidden="true">
          {order.images.map((image, index) => (
            <li
              // The same picture may stand for two lines (two sizes of one product).
              // biome-ignore lint/suspicious/noArrayIndexKey: pictures have no id, and never move
              key={index}
              className="size-14 overflow-hidden rounded bg-neutral-100"
            >
              <img
                src={image}
                alt=""
                width={56}
                height={56}
                loading="lazy"
                className="size-full object-contain"
              />
            </li>
          ))}
        </ul>
      )}
      <Link
        to={details}
        className="mt-4 inline-flex min-h-6 items-center gap-1 font-semibold text-pitch-700 underline"
      >
        <FormattedMessage id="accountHome.latestOrder.details" />
        <ChevronRight aria-hidden="true" className="size-4" />
      </Link>
    </article>
  );
}
