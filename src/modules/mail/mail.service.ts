import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import nodemailer, { type Transporter } from "nodemailer";
import { LOCALE_TAGS, UI_LOCALES, type UiLocale } from "#modules/markets/markets.service.ts";

export interface MailConfig {
  smtpUrl?: string;
  mailFrom: string;
  dataDir: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the mail (a return slip), base64 so a queued mail stays plain JSON. */
  attachments?: MailAttachment[];
  /** Header fields of its own (a marketing mail's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's bytes in base64. */
  base64: string;
}

interface Logger {
  info(object: Record<string, unknown>, message: string): void;
}

/**
 * Which delivery a mail is: a key that stays the same when its job is retried, and when it was
 * queued. The key names the .eml file and the Message-ID, so a retry after a crash between sending
 * and recording overwrites the same file, and a mail server sees the same message again.
 */
export interface Delivery {
  key: string;
  queuedAt: string;
}

/**
 * nodemailer over SMTP when SMTP_URL is set; otherwise each message is written as one .eml file under
 * DATA_DIR/mail/, named so that a directory listing is in queueing order. Mail is sent by the job
 * queue (mail-outbox.ts), never while a shopper waits.
 */
export function createMailer(config: MailConfig, log?: Logger) {
  const transport: Transporter = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const mailDir = path.join(config.dataDir, "mail");
  const domain =
    config.mailFrom
      .split("@")
      .pop()
      ?.replace(/[^\w.-]/g, "") || "pitchside.local";

  return {
    async send(mail: OutgoingMail, delivery?: Delivery): Promise<{ file?: string }> {
      const key = (delivery?.key ?? crypto.randomUUID()).replace(/[^\w-]/g, "");
      const queuedAt = delivery?.queuedAt ?? new Date().toISOString();
      const { attachments, ...message } = mail;
      const info = await transport.sendMail({
        from: config.mailFrom,
        messageId: `<${key}@${domain}>`,
        ...message,
        ...(attachments?.length
          ? {
              attachments: attachments.map((file) => ({
                filename: file.filename,
                contentType: file.contentType,
                content: file.base64,
                encoding: "base64",
              })),
            }
          : {}),
      });
      if (config.smtpUrl) {
        log?.info({ messageId: info.messageId }, "mail sent");
        return {};
      }
      fs.mkdirSync(mailDir, { recursive: true });
      const file = path.join(mailDir, `${queuedAt.replace(/[:.]/g, "-")}-${key}.eml`);
      // Written beside, then renamed: a reader never sees half a mail, and a second delivery of the
      // same key replaces the first instead of adding another file.
      const partial = `${file}.${process.pid}.part`;
      fs.writeFileSync(partial, (info as unknown as { message: Buffer }).message);
      fs.renameSync(partial, file);
      log?.info({ file: path.basename(file) }, "mail written");
      return { file };
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;

type MailMessages = Record<string, string>;
const catalogues = new Map<string, MailMessages>();

/**
 * The strings of one area of a locale's catalogue (messages/<locale>/<area>.json, the same files as
 * the storefront's), for what the server writes itself: mails, invoices.
 */
export function serverMessages(locale: UiLocale, area: "mail" | "invoice" | "bag-reminder"): MailMessages {
  const safe = UI_LOCALES.includes(locale) ? locale : "en";
  const key = `${safe}/${area}`;
  const cached = catalogues.get(key);
  if (cached) return cached;
  const file = new URL(`../../web/i18n/messages/${key}.json`, import.meta.url);
  const messages = JSON.parse(fs.readFileSync(file, "utf8")) as MailMessages;
  catalogues.set(key, messages);
  return messages;
}

/** The mail strings of a locale, from the same catalogues as the storefront (mail.json). */
export const mailMessages = (locale: UiLocale): MailMessages => serverMessages(locale, "mail");

/** Text made safe to put in HTML (mail bodies, titles). */
export const escapeHtml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/**
 * A localised message with one call-to-action link, as HTML and plain text. `kind` picks the ids
 * mail.<kind>.subject / .intro / .action / .ignore.
 */
export function renderLinkMail(
  kind:
    | "validate"
    | "reset"
    | "exists"
    | "restock"
    | "restockConfirm"
    | "deleted"
    | "emailChange"
    | "emailChanged",
  locale: UiLocale,
  values: { name: string; link: string } & Record<string, string | number>,
): Omit<OutgoingMail, "to"> {
  const messages = mailMessages(locale);
  const format = (id: string) =>
    String(new IntlMessageFormat(messages[id] ?? id, LOCALE_TAGS[locale]).format(values));
  const subject = format(`mail.${kind}.subject`);
  const greeting = format("mail.greeting");
  const intro = format(`mail.${kind}.intro`);
  const action = format(`mail.${kind}.action`);
  const ignore = format(`mail.${kind}.ignore`);
  const signature = format("mail.signature");
  const text = `${greeting}\n\n${intro}\n\n${action}: ${values.link}\n\n${ignore}\n\n${signature}\n`;
  const html = `<!doctype html><html lang="${LOCALE_TAGS[locale]}"><body style="font-family:Arial,Helvetica,sans-serif;color:#111827"><p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(values.link)}" style="display:inline-block;background:#123524;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold">${escapeHtml(action)}</a></p><p style="font-size:13px;color:#374151">${escapeHtml(ignore)}</p><p>${escapeHtml(signature)}</p></body></html>`;
  return { subject, text, html };
}
