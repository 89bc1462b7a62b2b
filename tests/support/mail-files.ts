import fs from "node:fs";
import path from "node:path";

/** Undoes quoted-printable (soft line breaks and =XX bytes) so a test can read a mail as text. */
export function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] as string, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The mails in a directory, oldest first (a file being written is not a mail yet). */
export function mailFiles(mailDir: string): string[] {
  return fs.existsSync(mailDir)
    ? fs
        .readdirSync(mailDir)
        .filter((file) => file.endsWith(".eml"))
        .sort()
    : [];
}

/** Every mail in a directory to an address, decoded, oldest first. */
export function mailsToIn(mailDir: string, email: string): string[] {
  return mailFiles(mailDir)
    .map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(mailDir, file), "utf8")))
    .filter((text) => text.includes(`To: ${email}`));
}

/**
 * The newest .eml written for an address in a mail directory, decoded, with the first link of its
 * body carrying a token (a header's link, such as List-Unsubscribe, is not the mail's own).
 */
export function lastMailTo(mailDir: string, email: string): { text: string; link: string; raw: string } {
  const files = mailFiles(mailDir).reverse();
  for (const file of files) {
    const raw = fs.readFileSync(path.join(mailDir, file), "utf8");
    const text = decodeQuotedPrintable(raw);
    if (text.includes(`To: ${email}`)) {
      const body = text.slice(text.search(/\r?\n\r?\n/));
      const link = /(https?:\/\/[^\s"<]+token=[\w%-]+)/.exec(body)?.[1] ?? "";
      return { text, link, raw };
    }
  }
  throw new Error(`no mail to ${email} in ${mailDir}`);
}

/**
 * The newest mail to an address once the shop's job queue has sent it (a browser journey cannot
 * drain the queue; the worker sends within moments of the request).
 */
export async function mailArriving(
  mailDir: string,
  email: string,
  timeoutMs = 15_000,
): Promise<{ text: string; link: string; raw: string }> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return lastMailTo(mailDir, email);
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** A header's value with RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) decoded. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(
      /=\?([\w-]+)\?([QqBb])\?([^?]*)\?=/g,
      (_match, _charset: string, encoding: string, text: string) =>
        encoding.toUpperCase() === "B"
          ? Buffer.from(text, "base64").toString("utf8")
          : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

/** The decoded Subject of an .eml file's text (folded lines joined). */
export function subjectOf(eml: string): string {
  const head = eml.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const match = /^Subject:(.*(?:\r?\n[ \t].*)*)/im.exec(head);
  return decodeHeader((match?.[1] ?? "").replace(/\r?\n[ \t]/g, " ").trim());
}

/**
 * Order confirmations in a mail directory, counted per order number (ST…, taken from each mail's
 * subject): a number seen twice was mailed twice; an order missing here was never mailed.
 */
export function confirmationsPerOrder(mailDir: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const file of mailFiles(mailDir)) {
    const number = /\bST\d+\b/.exec(subjectOf(fs.readFileSync(path.join(mailDir, file), "utf8")))?.[0];
    if (number) counts.set(number, (counts.get(number) ?? 0) + 1);
  }
  return counts;
}

/**
 * An .eml file's header, folded lines joined (a List-Unsubscribe address stays whole). Give it the
 * file as written: header fields are not quoted-printable, and decoding would mangle "=9A…".
 */
export function headerOf(eml: string, name: string): string | null {
  const head = eml.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const match = new RegExp(`^${name}:(.*(?:\\r?\\n[ \\t].*)*)`, "im").exec(head);
  return match ? (match[1] as string).replace(/\r?\n[ \t]+/g, "").trim() : null;
}
