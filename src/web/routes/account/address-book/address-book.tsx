import { useEffect, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { FormField } from "#modules/markets/address-forms.ts";
import { call } from "#web/lib/api.ts";
import { ConfirmActions, Dialog } from "#web/ui/dialog.tsx";
import { Plus } from "#web/ui/icons.tsx";
import { useToast } from "#web/ui/toast.tsx";
import { AddressCard, addressSummary, type BookAddress } from "./address-card.tsx";
import { AddressEditor } from "./address-editor.tsx";

interface Props {
  /** The member's addresses as the page's loader read them (`memberAddressBook`); null when that failed. */
  addresses: BookAddress[] | null;
  /** The level of each address's heading: 2 on a page of its own, 3 in a section of a page. */
  headingLevel?: 2 | 3;
}

/**
 * The member's address book, for any page of the member area: the addresses as cards with their
 * default badges; add and change in a form built from the country's field definitions, make an
 * address the default delivery or billing address, delete one after a confirmation. Every change
 * answers with the whole book, which the cards then show; a failure is an error toast.
 */
export function AddressBook({ addresses: loaded, headingLevel = 2 }: Props) {
  const intl = useIntl();
  const toast = useToast();
  const [addresses, setAddresses] = useState(loaded ?? []);
  const [editor, setEditor] = useState<{ address: BookAddress | null; fields: FormField[] } | null>(null);
  const [opening, setOpening] = useState<number | "new" | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<BookAddress | null>(null);
  const forms = useRef(new Map<string, FormField[]>());

  useEffect(() => setAddresses(loaded ?? []), [loaded]);
  useEffect(() => {
    if (loaded) return;
    toast({ title: intl.formatMessage({ id: "addresses.loadFailed" }), variant: "destructive", flow: true });
  }, [loaded, toast, intl]);

  const failed = (id: string) =>
    toast({ title: intl.formatMessage({ id }), variant: "destructive", flow: true });
  const done = (id: string) => toast({ title: intl.formatMessage({ id }) });

  /** A country's form (the market's without one), each asked for once. */
  const loadForm = async (country = "") => {
    const known = forms.current.get(country);
    if (known) return known;
    const fields = await call("GET /v1.1/addresses/form/", {
      query: country ? { country_code: country } : {},
    });
    forms.current.set(country, fields);
    return fields;
  };

  const openEditor = async (address: BookAddress | null) => {
    setOpening(address?.id ?? "new");
    try {
      setEditor({ address, fields: await loadForm(address?.country) });
    } catch {
      failed("addresses.formFailed");
    } finally {
      setOpening(null);
    }
  };

  const makeDefault = async (address: BookAddress, kind: "delivery" | "billing") => {
    setBusy(address.id);
    try {
      const answer = await call("POST /v1.1/addresses/:id/", {
        params: { id: address.id },
        json: kind === "delivery" ? { default_delivery: true } : { default_billing: true },
      });
      setAddresses(answer.addresses);
      done(kind === "delivery" ? "addresses.defaultSet.delivery" : "addresses.defaultSet.billing");
    } catch {
      failed("addresses.saveFailed");
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(deleting.id);
    try {
      const answer = await call("DELETE /v1.1/addresses/:id/", { params: { id: deleting.id } });
      setAddresses(answer.addresses);
      done("addresses.deleted");
    } catch {
      failed("addresses.deleteFailed");
    } finally {
      setBusy(null);
      setDeleting(null);
    }
  };

  return (
    <div data-testid="address-book">
      {loaded && addresses.length === 0 && (
        <p className="rounded-md border border-neutral-300 p-4 text-neutral-800">
          <FormattedMessage id="addresses.empty" />
        </p>
      )}
      {addresses.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2">
          {addresses.map((address) => (
            <li key={address.id}>
              <AddressCard
                address={address}
                headingLevel={headingLevel}
                busy={busy === address.id || opening === address.id}
                onEdit={() => openEditor(address)}
                onDelete={() => setDeleting(address)}
                onMakeDefault={(kind) => makeDefault(address, kind)}
              />
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        onClick={() => openEditor(null)}
        disabled={opening === "new"}
        className="mt-6 inline-flex min-h-11 items-center gap-2 rounded-full bg-pitch-900 px-5 py-2 font-bold text-white disabled:opacity-60"
      >
        <Plus aria-hidden="true" className="size-5" />
        <FormattedMessage id="addresses.add" />
      </button>
      {editor && (
        <AddressEditor
          key={editor.address?.id ?? "new"}
          address={editor.address}
          fields={editor.fields}
          hasDefault={{
            delivery: addresses.some((a) => a.default_delivery),
            billing: addresses.some((a) => a.default_billing),
          }}
          loadForm={loadForm}
          onClose={() => setEditor(null)}
          onSaved={(saved) => {
            setAddresses(saved);
            setEditor(null);
            done("addresses.saved");
          }}
        />
      )}
      <Dialog
        side="centre"
        className="w-[min(26rem,92vw)] p-5"
        headerClassName="mb-2"
        closeButton={false}
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        testId="address-delete"
        title={<FormattedMessage id="addresses.deleteTitle" />}
        description={
          <FormattedMessage
            id="addresses.deleteBody"
            values={{ address: deleting ? addressSummary(deleting) : "" }}
          />
        }
        descriptionClassName="mb-4 text-sm"
      >
        <ConfirmActions
          cancel={<FormattedMessage id="addresses.cancel" />}
          confirm={<FormattedMessage id="addresses.deleteConfirm" />}
          busy={busy !== null}
          onConfirm={remove}
          testId="address-delete-confirm"
        />
      </Dialog>
    </div>
  );
}
