import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * The ~49,000 passwords people choose most often (the common-password list maintained with zxcvbn-ts),
 * lower-cased. A new password on it is refused: it is the first thing a guesser tries. Read once, on
 * the first check, so processes that never set a password never load it.
 */
let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary["passwords-common"] as string[]).map((word) => word.toLowerCase()));
  return common.has(password.toLowerCase());
}
