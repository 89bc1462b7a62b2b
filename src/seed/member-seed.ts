import type { Database } from "#db/client.ts";
import { users } from "#modules/accounts/accounts.schema.ts";
import { addresses } from "#modules/accounts/addresses.schema.ts";
import { hashPassword } from "#modules/accounts/password.ts";
import { favourites } from "#modules/favourites/favourites.schema.ts";
import type { CatalogSeedResult } from "./catalog-seed.ts";
import type { Random } from "./random.ts";

export const DEMO_MEMBER = {
  email: "demo@pitchside.example",
  password: "pitchside-demo",
  name: "Demo Keeper",
};

export async function seedDemoMember(database: Database, random: Random, catalog: CatalogSeedResult) {
  const { db } = database;
  const [member] = await db
    .insert(users)
    .values({
      email: DEMO_MEMBER.email,
      passwordHash: await hashPassword(DEMO_MEMBER.password),
      name: DEMO_MEMBER.name,
      gender: "O",
      newsletter: true,
      locale: "da",
      market: "dk",
      emailValidatedAt: new Date(),
    })
    .returning({ id: users.id });
  const userId = member?.id as number;
  await db.insert(addresses).values([
    {
      userId,
      name: "Demo Keeper",
      // A Danish address has its house number in the street line (Denmark's form has no field for it).
      address: "Østerbrogade 12",
      postNummer: "2100",
      town: "København Ø",
      country: "dnk",
      phone: "+4512345678",
      defaultDelivery: true,
      defaultBilling: true,
    },
    {
      userId,
      name: "Demo Keeper",
      company: "FC Nordhavn",
      address: "Hauptstraße",
      addrNumber: "5",
      postNummer: "10115",
      town: "Berlin",
      country: "deu",
      phone: "+4930123456",
    },
  ]);
  const picks = random.shuffle(catalog.productIds).slice(0, 5);
  if (picks.length) await db.insert(favourites).values(picks.map((productId) => ({ userId, productId })));
}
