import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { call } from "#web/lib/api.ts";
import { Share2 } from "#web/ui/icons.tsx";
import { useToast } from "#web/ui/toast.tsx";

/** How long "copied" shows after the link is copied. */
export const COPY_CONFIRMATION_MS = 2000;

/**
 * Share the bag as a wish list: a shared copy is made, then the device's share sheet opens; without
 * one (or if it fails) the link is copied. Cancelling the share sheet is not an error.
 */
export function ShareBag() {
  const intl = useIntl();
  const toast = useToast();
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
      toast({ title: intl.formatMessage({ id: "share.copied" }) });
    } catch {
      // No clipboard (an insecure page, say): the link stays on screen to copy by hand.
    }
  };

  const share = async () => {
    let url: string;
    try {
      const created = await call("POST /api/cart/shared/create_shared_cart/", { json: {} });
      url = `${window.location.origin}/cart/shared/?uuid=${created.shared_cart}`;
    } catch {
      toast({ title: intl.formatMessage({ id: "share.failed" }), variant: "destructive", flow: true });
      return;
    }
    setLink(url);
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ url, title: intl.formatMessage({ id: "share.title" }) });
        return;
      } catch (error) {
        if ((error as Error).name === "AbortError") return;
      }
    }
    await copy(url);
  };

  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        onClick={share}
        className="flex items-center gap-2 self-start py-1 text-sm font-semibold underline"
        data-testid="share-bag"
      >
        <Share2 aria-hidden="true" className="size-4" />
        <FormattedMessage id="share.button" />
      </button>
      {link && (
        <label className="flex flex-col gap-1 text-sm">
          <span>
            <FormattedMessage id={copied ? "share.copied" : "share.link"} />
          </span>
          <input
            readOnly
            value={link}
            className="rounded border border-neutral-500 px-2 py-1"
            data-testid="share-link"
            onFocus={(event) => event.currentTarget.select()}
          />
        </label>
      )}
    </div>
  );
}
