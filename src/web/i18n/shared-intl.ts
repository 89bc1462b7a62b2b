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
  keyMessageFormatsByIdentity(intl);
  shared.set(localeTag, { messages, intl });
  return intl;
}

type GetMessageFormat = IntlShape["formatters"]["getMessageFormat"];

/**
 * react-intl finds a message's compiled formatter by a key it serialises on every call: the message's
 * syntax tree, the locale, the formats and the formatters, through JSON.stringify. A listing page
 * formats a few hundred messages, and this was most of their cost, on the server and again while the
 * browser hydrates. The messages of a shared intl object are fixed objects, so the formatter is kept
 * by the message itself; any other call (another locale, a default message, options) takes the
 * library's own path.
 */
function keyMessageFormatsByIdentity(intl: IntlShape) {
  const { formatters } = intl;
  const original: GetMessageFormat = formatters.getMessageFormat;
  // The server's catalogue holds texts, the browser's their syntax trees: a text is kept by its value
  // (the catalogue's texts are a fixed set), a tree by its identity.
  const byText = new Map<string, ReturnType<GetMessageFormat>>();
  const byTree = new WeakMap<object, ReturnType<GetMessageFormat>>();
  // `<FormattedMessage>` passes `{ ignoreTag }`, undefined unless the element sets it: an option left
  // undefined is no option.
  const plainOptions = (options: unknown) =>
    options === undefined ||
    (typeof options === "object" &&
      options !== null &&
      (options as { formatters?: unknown }).formatters === formatters &&
      Object.entries(options).every(([name, value]) => name === "formatters" || value === undefined));
  formatters.getMessageFormat = ((...args: Parameters<GetMessageFormat>) => {
    const [message, locales, , options] = args;
    if (locales !== intl.locale || !plainOptions(options)) return original(...args);
    const kept =
      typeof message === "string" ? byText : typeof message === "object" && message ? byTree : null;
    if (!kept) return original(...args);
    const found = kept.get(message as never);
    if (found) return found;
    const format = original(...args);
    kept.set(message as never, format);
    return format;
  }) as GetMessageFormat;
}
