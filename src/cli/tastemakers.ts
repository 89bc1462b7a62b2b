// `pitchside tastemakers …`: the programme's reviewers read the applications (a table, or a CSV file
// for a spreadsheet) and record their decision. The database is opened by pitchside.ts.
import fs from "node:fs";
import { parseArgs } from "node:util";
import { stringify } from "csv-stringify/sync";
import type { Db } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import {
  type ApplicationForReview,
  applicationsForReview,
  decideApplication,
} from "#modules/tastemakers/tastemakers.service.ts";

export const TASTEMAKERS_USAGE = `       pitchside tastemakers list
       pitchside tastemakers export [--out file.csv]
       pitchside tastemakers decide <id> accepted|declined`;

export const TASTEMAKERS_HELP = `tastemakers list prints the tastemaker applications as a table; export writes every field as CSV
(UTF-8, RFC 4180 quoting) to the file, or to standard output; decide records a reviewer's decision
on a received application.`;

export interface CommandIo {
  /** Standard output. */
  out(text: string): void;
  /** Why the command was refused (exit code 2) or failed (1). */
  err(text: string): void;
  now(): Date;
}

/** Runs `tastemakers <sub-command> …`; answers the exit code. */
export async function tastemakersCommand(db: Db, args: string[], io: CommandIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === "list" && rest.length === 0) {
    io.out(applicationTable(await applicationsForReview(db)));
    return 0;
  }
  if (sub === "export") {
    let out: string | undefined;
    try {
      ({
        values: { out },
      } = parseArgs({ args: rest, options: { out: { type: "string" } }, strict: true }));
    } catch (error) {
      io.err((error as Error).message);
      return 2;
    }
    const applications = await applicationsForReview(db);
    const csv = applicationsCsv(applications);
    if (out === undefined) io.out(csv);
    else {
      fs.writeFileSync(out, csv, "utf8");
      io.out(`Wrote ${applications.length} application(s) to ${out}.\n`);
    }
    return 0;
  }
  if (sub === "decide") {
    const [id, decision, ...extra] = rest;
    if (!id || !/^[1-9][0-9]{0,9}$/.test(id) || Number(id) > 2_147_483_647 || extra.length > 0) {
      io.err("decide needs an application id and accepted or declined.");
      return 2;
    }
    if (decision !== "accepted" && decision !== "declined") {
      io.err(`The decision is accepted or declined, not "${decision ?? ""}".`);
      return 2;
    }
    try {
      await decideApplication(db, Number(id), decision, io.now());
    } catch (error) {
      if (error instanceof HttpError) {
        io.err(error.message);
        return 1;
      }
      throw error;
    }
    io.out(`Application ${id} is ${decision}.\n`);
    return 0;
  }
  io.err(
    sub ? `Unknown tastemakers command "${[sub, ...rest].join(" ")}".` : "No tastemakers command given.",
  );
  return 2;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The list as a plain-text table: one line a member, the fields a reviewer scans first. */
export function applicationTable(applications: ApplicationForReview[]): string {
  if (applications.length === 0) return "No tastemaker applications yet.\n";
  const header = [
    "ID",
    "Applied",
    "Status",
    "Name",
    "E-mail",
    "Born",
    "Position",
    "Level",
    "Boot",
    "Instagram",
    "TikTok",
    "YouTube",
  ];
  const social = (handle: string | null, followers: string | null) =>
    handle ? (followers ? `${handle} (${followers})` : handle) : "";
  const rows = applications.map((a) => [
    String(a.id),
    day(a.appliedAt),
    a.status,
    oneLine(a.name),
    oneLine(a.email),
    String(a.birthYear),
    a.position,
    a.level,
    a.bootSize,
    oneLine(social(a.instagram, a.instagramFollowers)),
    oneLine(social(a.tiktok, a.tiktokFollowers)),
    oneLine(social(a.youtube, a.youtubeFollowers)),
  ]);
  const length = (text: string) => [...text].length;
  const widths = header.map((title, column) =>
    Math.max(length(title), ...rows.map((row) => length(row[column] ?? ""))),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell + " ".repeat((widths[column] ?? 0) - length(cell)))
      .join("  ")
      .trimEnd();
  return `${[line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n")}\n`;
}

/** A table cell holds one line: line breaks and tabs (in a name, a handle) become spaces. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, " ");

/** The export's columns, in order: the member, then every field of the form. */
const CSV_COLUMNS = [
  "id",
  "applied_at",
  "status",
  "decided_at",
  "email",
  "name",
  "language",
  "market",
  "birth_year",
  "gender",
  "position",
  "boot_size",
  "level",
  "favorite_brand",
  "phone_number",
  "motivation",
  "instagram",
  "instagram_followers",
  "instagram_account",
  "tiktok",
  "tiktok_followers",
  "tiktok_account",
  "youtube",
  "youtube_followers",
] as const;

/**
 * Text a member typed, made safe for a spreadsheet: a cell that starts like a formula (=, +, -, @,
 * or a tab or carriage return before one) gets a leading apostrophe, so Excel and its kin show it
 * as text instead of running it (OWASP "CSV injection"). The phone number needs none: its
 * characters (digits, +, spaces, parentheses, hyphens) cannot call a function.
 */
export function spreadsheetSafe(text: string | null): string {
  if (text === null) return "";
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Every application as CSV: a header row, then one record each; quoting by csv-stringify (RFC 4180). */
export function applicationsCsv(applications: ApplicationForReview[]): string {
  const records = applications.map((a) => ({
    id: a.id,
    applied_at: a.appliedAt.toISOString(),
    status: a.status,
    decided_at: a.decidedAt?.toISOString() ?? "",
    email: spreadsheetSafe(a.email),
    name: spreadsheetSafe(a.name),
    language: a.language,
    market: a.market,
    birth_year: a.birthYear,
    gender: a.gender,
    position: a.position,
    boot_size: a.bootSize,
    level: a.level,
    favorite_brand: a.favoriteBrand ?? "",
    phone_number: a.phoneNumber ?? "",
    motivation: spreadsheetSafe(a.motivation),
    instagram: spreadsheetSafe(a.instagram),
    instagram_followers: a.instagramFollowers ?? "",
    instagram_account: a.instagramAccount ?? "",
    tiktok: spreadsheetSafe(a.tiktok),
    tiktok_followers: a.tiktokFollowers ?? "",
    tiktok_account: a.tiktokAccount ?? "",
    youtube: spreadsheetSafe(a.youtube),
    youtube_followers: a.youtubeFollowers ?? "",
  }));
  return stringify(records, { header: true, columns: [...CSV_COLUMNS], record_delimiter: "\r\n" });
}
