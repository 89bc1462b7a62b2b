import type { Database } from "#db/client.ts";
import { translate } from "#kernel/translate.ts";
import { giftCardHash } from "#modules/cart/voucher-rules.ts";
import { giftCards, vouchers } from "#modules/cart/vouchers.schema.ts";
import { deliveryMethods, dropPoints } from "#modules/delivery/delivery.schema.ts";
import { MARKETS } from "#modules/markets/markets.service.ts";
import { paymentMethods } from "#modules/payments/payments.schema.ts";
import { insertInBatches, priceIn } from "./catalog-seed.ts";
import { tr } from "./content-texts.ts";
import type { Random } from "./random.ts";

const DAY = 86_400_000;

/** Post codes the demo drop points are generated around, per market (two each, the capital first). */
export const DEMO_POST_CODES: Record<string, { postCode: string; city: string; lat: number; lng: number }[]> =
  {
    dk: [
      { postCode: "2100", city: "København Ø", lat: 55.7, lng: 12.57 },
      { postCode: "8000", city: "Aarhus C", lat: 56.15, lng: 10.2 },
    ],
    at: [
      { postCode: "1010", city: "Wien", lat: 48.21, lng: 16.37 },
      { postCode: "8010", city: "Graz", lat: 47.07, lng: 15.44 },
    ],
    de: [
      { postCode: "10115", city: "Berlin", lat: 52.53, lng: 13.38 },
      { postCode: "80331", city: "München", lat: 48.14, lng: 11.57 },
    ],
    fi: [
      { postCode: "00100", city: "Helsinki", lat: 60.17, lng: 24.94 },
      { postCode: "33100", city: "Tampere", lat: 61.5, lng: 23.76 },
    ],
    fr: [
      { postCode: "75001", city: "Paris", lat: 48.86, lng: 2.34 },
      { postCode: "69001", city: "Lyon", lat: 45.77, lng: 4.83 },
    ],
    nl: [
      { postCode: "1012", city: "Amsterdam", lat: 52.37, lng: 4.89 },
      { postCode: "3011", city: "Rotterdam", lat: 51.92, lng: 4.48 },
    ],
    no: [
      { postCode: "0150", city: "Oslo", lat: 59.91, lng: 10.75 },
      { postCode: "5003", city: "Bergen", lat: 60.39, lng: 5.32 },
    ],
    pl: [
      { postCode: "00-001", city: "Warszawa", lat: 52.23, lng: 21.01 },
      { postCode: "30-001", city: "Kraków", lat: 50.06, lng: 19.94 },
    ],
    se: [
      { postCode: "111 20", city: "Stockholm", lat: 59.33, lng: 18.06 },
      { postCode: "411 01", city: "Göteborg", lat: 57.71, lng: 11.97 },
    ],
    it: [
      { postCode: "00118", city: "Roma", lat: 41.9, lng: 12.5 },
      { postCode: "20121", city: "Milano", lat: 45.47, lng: 9.19 },
    ],
    gr: [
      { postCode: "105 52", city: "Athina", lat: 37.98, lng: 23.73 },
      { postCode: "546 24", city: "Thessaloniki", lat: 40.64, lng: 22.94 },
    ],
    hr: [
      { postCode: "10000", city: "Zagreb", lat: 45.81, lng: 15.98 },
      { postCode: "21000", city: "Split", lat: 43.51, lng: 16.44 },
    ],
    si: [
      { postCode: "1000", city: "Ljubljana", lat: 46.06, lng: 14.51 },
      { postCode: "2000", city: "Maribor", lat: 46.55, lng: 15.65 },
    ],
    es: [
      { postCode: "28001", city: "Madrid", lat: 40.42, lng: -3.7 },
      { postCode: "08001", city: "Barcelona", lat: 41.38, lng: 2.17 },
    ],
    hu: [
      { postCode: "1051", city: "Budapest", lat: 47.5, lng: 19.05 },
      { postCode: "6720", city: "Szeged", lat: 46.25, lng: 20.15 },
    ],
    cz: [
      { postCode: "110 00", city: "Praha", lat: 50.08, lng: 14.42 },
      { postCode: "602 00", city: "Brno", lat: 49.2, lng: 16.61 },
    ],
    sk: [
      { postCode: "811 01", city: "Bratislava", lat: 48.15, lng: 17.11 },
      { postCode: "040 01", city: "Košice", lat: 48.72, lng: 21.26 },
    ],
  };

