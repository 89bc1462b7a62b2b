import crypto from "node:crypto";

/** The header that carries a delivery's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const SIGNATURE_HEADER = "pitchside-signature";

/** How old a signed timestamp a receiver should accept, against replays of a captured delivery. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

function hmac(secret: string, timestamp: number, body: string): string {
  return crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/**
 * Signs a body as Stripe does: the HMAC covers the timestamp and the exact body bytes, so neither
 * can be changed or the delivery sent again later without the receiver noticing.
 */
export function signWebhook(secret: string, body: string, now = new Date()): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/**
 * What a receiver runs (and the shop's own tests): true when one of the header's v1 signatures is the
 * body's under the secret and its timestamp is within the tolerance. Compared in constant time.
 */
export function verifyWebhookSignature(
  header: string | undefined,
  body: string,
  secret: string,
  now = new Date(),
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  if (!header) return false;
  const parts = header.split(",").map((part) => part.trim().split("="));
  const timestamp = Number(parts.find(([key]) => key === "t")?.[1]);
  if (!Number.isInteger(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(hmac(secret, timestamp, body), "hex");
  return parts
    .filter(([key, value]) => key === "v1" && value && /^[0-9a-f]{64}$/.test(value))
    .some(([, value]) => crypto.timingSafeEqual(Buffer.from(value as string, "hex"), expected));
}

/** A new endpoint secret: 32 random bytes, prefixed so it is recognisable in a secret store. */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString("base64url")}`;
}
