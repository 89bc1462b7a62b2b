import { eq, sql } from "drizzle-orm";
import { type Database, rows, type Tx } from "#db/client.ts";
import { users } from "#modules/accounts/accounts.schema.ts";
import { productImageUrl } from "#modules/catalog/catalog.service.ts";
import { insertOrderAndShipments } from "#modules/orders/order-placement.steps.ts";
import { orderShipments, orders } from "#modules/orders/orders.schema.ts";
import { productReviews } from "#modules/reviews/reviews.schema.ts";
import { DEMO_MEMBER } from "./member-seed.ts";

const DAY = 86_400_000;

/** Reviews as shoppers in the shop's markets wrote them about football boots, in their own languages. */
const BOOT_REVIEWS: { author: string; locale: string; rating: number; body: string }[] = [
  {
    author: "Mette J.",
    locale: "da",
    rating: 5,
    body: "Passer perfekt i størrelsen, og grebet på kunstgræs er rigtig godt. Brugt til tre træninger uden vabler.",
  },
  {
    author: "Lukas M.",
    locale: "de",
    rating: 4,
    body: "Sitzt gut und ist sauber verarbeitet. Vorne etwas schmal, nach zwei Einheiten aber angenehm.",
  },
  {
    author: "Oskar L.",
    locale: "sv",
    rating: 3,
    body: "Bra skor men storleken är liten, beställ gärna en halv storlek större.",
  },
  {
    author: "Camille D.",
    locale: "fr",
    rating: 5,
    body: "Très confortables dès la première séance, et la taille correspond au guide.",
  },
  {
    author: "Jonas K.",
    locale: "da",
    rating: 4,
    body: "God kvalitet for prisen. Lidt smal over foden i starten, men den gav sig efter en uges brug.",
  },
  {
    author: "Ingrid H.",
    locale: "nb",
    rating: 4,
    body: "Komfortable fra første dag. Sålen er litt hard på tørre baner.",
  },
  {
    author: "Sophie W.",
    locale: "de",
    rating: 2,
    body: "Die Farbe wirkt in echt dunkler, und nach drei Wochen löst sich die Naht an der Ferse.",
  },
  {
    author: "Aleksi V.",
    locale: "fi",
    rating: 5,
    body: "Erinomainen pito ja kevyt tuntuma. Koko vastasi kokotaulukkoa.",
  },
  {
    author: "Daan B.",
    locale: "nl",
    rating: 4,
    body: "Fijne pasvorm en goede grip. De levering duurde een dag langer dan beloofd.",
  },
  {
    author: "Kacper N.",
    locale: "pl",
    rating: 4,
    body: "Solidne wykonanie i dobra przyczepność. Rozmiar zgodny z tabelą.",
  },
  {
    author: "Giulia R.",
    locale: "it",
    rating: 5,
    body: "Leggerissime e comode, le ho usate subito in partita senza problemi.",
  },
  {
    author: "Pablo G.",
    locale: "es",
    rating: 3,
    body: "Buen agarre, pero me quedan algo estrechas. Pediría media talla más.",
  },
  {
    author: "Tom H.",
    locale: "en",
    rating: 4,
    body: "Good value. Took a couple of sessions to break in, comfortable ever since.",
  },
  {
    author: "Elin S.",
    locale: "sv",
    rating: 5,
    body: "Snabb leverans och precis som på bilderna. Min son har spelat hela säsongen i dem.",
  },
];

/** How many reviews each of the most popular boots gets, in order: 3, 2, 4, 2, 3. */
const REVIEWS_PER_PRODUCT = [3, 2, 4, 2, 3];

interface Picked {
  id: number;
  name: string;
  brand: string;
  relative_url: string;
  size_id: number;
  size_name: string;
  price: number;
  rrp: number;
}

async function pickProduct(db: Database["db"], itemType: string, skip: number): Promise<Picked | undefined> {
  const [row] = await rows<Picked>(
    db,
    sql`select p.id, p.name, b.name as brand, p.relative_url, s.id as size_id, s.name as size_name,
               pp.price, pp.rrp
          from products p join brands b on b.id = p.brand_id
          join lateral (select id, name from product_sizes where product_id = p.id and stock > 0
                         order by sort limit 1) s on true
          join product_prices pp on pp.product_id = p.id and pp.currency = 'DKK'
         where p.item_type = ${itemType} and p.online and not p.is_exclusive and not p.is_package
         order by p.popularity desc, p.id offset ${skip} limit 1`,
  );
  return row;
}

