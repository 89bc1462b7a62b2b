import { FormattedMessage } from "react-intl";
import { Link } from "react-router";
import type { Teaser } from "#modules/content/content.service.ts";

/**
 * The login-aware banner: a guest is asked to log in or join (what membership gives); a member sees
 * the members' text and picture from the CMS instead. A member with no such text sees nothing.
 */
export function LoginAwareBanner({ loggedIn, member }: { loggedIn: boolean; member: Teaser | null }) {
  if (!loggedIn) {
    return (
      <section
        aria-labelledby="login-banner-title"
        data-testid="login-banner"
        className="mx-auto mt-6 max-w-7xl px-4"
      >
        <div className="flex flex-col gap-4 rounded-lg bg-pitch-50 p-5 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="login-banner-title" className="text-lg font-bold">
              <FormattedMessage id="banner.guest.title" />
            </h2>
            <p className="mt-1 text-sm text-neutral-700">
              <FormattedMessage id="banner.guest.text" />
            </p>
          </div>
          <div className="flex shrink-0 gap-3">
            <Link
              to="/account/login/?next=/"
              className="rounded-full bg-neutral-900 px-5 py-2.5 text-sm font-semibold text-white"
            >
              <FormattedMessage id="banner.guest.login" />
            </Link>
            <Link
              to="/account/signup/"
              className="rounded-full border border-neutral-900 px-5 py-2.5 text-sm font-semibold"
            >
              <FormattedMessage id="banner.guest.join" />
            </Link>
          </div>
        </div>
      </section>
    );
  }
  if (!member) return null;
  return (
    <section
      aria-labelledby="login-banner-title"
      data-testid="login-banner"
      className="mx-auto mt-6 max-w-7xl px-4"
    >
      <Link
        to={member.url}
        className="flex flex-col overflow-hidden rounded-lg bg-pitch-900 text-white sm:flex-row sm:items-stretch"
      >
        <img
          src={member.image.src}
          alt=""
          width={member.image.width}
          height={member.image.height}
          loading="lazy"
          className="aspect-[3/1] w-full object-cover sm:aspect-auto sm:w-1/3"
        />
        <div className="p-5">
          <h2 id="login-banner-title" className="text-lg font-bold">
            {member.title}
          </h2>
          <p className="mt-1 text-sm">{member.lead}</p>
        </div>
      </Link>
    </section>
  );
}
