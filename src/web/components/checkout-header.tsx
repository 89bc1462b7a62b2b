import { FormattedMessage } from "react-intl";
import { Link } from "react-router";
import { ArrowLeft, Lock } from "#web/ui/icons.tsx";

/**
 * The header of the checkout's steps: the shop's name, that the checkout is secure, and the way back
 * to the bag. No menu, no search and no other links: nothing leads the shopper away half-way.
 */
export function CheckoutHeader() {
  return (
    <header className="border-b border-neutral-200 bg-white" data-testid="checkout-header">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-pitch-900 focus:px-3 focus:py-2 focus:text-white"
      >
        <FormattedMessage id="shell.skipToContent" />
      </a>
      <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-3">
        <Link to="/" className="text-xl font-extrabold tracking-tight text-pitch-900">
          <FormattedMessage id="shop.name" />
        </Link>
        <p className="flex items-center gap-1 text-xs font-semibold whitespace-nowrap text-pitch-900 sm:gap-1.5 sm:text-sm">
          <Lock aria-hidden="true" className="size-4" />
          <FormattedMessage id="checkout.header.secure" />
        </p>
        <Link
          to="/cart/"
          className="ml-auto inline-flex min-h-6 items-center gap-1 rounded px-2 py-1 text-sm font-semibold whitespace-nowrap underline-offset-2 hover:underline"
          data-testid="checkout-header-bag"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {/* A phone has room for "Bag"; the link's name is the words shown. */}
          <span className="sm:hidden">
            <FormattedMessage id="checkout.header.bag" />
          </span>
          <span className="hidden sm:inline">
            <FormattedMessage id="checkout.header.backToBag" />
          </span>
        </Link>
      </div>
    </header>
  );
}