/**
 * The demo member's delivered order (a pair of boots and keeper gloves, twelve days ago), so that
 * the journey can review what arrived, and reviews by other shoppers on the most popular boots —
 * the demo member's boots among them (decision 0044).
 */
export async function seedReviews(database: Database, now: Date): Promise<void> {
  const { db } = database;
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_MEMBER.email));
  const boots = await pickProduct(db, "football_boots", 0);
  const gloves = await pickProduct(db, "goalkeeper_gloves", 0);
  if (member && boots && gloves) {
    const line = (p: Picked) => ({
      productId: p.id,
      sizeId: p.size_id,
      productName: p.name,
      productBrand: p.brand,
      productUrl: p.relative_url,
      imageUrl: productImageUrl(p.id),
      sizeName: p.size_name,
      quantity: 1,
      unitPrice: p.price,
      unitRrp: p.rrp,
      vatRate: 25,
      lineTotal: p.price,
      lineTotalRrp: p.rrp,
      packageParts: null,
      sublines: [],
    });
    const goods = boots.price + gloves.price;
    const address = {
      country: "dnk",
      name: DEMO_MEMBER.name,
      address: "Østerbrogade 12",
      post_nummer: "2100",
      town: "København Ø",
      phone: "+4512345678",
    };
    const placedAt = new Date(now.getTime() - 15 * DAY);
    const order = await insertOrderAndShipments(db as unknown as Tx, {
      order: {
        userId: member.id,
        cartId: null,
        market: "dk",
        locale: "da",
        currency: "DKK",
        email: DEMO_MEMBER.email,
        phone: address.phone,
        billingAddress: address,
        deliveryAddress: address,
        comment: "",
        goodsTotal: goods,
        discountTotal: 0,
        voucherTotal: 0,
        deliveryTotal: 0,
        paymentFee: 0,
        vatTotal: Math.round(goods / 5),
        total: goods,
        giftCardTotal: 0,
        amountDue: goods,
        paymentGateway: "cod",
        paymentMethod: "Cash on delivery",
        paymentReference: null,
        coupons: [],
        giftCards: [],
        subscribeNewsletters: false,
        source: "web",
        device: "mobile",
      },
      shipments: [
        {
          supplierId: null,
          supplierName: "Warehouse",
          deliveryMethodId: 1,
          deliveryMethodName: "GLS",
          infoText: "",
          minDays: 1,
          maxDays: 3,
          deliveryCost: 0,
          dropPointId: null,
          lines: [line(boots), line(gloves)],
        },
      ],
    });
    await db
      .update(orders)
      .set({ status: "completed", createdAt: placedAt, confirmationSentAt: placedAt })
      .where(eq(orders.id, order.id));
    await db
      .update(orderShipments)
      .set({
        status: "delivered",
        carrier: "gls",
        trackingNumber: `GLS${order.id}0042`,
        deliveredAt: new Date(now.getTime() - 12 * DAY),
      })
      .where(eq(orderShipments.orderId, order.id));
  }

  const reviewed: number[] = [];
  for (let i = 0; i < REVIEWS_PER_PRODUCT.length; i++) {
    const product = await pickProduct(db, "football_boots", i);
    if (product) reviewed.push(product.id);
  }
  let next = 0;
  const values = reviewed.flatMap((productId, p) =>
    Array.from({ length: REVIEWS_PER_PRODUCT[p] ?? 0 }, (_, k) => {
      const review = BOOT_REVIEWS[next++ % BOOT_REVIEWS.length] as (typeof BOOT_REVIEWS)[number];
      return {
        productId,
        userId: null,
        authorName: review.author,
        locale: review.locale,
        rating: review.rating,
        body: review.body,
        verified: true,
        createdAt: new Date(now.getTime() - (4 + p * 3 + k * 9) * DAY),
      };
    }),
  );
  if (values.length) await db.insert(productReviews).values(values);
}
