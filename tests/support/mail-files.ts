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

/** The newest .eml written for an address in a mail directory, decoded, with the first link carrying a token. */
export function lastMailTo(mailDir: string, email: string): { text: string; link: string } {
  const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).sort().reverse() : [];
  for (const file of files) {
    const text = decodeQuotedPrintable(fs.readFileSync(path.join(mailDir, file), "utf8"));
    if (text.includes(`To: ${email}`)) {
      const link = /(https?:\/\/[^\s"<]+token=[\w%-]+)/.exec(text)?.[1] ?? "";
      return { text, link };
    }
  }
  throw new Error(`no mail to ${email} in ${mailDir}`);
}
