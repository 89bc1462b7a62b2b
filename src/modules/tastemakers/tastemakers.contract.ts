import { z } from "zod";
import type { UiLocale } from "#modules/markets/markets.service.ts";

/**
 * The tastemaker (influencer programme) application: one contract for the page's form and for
 * `POST /account/signup-tastemaker/` (member area spec §3, §5, §9). Messages are translation ids.
 * Decision 0031 says why the lists are what they are.
 */

/** Youngest age at which a shopper may apply, by the shopper's language (spec §9). */
export const MINIMUM_AGE: Readonly<Record<UiLocale, number>> = {
  da: 13,
  sv: 13,
  nb: 13,
  fi: 13,
  de: 16,
  en: 13,
  nl: 16,
  "de-AT": 14,
  fr: 15,
  pl: 13,
  "en-GB": 13,
  // Not in the spec's table (added with the Italian and Spanish shops): the default for unnamed languages.
  it: 16,
  es: 16,
};
/** For a language the table does not name. */
export const DEFAULT_MINIMUM_AGE = 16;

/** The earliest birth year accepted, and the earliest the form lists (spec §5, §9). */
export const EARLIEST_BIRTH_YEAR = 1900;
export const EARLIEST_LISTED_BIRTH_YEAR = 1970;

export const MOTIVATION_MIN = 15;
export const MOTIVATION_MAX = 500;
/** Handles and phone numbers: far beyond any real one, so nothing huge is stored. */
export const HANDLE_MAX = 100;
export const PHONE_MAX = 30;

export function minimumAge(language: string): number {
  return Object.hasOwn(MINIMUM_AGE, language) ? MINIMUM_AGE[language as UiLocale] : DEFAULT_MINIMUM_AGE;
}

/** The latest birth year a shopper of this language may have applied with in the year of `now`. */
export function latestBirthYear(language: string, now: Date): number {
  return now.getUTCFullYear() - minimumAge(language);
}

/**
 * What is wrong with a birth year for a shopper of this language in the year of `now`, as a
 * translation id; null when it is accepted (1900 up to the current year minus the minimum age).
 */
export function birthYearProblem(year: number, language: string, now: Date): string | null {
  if (!Number.isSafeInteger(year) || year < EARLIEST_BIRTH_YEAR || year > now.getUTCFullYear())
    return "tastemaker.error.birthYear";
  if (year > latestBirthYear(language, now)) return "tastemaker.error.tooYoung";
  return null;
}

/** The years the form lists, newest first: from the latest allowed down to 1970. */
export function listedBirthYears(language: string, now: Date): number[] {
  const years: number[] = [];
  for (let year = latestBirthYear(language, now); year >= EARLIEST_LISTED_BIRTH_YEAR; year--)
    years.push(year);
  return years;
}

export const GENDERS = ["Male", "Female", "Other"] as const;
export const POSITIONS = ["Goalkeeper", "Defender", "Midfielder", "Attacker", "Other"] as const;
export const LEVELS = ["Professional", "Ambitious", "Amateur"] as const;
export const BRANDS = ["adidas", "PUMA", "Nike"] as const;
export const ACCOUNT_TYPES = ["Public", "Private"] as const;
/** As the spec lists them (there is no 1000-5000 range: decision 0031). */
export const FOLLOWER_RANGES = ["1-100", "100-200", "200-500", "500-1000", "5000-25000", "25000+"] as const;

/**
 * EU boot sizes: children's sizes in halves from 29½ to 36, then the adult run in steps of ⅔ (one UK
 * half size) from 36⅔ to 56⅔, written as printed on the label (decision 0031).
 */
export const BOOT_SIZES = [
  "29½",
  "30",
  "30½",
  "31",
  "31½",
  "32",
  "32½",
  "33",
  "33½",
  "34",
  "34½",
  "35",
  "35½",
  "36",
  "36⅔",
  "37⅓",
  "38",
  "38⅔",
  "39⅓",
  "40",
  "40⅔",
  "41⅓",
  "42",
  "42⅔",
  "43⅓",
  "44",
  "44⅔",
  "45⅓",
  "46",
  "46⅔",
  "47⅓",
  "48",
  "48⅔",
  "49⅓",
  "50",
  "50⅔",
  "51⅓",
  "52",
  "52⅔",
  "53⅓",
  "54",
  "54⅔",
  "55⅓",
  "56",
  "56⅔",
] as const;

/**
 * Characters as a reader counts them: code points of the NFC form, so an emoji or a "é" typed as e +
 * accent is one (String.length would count two). The form's live counter counts the same way.
 */