/** Gift-card codes of the demo shop, printed in the README. Only their hashes are stored. */
export const DEMO_GIFT_CARDS = [
  { code: "GIFT-DEMO-0050-EURO", currency: "EUR", balance: 5000 },
  { code: "GIFT-DEMO-0020-EURO", currency: "EUR", balance: 2000 },
  { code: "GIFT-DEMO-0500-DKKR", currency: "DKK", balance: 50000 },
  { code: "GIFT-DEMO-0500-SEKR", currency: "SEK", balance: 50000 },
];

/**
 * Streets of the drop points, per market: common street names of that country, so a point in
 * Copenhagen is on a Danish street and one in Kraków on a Polish one.
 */
export const DROP_POINT_STREETS: Record<string, string[]> = {
  dk: ["Nørregade", "Østergade", "Vesterbrogade", "Stadionvej", "Skolegade", "Jernbanegade"],
  at: ["Hauptstraße", "Bahnhofstraße", "Kirchengasse", "Schulgasse", "Stadionallee"],
  de: ["Hauptstraße", "Bahnhofstraße", "Schulstraße", "Gartenstraße", "Lindenstraße", "Sportplatzweg"],
  fi: ["Kauppakatu", "Rautatienkatu", "Koulukatu", "Puistokatu", "Urheilukatu"],
  fr: ["Rue de la République", "Rue du Stade", "Avenue Jean Jaurès", "Rue Victor Hugo", "Rue de la Gare"],
  nl: ["Kerkstraat", "Stationsweg", "Dorpsstraat", "Schoolstraat", "Sportlaan"],
  no: ["Storgata", "Kirkegata", "Skolegata", "Idrettsveien", "Jernbanegata"],
  pl: ["ul. Sportowa", "ul. Kościuszki", "ul. Mickiewicza", "ul. Dworcowa", "ul. Szkolna"],
  se: ["Storgatan", "Kyrkogatan", "Drottninggatan", "Idrottsvägen", "Skolgatan"],
  it: ["Via Roma", "Via Garibaldi", "Via dello Sport", "Corso Italia", "Via Mazzini"],
  gr: ["Odos Ermou", "Odos Athinas", "Odos Stadiou", "Leoforos Syngrou", "Odos Aiolou"],
  hr: ["Ilica", "Ulica kralja Zvonimira", "Vukovarska ulica", "Sportska ulica", "Frankopanska ulica"],
  si: ["Slovenska cesta", "Trubarjeva cesta", "Prešernova ulica", "Cankarjeva ulica", "Šolska ulica"],
  es: ["Calle Mayor", "Calle Real", "Avenida de la Constitución", "Calle del Deporte", "Calle de Alcalá"],
  hu: ["Fő utca", "Petőfi Sándor utca", "Kossuth Lajos utca", "Sport utca", "Rákóczi út"],
  cz: ["Náměstí Míru", "Masarykova", "Nádražní", "Husova", "Sportovní"],
  sk: ["Hlavná ulica", "Štúrova", "Námestie SNP", "Športová", "Obchodná"],
};
/** Kinds of drop point; each name is written in the language of the point's country. */
const SHOPS = ["Kiosk", "Supermarket", "Petrol station", "Parcel shop", "Newsagent", "Corner shop"];

function weekHours(random: Random) {
  const opens = random.pick(["07:00", "08:00", "09:00"]);
  const closes = random.pick(["18:00", "20:00", "22:00"]);
  return [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    opens: weekday === 7 ? "10:00" : opens,
    closes: weekday >= 6 ? "16:00" : closes,
  }));
}

