import { FormattedMessage } from "react-intl";
import { Link } from "react-router";
import { ExternalLink } from "#web/ui/icons.tsx";

interface Props {
  type: "button" | "link";
  label: string;
  url: string;
  alignment: "left" | "center" | "right";
  /** Not on one of the shop's configured hosts: a new tab, without the opener or the referrer. */
  external: boolean;
}

const ALIGN = { left: "justify-start", center: "justify-center", right: "justify-end" } as const;

/** A call to action as a button-like link or a plain link, aligned as the editor chose. */
export function CallToActionBlock({ type, label, url, alignment, external }: Props) {
  const look =
    type === "button"
      ? "inline-flex min-h-11 items-center gap-2 rounded-full bg-pitch-950 px-6 py-2.5 font-semibold text-white hover:bg-pitch-900"
      : "inline-flex min-h-6 items-center gap-1 font-semibold text-pitch-700 underline underline-offset-2";
  return (
    <div className={`flex ${ALIGN[alignment]}`} data-testid="call-to-action">
      {external ? (
        <a href={url} target="_blank" rel="noopener noreferrer" className={look}>
          {label}
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">
            <FormattedMessage id="cms.link.newTab" />
          </span>
        </a>
      ) : (
        <Link to={url} className={look}>
          {label}
        </Link>
      )}
    </div>
  );
}
