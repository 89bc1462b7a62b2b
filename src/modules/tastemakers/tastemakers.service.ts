import { and, asc, eq } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { fieldErrors, HttpError } from "#kernel/errors.ts";
import type { DataExport } from "#modules/accounts/accounts.contract.ts";
import { users } from "#modules/accounts/accounts.schema.ts";
import {
  type ApplicationStatus,
  type ApplicationStatusView,
  birthYearProblem,
  type TastemakerApplication,
} from "./tastemakers.contract.ts";
import { tastemakerApplications } from "./tastemakers.schema.ts";

/** Where and when the member applies: the language decides the minimum age (spec §9). */
export interface ApplicationContext {
  userId: number;
  language: string;
  market: string;
  now: Date;
}

/**
 * Takes a member's application. The birth year must leave the member at least the minimum age of
 * their language this year (400 with a field error on `birthYear` otherwise); a member applies once
 * (a second application is 409 `already_applied`, also when two arrive at the same moment: the
 * table's unique key decides).
 */
export async function submitApplication(
  db: Db,
  context: ApplicationContext,
  application: TastemakerApplication,
): Promise<{ status: ApplicationStatus }> {
  const problem = birthYearProblem(application.birthYear, context.language, context.now);
  if (problem)
    throw new HttpError(
      400,
      "validation_failed",
      "Some fields are not valid.",
      fieldErrors([{ field: "birthYear", message: problem }]),
    );
  const inserted = await db
    .insert(tastemakerApplications)
    .values({
      userId: context.userId,
      ...application,
      locale: context.language,
      market: context.market,
      createdAt: context.now,
    })
    .onConflictDoNothing({ target: tastemakerApplications.userId })
    .returning({ status: tastemakerApplications.status });
  if (inserted.length === 0) throw alreadyApplied();
  return { status: inserted[0]?.status as ApplicationStatus };
}

function alreadyApplied() {
  return new HttpError(409, "already_applied", "tastemaker.error.alreadyApplied");
}

/** The member's application as their page shows it, or null when they have not applied. */
export async function applicationStatusOf(db: Db, userId: number): Promise<ApplicationStatusView | null> {
  const [found] = await db
    .select({ status: tastemakerApplications.status, createdAt: tastemakerApplications.createdAt })
    .from(tastemakerApplications)
    .where(eq(tastemakerApplications.userId, userId));
  return found
    ? { status: found.status as ApplicationStatus, applied_at: found.createdAt.toISOString() }
    : null;
}

/** Account deletion step: the member's application goes. */
export async function forgetApplicationOf(db: Db | Tx, userId: number): Promise<void> {
  await db.delete(tastemakerApplications).where(eq(tastemakerApplications.userId, userId));
}

/** For the member's data export: their application, every field of it, or null. */
export async function exportApplicationOf(
  db: Db,
  userId: number,
): Promise<DataExport["tastemaker_application"]> {
  const [a] = await db.select().from(tastemakerApplications).where(eq(tastemakerApplications.userId, userId));
  if (!a) return null;
  return {
    status: a.status,
    applied_at: a.createdAt.toISOString(),
    language: a.locale,
    market: a.market,
    birth_year: a.birthYear,
    gender: a.gender,
    position: a.position,
    boot_size: a.bootSize,
    level: a.level,
    favorite_brand: a.favoriteBrand,
    phone_number: a.phoneNumber,
    motivation: a.motivation,
    instagram: a.instagram,
    instagram_followers: a.instagramFollowers,
    instagram_account: a.instagramAccount,
    tiktok: a.tiktok,
    tiktok_followers: a.tiktokFollowers,
    tiktok_account: a.tiktokAccount,
    youtube: a.youtube,
    youtube_followers: a.youtubeFollowers,
  };
}

/** One application for review, with the member's name and e-mail. */
export interface ApplicationForReview extends TastemakerApplication {
  id: number;
  email: string;
  name: string;
  status: ApplicationStatus;
  language: string;
  market: string;
  appliedAt: Date;
  decidedAt: Date | null;
}

/** Every application, oldest first, for the reviewers (`pitchside tastemakers list|export`). */
export async function applicationsForReview(db: Db): Promise<ApplicationForReview[]> {
  const found = await db
    .select({ application: tastemakerApplications, email: users.email, name: users.name })
    .from(tastemakerApplications)
    .innerJoin(users, eq(users.id, tastemakerApplications.userId))
    .orderBy(asc(tastemakerApplications.createdAt), asc(tastemakerApplications.id));
  return found.map(({ application: a, email, name }) => ({
    id: a.id,
    email,
    name,
    status: a.status as ApplicationStatus,
    language: a.locale,
    market: a.market,
    appliedAt: a.createdAt,
    decidedAt: a.decidedAt,
    birthYear: a.birthYear,
    gender: a.gender as TastemakerApplication["gender"],
    position: a.position as TastemakerApplication["position"],
    bootSize: a.bootSize as TastemakerApplication["bootSize"],
    level: a.level as TastemakerApplication["level"],
    favoriteBrand: a.favoriteBrand as TastemakerApplication["favoriteBrand"],
    phoneNumber: a.phoneNumber,
    motivation: a.motivation,
    instagram: a.instagram,
    instagramFollowers: a.instagramFollowers as TastemakerApplication["instagramFollowers"],
    instagramAccount: a.instagramAccount as TastemakerApplication["instagramAccount"],
    tiktok: a.tiktok,
    tiktokFollowers: a.tiktokFollowers as TastemakerApplication["tiktokFollowers"],
    tiktokAccount: a.tiktokAccount as TastemakerApplication["tiktokAccount"],
    youtube: a.youtube,
    youtubeFollowers: a.youtubeFollowers as TastemakerApplication["youtubeFollowers"],
  }));
}

/**
 * A reviewer's decision: a received application becomes accepted or declined (404 for an unknown
 * id; 409 `already_decided` for one decided before, so a decision is never silently overwritten).
 */
export async function decideApplication(
  db: Db,
  id: number,
  decision: Exclude<ApplicationStatus, "received">,
  now: Date,
): Promise<void> {
  const updated = await db
    .update(tastemakerApplications)
    .set({ status: decision, decidedAt: now })
    .where(and(eq(tastemakerApplications.id, id), eq(tastemakerApplications.status, "received")))
    .returning({ id: tastemakerApplications.id });
  if (updated.length > 0) return;
  const [existing] = await db
    .select({ status: tastemakerApplications.status })
    .from(tastemakerApplications)
    .where(eq(tastemakerApplications.id, id));
  if (!existing) throw new HttpError(404, "not_found", `No application has the id ${id}.`);
  throw new HttpError(409, "already_decided", `Application ${id} is already ${existing.status}.`);
}