export async function seedCommerce(database: Database, random: Random, now: Date) {
  const methods: (typeof deliveryMethods.$inferInsert)[] = [];
  const payments: (typeof paymentMethods.$inferInsert)[] = [];
  for (const market of MARKETS) {
    const euro = (amount: number) => priceIn(market.currency, amount);
    const home = {
      en: "Home delivery",
      da: "Levering til døren",
      sv: "Hemleverans",
      nb: "Levering hjem",
      fi: "Kotiinkuljetus",
      de: "Lieferung nach Hause",
      "de-AT": "Lieferung nach Hause",
      nl: "Thuisbezorging",
      fr: "Livraison à domicile",
      pl: "Dostawa do domu",
      it: "Consegna a domicilio",
      es: "Entrega a domicilio",
    };
    methods.push(
      {
        code: "home",
        market: market.code,
        supplierId: null,
        name: home,
        infoText: {
          en: "Delivered to your door on a working day.",
          da: "Leveres til døren på en hverdag.",
          sv: "Levereras hem till dörren en vardag.",
          nb: "Leveres på døren på en hverdag.",
          fi: "Toimitetaan ovellesi arkipäivänä.",
          de: "Lieferung an die Haustür an einem Werktag.",
          "de-AT": "Lieferung an die Haustür an einem Werktag.",
          nl: "Bezorgd aan de deur op een werkdag.",
          fr: "Livré à votre porte un jour ouvré.",
          pl: "Dostawa pod drzwi w dzień roboczy.",
          it: "Consegnato alla tua porta in un giorno lavorativo.",
          es: "Entregado en tu puerta en un día laborable.",
        },
        minDays: 1,
        maxDays: 3,
        price: euro(495),
        freeDeliveryLimit: market.freeDeliveryLimit,
        icon: "truck",
        dropPointProvider: null,
        isDefault: true,
        sort: 1,
      },
      {
        code: "droppoint",
        market: market.code,
        supplierId: null,
        name: {
          en: "Pick-up point",
          da: "Pakkeshop",
          sv: "Ombud",
          nb: "Hentested",
          fi: "Noutopiste",
          de: "Paketshop",
          "de-AT": "Paketshop",
          nl: "Afhaalpunt",
          fr: "Point relais",
          pl: "Punkt odbioru",
          it: "Punto di ritiro",
          es: "Punto de recogida",
        },
        infoText: {
          en: "Collect it at a pick-up point near you.",
          da: "Hent pakken i en pakkeshop nær dig.",
          sv: "Hämta paketet hos ett ombud nära dig.",
          nb: "Hent pakken på et hentested nær deg.",
          fi: "Nouda paketti läheisestä noutopisteestä.",
          de: "Abholung in einem Paketshop in deiner Nähe.",
          "de-AT": "Abholung in einem Paketshop in deiner Nähe.",
          nl: "Haal je pakket op bij een afhaalpunt bij jou in de buurt.",
          fr: "Retirez votre colis dans un point relais près de chez vous.",
          pl: "Odbierz paczkę w punkcie odbioru w pobliżu.",
          it: "Ritiralo in un punto di ritiro vicino a te.",
          es: "Recógelo en un punto de recogida cerca de ti.",
        },
        minDays: 1,
        maxDays: 4,
        price: euro(395),
        freeDeliveryLimit: market.freeDeliveryLimit,
        icon: "map-pin",
        dropPointProvider: "pitchside-points",
        isDefault: false,
        sort: 2,
      },
      {
        code: "express",
        market: market.code,
        supplierId: null,
        name: {
          en: "Express delivery",
          da: "Ekspreslevering",
          sv: "Expressleverans",
          nb: "Ekspresslevering",
          fi: "Pikatoimitus",
          de: "Expresslieferung",
          "de-AT": "Expresslieferung",
          nl: "Expreslevering",
          fr: "Livraison express",
          pl: "Dostawa ekspresowa",
          it: "Consegna espressa",
          es: "Entrega exprés",
        },
        infoText: {
          en: "Next working day when ordered before 15:00.",
          da: "Næste hverdag ved bestilling før kl. 15.00.",
          sv: "Nästa vardag vid beställning före kl. 15.00.",
          nb: "Neste virkedag ved bestilling før kl. 15.00.",
          fi: "Seuraavana arkipäivänä, kun tilaat ennen klo 15.00.",
          de: "Am nächsten Werktag bei Bestellung vor 15:00 Uhr.",
          "de-AT": "Am nächsten Werktag bei Bestellung vor 15:00 Uhr.",
          nl: "De volgende werkdag bij bestelling vóór 15.00 uur.",
          fr: "Le jour ouvré suivant pour toute commande avant 15h00.",
          pl: "Następnego dnia roboczego przy zamówieniu do 15:00.",
          it: "Il giorno lavorativo successivo se ordini entro le 15:00.",
          es: "El siguiente día laborable si pides antes de las 15:00.",
        },
        minDays: 1,
        maxDays: 1,
        price: euro(1495),
        freeDeliveryLimit: null,
        icon: "zap",
        dropPointProvider: null,
        isDefault: false,
        sort: 3,
      },
    );
    for (const [supplierId, name] of [
      [3, "Strikon Official Store"],
      [4, "Touchline Traders"],
      [5, "Cornerflag Supply"],
    ] as const) {
      methods.push({
        code: "standard",
        market: market.code,
        supplierId,
        name: {
          en: `Standard delivery by ${name}`,
          da: `Standardlevering fra ${name}`,
          sv: `Standardleverans från ${name}`,
          nb: `Standardlevering fra ${name}`,
          fi: `Vakiotoimitus: ${name}`,
          de: `Standardversand durch ${name}`,
          "de-AT": `Standardversand durch ${name}`,
          nl: `Standaardbezorging door ${name}`,
          fr: `Livraison standard par ${name}`,
          pl: `Dostawa standardowa od ${name}`,
          it: `Consegna standard di ${name}`,
          es: `Envío estándar de ${name}`,
        },
        infoText: {
          en: `Shipped directly by ${name}.`,
          da: `Sendes direkte fra ${name}.`,
          sv: `Skickas direkt från ${name}.`,
          nb: `Sendes direkte fra ${name}.`,
          fi: `Lähettäjä: ${name} suoraan.`,
          de: `Direkt von ${name} versendet.`,
          "de-AT": `Direkt von ${name} versendet.`,
          nl: `Rechtstreeks verzonden door ${name}.`,
          fr: `Expédié directement par ${name}.`,
          pl: `Wysyłka bezpośrednio od ${name}.`,
          it: `Spedito direttamente da ${name}.`,
          es: `Enviado directamente por ${name}.`,
        },
        minDays: 3,
        maxDays: 8,
        price: euro(595),
        freeDeliveryLimit: market.freeDeliveryLimit,
        icon: "package",
        dropPointProvider: null,
        isDefault: true,
        sort: 1,
      });
    }
    payments.push({
      market: market.code,
      gateway: "test-card",
      type: "scheme",
      name: {
        en: "Card",
        da: "Betalingskort",
        sv: "Kort",
        nb: "Kort",
        fi: "Kortti",
        de: "Karte",
        "de-AT": "Karte",
        nl: "Kaart",
        fr: "Carte",
        pl: "Karta",
        it: "Carta",
        es: "Tarjeta",
      },
      fee: 0,
      icons: ["visa", "mastercard", "amex", "maestro", "dankort"].slice(0, market.code === "dk" ? 5 : 4),
      sort: 1,
    });
    if (["dk", "se", "no", "fi", "de", "at", "nl"].includes(market.code)) {
      payments.push({
        market: market.code,
        gateway: "test-bnpl",
        type: "pay_later",
        name: {
          en: "Pay later in 30 days",
          da: "Betal om 30 dage",
          sv: "Betala inom 30 dagar",
          nb: "Betal om 30 dager",
          fi: "Maksa 30 päivän kuluttua",
          de: "In 30 Tagen bezahlen",
          "de-AT": "In 30 Tagen bezahlen",
          nl: "Achteraf betalen binnen 30 dagen",
          fr: "Payer dans 30 jours",
          pl: "Zapłać za 30 dni",
          it: "Paga tra 30 giorni",
          es: "Paga en 30 días",
        },
        fee: 0,
        icons: ["pay-later"],
        sort: 2,
      });
    }
    payments.push({
      market: market.code,
      gateway: "giftcard",
      type: "giftcard",
      name: {
        en: "Gift card",
        da: "Gavekort",
        sv: "Presentkort",
        nb: "Gavekort",
        fi: "Lahjakortti",
        de: "Geschenkkarte",
        "de-AT": "Geschenkkarte",
        nl: "Cadeaukaart",
        fr: "Carte cadeau",
        pl: "Karta podarunkowa",
        it: "Carta regalo",
        es: "Tarjeta regalo",
      },
      fee: 0,
      icons: ["giftcard"],
      sort: 3,
    });
    if (["pl", "cz", "sk", "hu", "hr", "si", "gr"].includes(market.code)) {
      payments.push({
        market: market.code,
        gateway: "cod",
        type: "cash_on_delivery",
        name: {
          en: "Cash on delivery",
          da: "Efterkrav",
          sv: "Postförskott",
          nb: "Postoppkrav",
          fi: "Postiennakko",
          de: "Nachnahme",
          "de-AT": "Nachnahme",
          nl: "Rembours",
          fr: "Paiement à la livraison",
          pl: "Płatność przy odbiorze",
          it: "Pagamento alla consegna",
          es: "Contra reembolso",
        },
        fee: euro(295),
        icons: ["cash"],
        sort: 4,
      });
    }
  }
  await insertInBatches(database, deliveryMethods, methods);
  await insertInBatches(database, paymentMethods, payments);

  const points: (typeof dropPoints.$inferInsert)[] = [];
  for (const market of MARKETS) {
    for (const place of DEMO_POST_CODES[market.code] ?? []) {
      for (let i = 0; i < 6; i++) {
        points.push({
          externalId: `${market.code}-${place.postCode.replace(/\s/g, "")}-${i + 1}`,
          provider: "pitchside-points",
          countryCode: market.countryCode,
          postCode: place.postCode,
          // The point's own sign, in the country's language (English where the demo has none).
          name: `${translate(tr(random.pick(SHOPS)), market.locale)} ${place.city} ${i + 1}`,
          street: ((name, number) => (market.code === "fr" ? `${number} ${name}` : `${name} ${number}`))(
            random.pick(DROP_POINT_STREETS[market.code] ?? DROP_POINT_STREETS.de ?? []),
            random.int(1, 120),
          ),
          zipcode: place.postCode,
          city: place.city,
          latitude: place.lat + (random.next() - 0.5) * 0.04,
          longitude: place.lng + (random.next() - 0.5) * 0.06,
          hours: weekHours(random),
        });
      }
    }
  }
  await insertInBatches(database, dropPoints, points);

  const year = now.getUTCFullYear();
  const from = new Date(now.getTime() - 30 * DAY);
  const to = new Date(now.getTime() + 365 * DAY);
  await insertInBatches(database, vouchers, [
    {
      code: `PITCH-10OFF-${year}`,
      kind: "percentage",
      value: 10,
      currency: null,
      minimumOrder: 0,
      validFrom: from,
      validTo: to,
      usageLimit: null,
    },
    {
      code: `PITCH-15OVER150-${year}`,
      kind: "percentage",
      value: 15,
      currency: "EUR",
      minimumOrder: 15000,
      validFrom: from,
      validTo: to,
      usageLimit: null,
    },
    {
      code: `PITCH-25EUR-${year}`,
      kind: "fixed",
      value: 2500,
      currency: "EUR",
      minimumOrder: 10000,
      validFrom: from,
      validTo: to,
      usageLimit: 1000,
    },
    {
      code: `PITCH-200DKK-${year}`,
      kind: "fixed",
      value: 20000,
      currency: "DKK",
      minimumOrder: 75000,
      validFrom: from,
      validTo: to,
      usageLimit: 1000,
    },
    {
      code: `FREE-SHIP-${year}`,
      kind: "free_delivery",
      value: 0,
      currency: null,
      minimumOrder: 0,
      validFrom: from,
      validTo: to,
      usageLimit: null,
    },
    {
      code: `PITCH-SUMMER-${year - 1}`,
      kind: "percentage",
      value: 20,
      currency: null,
      minimumOrder: 0,
      validFrom: new Date(now.getTime() - 400 * DAY),
      validTo: new Date(now.getTime() - 100 * DAY),
      usageLimit: null,
    },
    {
      code: `PITCH-ONCE-${year}`,
      kind: "percentage",
      value: 50,
      currency: null,
      minimumOrder: 0,
      validFrom: from,
      validTo: to,
      usageLimit: 1,
      usedCount: 1,
    },
  ]);

  const cards = DEMO_GIFT_CARDS.map((card) => ({ ...card }));
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  for (let i = 0; i < 20; i++) {
    const part = () => Array.from({ length: 4 }, () => random.pick([...alphabet])).join("");
    cards.push({
      code: `GIFT-${part()}-${part()}-${part()}`,
      currency: random.pick(["EUR", "DKK", "SEK", "NOK"]),
      balance: random.pick([2500, 5000, 10000]) * (random.chance(0.5) ? 1 : 10),
    });
  }
  await insertInBatches(
    database,
    giftCards,
    cards.map((card) => ({
      codeHash: giftCardHash(card.code),
      last4: card.code.slice(-4),
      currency: card.currency,
      initialBalance: card.balance,
      balance: card.balance,
      expiresAt: new Date(now.getTime() + 2 * 365 * DAY),
    })),
  );
}
