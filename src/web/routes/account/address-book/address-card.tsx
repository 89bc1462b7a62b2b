import { FormattedMessage, useIntl } from "react-intl";
import type { AddressBookEntryOutput } from "#modules/accounts/address-book.contract.ts";
import { MapPin } from "#web/ui/icons.tsx";

export type BookAddress = AddressBookEntryOutput;

/** An address on one line, to tell one card's buttons from another's. */
export function addressSummary(address: BookAddress): string {
  const street = [address.address, address.addr_number].filter(Boolean).join(" ");
  return [address.name, street, address.town].filter(Boolean).join(", ");
}

interface Props {
  address: BookAddress;
  /** The level of the name's heading: under the page's title (2), or under a section's (3). */
  headingLevel: 2 | 3;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: (kind: "delivery" | "billing") => void;
}

/** One address of the book: the address as a letter would carry it, its default badges and actions. */
export function AddressCard({ address, headingLevel, busy, onEdit, onDelete, onMakeDefault }: Props) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const intl = useIntl();
  const summary = addressSummary(address);
  const headingId = `address-${address.id}-name`;
  const action = (id: string) => `${intl.formatMessage({ id })} – ${summary}`;
  const street = [address.address, address.addr_number].filter(Boolean).join(" ");
  const button =
    "min-h-10 rounded-full border border-neutral-500 px-4 py-1.5 text-sm font-semibold disabled:opacity-60";
  return (
    <article
      aria-labelledby={headingId}
      data-testid="address-card"
      className="flex h-full flex-col gap-3 rounded-lg border border-neutral-300 p-4"
    >
      {(address.default_delivery || address.default_billing) && (
        <ul className="flex flex-wrap gap-2" aria-label={intl.formatMessage({ id: "addresses.defaults" })}>
          {address.default_delivery && (
            <li className="rounded-full bg-pitch-900 px-2.5 py-0.5 text-xs font-bold text-white">
              <FormattedMessage id="addresses.badge.delivery" />
            </li>
          )}
          {address.default_billing && (
            <li className="rounded-full bg-neutral-800 px-2.5 py-0.5 text-xs font-bold text-white">
              <FormattedMessage id="addresses.badge.billing" />
            </li>
          )}
        </ul>
      )}
      <div className="flex gap-3">
        <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-neutral-700" />
        <div className="min-w-0 leading-relaxed break-words">
          <Heading id={headingId} className="font-semibold">
            {address.name}
          </Heading>
          <address className="not-italic">
            {address.company && <span className="block">{address.company}</span>}
            <span className="block">{street}</span>
            {address.address2 && <span className="block">{address.address2}</span>}
            <span className="block">
              {address.post_nummer} {address.town}
            </span>
            {address.state_name && <span className="block">{address.state_name}</span>}
            <span className="block">{address.country_name}</span>
            {address.phone && <span className="block text-sm text-neutral-700">{address.phone}</span>}
          </address>
        </div>
      </div>
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <button type="button" className={button} onClick={onEdit} aria-label={action("addresses.edit")}>
          <FormattedMessage id="addresses.edit" />
        </button>
        {!address.default_delivery && (
          <button
            type="button"
            className={button}
            disabled={busy}
            onClick={() => onMakeDefault("delivery")}
            aria-label={action("addresses.makeDefault.delivery")}
          >
            <FormattedMessage id="addresses.makeDefault.delivery" />
          </button>
        )}
        {!address.default_billing && (
          <button
            type="button"
            className={button}
            disabled={busy}
            onClick={() => onMakeDefault("billing")}
            aria-label={action("addresses.makeDefault.billing")}
          >
            <FormattedMessage id="addresses.makeDefault.billing" />
          </button>
        )}
        <button
          type="button"
          className={`${button} border-red-700 text-red-800`}
          disabled={busy}
          onClick={onDelete}
          aria-label={action("addresses.delete")}
        >
          <FormattedMessage id="addresses.delete" />
        </button>
      </div>
    </article>
  );
}
