import { createIntl, createIntlCache, type IntlShape } from "react-intl";

type Messages = Record<string, string>;

/**
 * One intl object per locale, shared by every render: its message and number formatters are built
 * once instead of once per request. It is rebuilt only when the catalogue's text changes (in
 * development). The server passes its process-wide catalogue, the browser the copy it loaded from the
 * texts' hashed file once per page load (decision 0050).
 */
const shared = new Map<string, { messages: Messages; intl: IntlShape }>();

function sameMessages(a: Messages, b: Messages): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => a[key] === b[key]);
}

export function sharedIntl(localeTag: string, messages: Messages): IntlShape {
  const entry = shared.get(localeTag);
  if (entry && (entry.messages === messages || sameMessages(entry.messages, messages))) {
    entry.messages = messages;
    return entry.intl;
  }
  const intl = createIntl({ locale: localeTag, messages, defaultLocale: "en" }, createIntlCache());
  shared.set(localeTag, { messages, intl });
  return intl;
}
