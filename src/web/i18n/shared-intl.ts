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

/** react-intl's own error handler (what an intl object made without one reports with). */
const reportAsReactIntlDoes = createIntl({ locale: "en" }).onError;

export function sharedIntl(localeTag: string, messages: Messages): IntlShape {
  const entry = shared.get(localeTag);
  if (entry && (entry.messages === messages || sameMessages(entry.messages, messages))) {
    entry.messages = messages;
    return entry.intl;
  }
  // Errors are counted, so a call that failed (its text shown raw, its error reported) is not kept
  // and fails, and is reported, again on the next call; they are reported as react-intl's own.
  const errors = { count: 0 };
  const intl = createIntl(
    {
      locale: localeTag,
      messages,
      defaultLocale: "en",
      onError: (error) => {
        errors.count++;
        reportAsReactIntlDoes(error);
      },
    },
    createIntlCache(),
  );
  keyMessageFormatsByIdentity(intl);
  keepFormattedMessages(intl, messages, errors);
  shared.set(localeTag, { messages, intl });
  return intl;
}

/** Every option but the formatters left undefined; a loop, not an array of entries per call. */
function everyOtherOptionUnset(options: Record<string, unknown>): boolean {
  for (const name in options) if (name !== "formatters" && options[name] !== undefined) return false;
  return true;
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
      everyOtherOptionUnset(options as Record<string, unknown>));
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

/** A text with nothing ICU reads in it: no argument, tag or quoting; it formats to itself. */
const PLAIN_TEXT = /^[^{}<']+$/;

/** How many formatted messages a locale keeps before it starts again (a few hundred per page). */
export const KEPT_FORMATTED = 20_000;

/**
 * A message formatted once per id and values, on the server. react-intl answers a plain message at
 * once only from a syntax tree (the browser's catalogue); from a text (the server's) it merges the
 * formats, copies the values and builds the message's parts on every call, and a page formats a few
 * hundred messages, most of them the same texts with the same values as the last page ("Add to bag",
 * a price, a count of sizes): about a twentieth of a product page's server time. So:
 * - a plain text (most of the catalogue) is its own formatted value, whatever the values and
 *   options, since it has nothing for them to fill (a text with `'` is left to ICU's quoting rules);
 * - a message formatted with text and number values only is kept by its id and those values, typed
 *   (`1` and `"1"` may format differently; a text by its length too); the answer depends on nothing else, the locale being
 *   this object's. Dates, rich-text functions and options other than an unset `ignoreTag` take the
 *   library's own path every time, and so do an id the catalogue lacks and a call that failed (a
 *   value missing): each is reported every time.
 */
function keepFormattedMessages(intl: IntlShape, messages: Messages, errors: { count: number }) {
  const first = Object.values(messages)[0];
  if (typeof first !== "string") return;
  type Format = (descriptor: { id?: unknown }, values?: Record<string, unknown>, options?: object) => unknown;
  const format = intl.formatMessage as unknown as Format;
  /** Per id: its text when plain, `true` for a text to format, `false` for an id not in the catalogue. */
  const kinds = new Map<string, string | boolean>();
  const formatted = new Map<string, string>();
  const keptFormat: Format = (descriptor, values, options) => {
    const id = descriptor.id;
    if (typeof id !== "string") return format(descriptor, values, options);
    let kind = kinds.get(id);
    if (kind === undefined) {
      const text = Object.hasOwn(messages, id) ? messages[id] : undefined;
      kind = typeof text === "string" && text !== "" ? (PLAIN_TEXT.test(text) ? text : true) : false;
      kinds.set(id, kind);
    }
    if (typeof kind === "string") return kind;
    if (!kind || !unsetOptions(options)) return format(descriptor, values, options);
    let key = id;
    for (const name in values) {
      const value = values[name];
      // A text by its length and itself, so no value can pass for another's name and value.
      if (typeof value === "string") key += `\u0000${name}\u0001s${value.length}\u0001${value}`;
      // -0 writes as "0" but may format as "-0".
      else if (typeof value === "number" && !Object.is(value, -0)) key += `\u0000${name}\u0001n${value}`;
      else return format(descriptor, values, options);
    }
    const found = formatted.get(key);
    if (found !== undefined) return found;
    const failedBefore = errors.count;
    const answer = format(descriptor, values, options);
    if (typeof answer === "string" && errors.count === failedBefore) {
      if (formatted.size >= KEPT_FORMATTED) formatted.clear();
      formatted.set(key, answer);
    }
    return answer;
  };
  intl.formatMessage = keptFormat as unknown as IntlShape["formatMessage"];
}

/** No options, or only options left undefined (`<FormattedMessage>` passes `{ ignoreTag }`). */
function unsetOptions(options: object | undefined): boolean {
  if (options === undefined) return true;
  for (const name in options) if ((options as Record<string, unknown>)[name] !== undefined) return false;
  return true;
}