export function characterCount(text: string): number {
  return [...text.normalize("NFC")].length;
}

/** A choice the form may leave empty: "" and null mean none (stored as null). */
const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .enum(["", ...values], { error: message })
    .nullish()
    .transform((value) => (value ? (value as T[number]) : null));

/** Optional text: trimmed; empty means not given. */
const optionalText = (max: number, message: string, tooLong: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

/** Only digits, +, spaces, parentheses and hyphens (spec §5). */
const PHONE_CHARACTERS = /^[0-9+() -]*$/;

export const tastemakerApplicationInput = z.object({
  birthYear: z
    .number({ error: "tastemaker.error.birthYear" })
    .int("tastemaker.error.birthYear")
    .min(EARLIEST_BIRTH_YEAR, "tastemaker.error.birthYear"),
  gender: z.enum(GENDERS, { error: "tastemaker.error.gender" }),
  position: z.enum(POSITIONS, { error: "tastemaker.error.position" }),
  bootSize: z.enum(BOOT_SIZES, { error: "tastemaker.error.bootSize" }),
  level: z.enum(LEVELS, { error: "tastemaker.error.level" }).optional().default("Amateur"),
  favoriteBrand: optionalChoice(BRANDS, "tastemaker.error.favoriteBrand"),
  phoneNumber: z
    .string({ error: "tastemaker.error.phoneNumber" })
    .trim()
    .max(PHONE_MAX, "tastemaker.error.phoneTooLong")
    .regex(PHONE_CHARACTERS, "tastemaker.error.phoneNumber")
    .nullish()
    .transform((value) => (value ? value : null)),
  motivation: z
    .string({ error: "tastemaker.error.motivationRequired" })
    .trim()
    .refine((text) => text.length > 0, "tastemaker.error.motivationRequired")
    .refine(
      (text) => text.length === 0 || characterCount(text) >= MOTIVATION_MIN,
      "tastemaker.error.motivationTooShort",
    )
    .refine((text) => characterCount(text) <= MOTIVATION_MAX, "tastemaker.error.motivationTooLong")
    .transform((text) => text.normalize("NFC")),
  instagram: optionalText(HANDLE_MAX, "tastemaker.error.handle", "tastemaker.error.handleTooLong"),
  instagramFollowers: optionalChoice(FOLLOWER_RANGES, "tastemaker.error.followers"),
  instagramAccount: optionalChoice(ACCOUNT_TYPES, "tastemaker.error.accountType"),
  tiktok: optionalText(HANDLE_MAX, "tastemaker.error.handle", "tastemaker.error.handleTooLong"),
  tiktokFollowers: optionalChoice(FOLLOWER_RANGES, "tastemaker.error.followers"),
  tiktokAccount: optionalChoice(ACCOUNT_TYPES, "tastemaker.error.accountType"),
  youtube: optionalText(HANDLE_MAX, "tastemaker.error.handle", "tastemaker.error.handleTooLong"),
  youtubeFollowers: optionalChoice(FOLLOWER_RANGES, "tastemaker.error.followers"),
});
export type TastemakerApplicationInput = z.input<typeof tastemakerApplicationInput>;
export type TastemakerApplication = z.output<typeof tastemakerApplicationInput>;

/** The fields in the order the form shows them: the first of them in error is where the page scrolls. */
export const TASTEMAKER_FIELDS = Object.keys(
  tastemakerApplicationInput.shape,
) as (keyof TastemakerApplication)[];

/**
 * The form's contract for a shopper of this language in the year of `now`: the call's, plus the
 * minimum age (which the server checks with the same rule, `birthYearProblem`).
 */
export function tastemakerFormSchema(language: string, now: Date) {
  return tastemakerApplicationInput.superRefine((application, context) => {
    const problem = birthYearProblem(application.birthYear, language, now);
    if (problem) context.addIssue({ code: "custom", path: ["birthYear"], message: problem });
  });
}

export const APPLICATION_STATUSES = ["received", "accepted", "declined"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The answer to an application that was taken. */
export const applicationReceivedOutput = z.object({
  success: z.literal(true),
  status: z.enum(APPLICATION_STATUSES),
});

/** What the member sees of their application (the page shows it instead of the form). */
export const applicationStatusSchema = z.object({
  status: z.enum(APPLICATION_STATUSES),
  applied_at: z.string(),
});
export type ApplicationStatusView = z.output<typeof applicationStatusSchema>;
