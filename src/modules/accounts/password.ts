import { hash, verify } from "@node-rs/argon2";
import { HttpError } from "#kernel/errors.ts";
import { isCommonPassword } from "./common-passwords.ts";

export { PASSWORD_MAX, PASSWORD_MIN } from "./password-rules.ts";

// argon2id with OWASP's recommended floor (19 MiB, 2 passes).
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * A password a member chooses (sign-up, reset): refused with a field error when it is one of the most
 * common passwords, hashed otherwise.
 */
export function hashNewPassword(password: string): Promise<string> {
  if (isCommonPassword(password))
    throw new HttpError(400, "validation_failed", "Some fields are not valid.", {
      password: ["form.password.common"],
    });
  return hashPassword(password);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
