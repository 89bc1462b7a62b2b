/**
 * The words shoppers use for the catalogue's item types, colours and age groups, per language. The
 * catalogue itself keys these by code ("goalkeeper_gloves", "navy", "junior") and names only its
 * categories per locale, so these lists are what lets "handsker", "Handschuhe" or "rękawice" find
 * gloves. Each list holds singular and plural forms and the compound words of the language (the
 * compound's head word is listed too, so "handsker" also names the item type on its own).
 *
 * Languages are the base languages of the UI locales: de-AT reads "de", en-GB reads "en".
 */

export const SEARCH_LANGUAGES = ["en", "da", "sv", "nb", "fi", "de", "nl", "fr", "pl", "it", "es"] as const;
export type SearchLanguage = (typeof SEARCH_LANGUAGES)[number];

/**
 * PostgreSQL's text-search configuration per language: snowball stemmers where PostgreSQL has one.
 * Polish has none in PostgreSQL; it is indexed unstemmed ("simple") and relies on the listed word
 * forms, compound-part and typo matching of the lexicon (decision 0039).
 */
export const TEXT_SEARCH_CONFIG: Record<SearchLanguage, string> = {
  en: "english",
  da: "danish",
  sv: "swedish",
  nb: "norwegian",
  fi: "finnish",
  de: "german",
  nl: "dutch",
  fr: "french",
  pl: "simple",
  it: "italian",
  es: "spanish",
};

/** A UI locale's search language: its base language ("de-AT" → "de"), English for anything else. */
export function searchLanguage(locale: string): SearchLanguage {
  const base = locale.split("-")[0] ?? "en";
  return (SEARCH_LANGUAGES as readonly string[]).includes(base) ? (base as SearchLanguage) : "en";
}

type Words = Record<SearchLanguage, string>;

export const ITEM_TYPE_WORDS: Record<string, Words> = {
  football_boots: {
    en: "boot boots football boots soccer cleats cleat studs",
    da: "støvle støvler fodboldstøvle fodboldstøvler sko fodboldsko",
    sv: "sko skor fotbollssko fotbollsskor dobbskor",
    nb: "sko fotballsko fotballskoene støvler",
    fi: "kengät kenkä jalkapallokengät jalkapallokenkä nappikset nappikengät",
    de: "schuh schuhe fußballschuh fußballschuhe fussballschuhe stollenschuhe",
    nl: "schoen schoenen voetbalschoen voetbalschoenen noppen",
    fr: "chaussure chaussures crampons",
    pl: "but buty korki buty piłkarskie obuwie",
    it: "scarpa scarpe scarpini scarpino scarpe calcio tacchetti",
    es: "bota botas botas fútbol futbol tacos",
  },
  football_shirts: {
    en: "shirt shirts jersey jerseys kit top football shirt",
    da: "trøje trøjer fodboldtrøje fodboldtrøjer spillertrøje klubtrøje landsholdstrøje",
    sv: "tröja tröjor fotbollströja fotbollströjor matchtröja",
    nb: "drakt drakter fotballdrakt fotballdrakter trøye trøyer",
    fi: "paita paidat pelipaita jalkapallopaita jalkapallopaidat",
    de: "trikot trikots fußballtrikot fußballtrikots fussballtrikot shirt",
    nl: "shirt shirts voetbalshirt voetbalshirts tenue",
    fr: "maillot maillots",
    pl: "koszulka koszulki koszulka piłkarska",
    it: "maglia maglie maglietta magliette maglia calcio divisa",
    es: "camiseta camisetas camiseta fútbol futbol equipación",
  },
  package: {
    en: "kit kits team kit set",
    da: "sæt holdsæt spillesæt",
    sv: "set lagset matchställ",
    nb: "sett draktsett",
    fi: "setti setit joukkuesetti",
    de: "satz trikotsatz trikotsätze set",
    nl: "tenue teamtenue set",
    fr: "kit kits tenue",
    pl: "komplet komplety strój",
    it: "kit completo completi divisa squadra",
    es: "kit equipación equipaciones conjunto",
  },
  goalkeeper_gloves: {
    en: "glove gloves goalkeeper gloves keeper gloves goalie",
    da: "handske handsker målmandshandske målmandshandsker keeperhandsker målmand",
    sv: "handske handskar målvaktshandske målvaktshandskar målvakt",
    nb: "hanske hansker keeperhansker keeperhanske keeper",
    fi: "hanska hanskat maalivahdin hanskat maalivahti maalivahdinhanskat",
    de: "handschuh handschuhe torwarthandschuh torwarthandschuhe torwart",
    nl: "handschoen handschoenen keepershandschoenen keeper",
    fr: "gant gants gardien",
    pl: "rękawice rękawica rękawiczki bramkarskie bramkarz",
    it: "guanto guanti guanti portiere portiere guantoni",
    es: "guante guantes guantes portero portero arquero",
  },
  sneakers: {
    en: "sneaker sneakers trainers shoes",
    da: "sneaker sneakers sko",
    sv: "sneaker sneakers skor",
    nb: "sneaker sneakers sko",
    fi: "tennarit lenkkarit",
    de: "sneaker sneakers turnschuhe",
    nl: "sneaker sneakers",
    fr: "basket baskets sneakers",
    pl: "sneakersy trampki",
    it: "sneaker sneakers scarpe ginnastica",
    es: "zapatilla zapatillas sneakers deportivas",
  },
  indoor_shoes: {
    en: "indoor shoe shoes futsal hall",
    da: "indendørssko indendørs hallsko futsalsko",
    sv: "inomhusskor inomhussko futsalskor",
    nb: "innesko futsalsko",
    fi: "sisäpelikengät sisäkengät futsalkengät",
    de: "hallenschuh hallenschuhe futsal",
    nl: "zaalschoen zaalschoenen zaalvoetbal",
    fr: "chaussures d'intérieur futsal salle",
    pl: "halówki buty halowe",
    it: "scarpe calcetto calcetto futsal indoor",
    es: "zapatillas sala fútbol sala futsal",
  },
  balls: {
    en: "ball balls football",
    da: "bold bolde fodbold",
    sv: "boll bollar fotboll",
    nb: "ball baller fotball",
    fi: "pallo pallot jalkapallo",
    de: "ball bälle fußball fussball",
    nl: "bal ballen voetbal",
    fr: "ballon ballons",
    pl: "piłka piłki",
    it: "pallone palloni palla calcio",
    es: "balón balones pelota pelotas fútbol",
  },
  training_wear: {
    en: "training wear jacket top shorts tracksuit",
    da: "træningstøj træningsjakke træningsdragt shorts jakke",
    sv: "träningskläder träningsjacka träningsoverall shorts jacka",
    nb: "treningstøy treningsjakke treningsdress shorts jakke",
    fi: "harjoitusvaatteet verryttelyasu takki shortsit",
    de: "trainingsbekleidung trainingsjacke trainingsanzug shorts jacke",
    nl: "trainingskleding trainingsjack trainingspak short jas",
    fr: "vêtements entraînement veste survêtement short",
    pl: "odzież treningowa bluza dres spodenki kurtka",
    it: "abbigliamento allenamento giacca tuta pantaloncini felpa",
    es: "ropa entrenamiento chaqueta chándal pantalones cortos sudadera",
  },
  socks: {
    en: "sock socks grip socks",
    da: "strømpe strømper sokker fodboldstrømper",
    sv: "strumpa strumpor fotbollsstrumpor",
    nb: "strømpe strømper sokker fotballstrømper",
    fi: "sukka sukat jalkapallosukat",
    de: "stutzen socken strümpfe",
    nl: "sok sokken kousen voetbalsokken",
    fr: "chaussette chaussettes",
    pl: "getry skarpety skarpetki",
    it: "calza calze calzettoni calzini",
    es: "calcetín calcetines medias",
  },
  shin_guards: {
    en: "shin guard guards shinpads shin pads",
    da: "benskinne benskinner",
    sv: "benskydd",
    nb: "leggskinn leggbeskyttere",
    fi: "säärisuoja säärisuojat",
    de: "schienbeinschoner schoner",
    nl: "scheenbeschermer scheenbeschermers",
    fr: "protège-tibias protège tibias",
    pl: "ochraniacze nagolenniki",
    it: "parastinchi",
    es: "espinillera espinilleras canilleras",
  },
  gift_card: {
    en: "gift card voucher",
    da: "gavekort",
    sv: "presentkort",
    nb: "gavekort",
    fi: "lahjakortti lahjakortit",
    de: "geschenkkarte gutschein",
    nl: "cadeaukaart cadeaubon",
    fr: "carte cadeau",
    pl: "karta podarunkowa bon",
    it: "carta regalo buono regalo",
    es: "tarjeta regalo vale regalo",
  },
};

export const COLOUR_WORDS: Record<string, Words> = {
  black: {
    en: "black",
    da: "sort",
    sv: "svart",
    nb: "svart",
    fi: "musta",
    de: "schwarz",
    nl: "zwart",
    fr: "noir noire",
    pl: "czarny czarne",
    it: "nero nera neri nere",
    es: "negro negra negros negras",
  },
  white: {
    en: "white",
    da: "hvid",
    sv: "vit",
    nb: "hvit",
    fi: "valkoinen",
    de: "weiß weiss",
    nl: "wit",
    fr: "blanc blanche",
    pl: "biały białe",
    it: "bianco bianca bianchi bianche",
    es: "blanco blanca blancos blancas",
  },
  grey: {
    en: "grey gray",
    da: "grå",
    sv: "grå",
    nb: "grå",
    fi: "harmaa",
    de: "grau",
    nl: "grijs",
    fr: "gris",
    pl: "szary szare",
    it: "grigio grigia grigi",
    es: "gris grises",
  },
  red: {
    en: "red",
    da: "rød",
    sv: "röd",
    nb: "rød",
    fi: "punainen",
    de: "rot",
    nl: "rood",
    fr: "rouge",
    pl: "czerwony czerwone",
    it: "rosso rossa rossi rosse",
    es: "rojo roja rojos rojas",
  },
  orange: {
    en: "orange",
    da: "orange",
    sv: "orange",
    nb: "oransje",
    fi: "oranssi",
    de: "orange",
    nl: "oranje",
    fr: "orange",
    pl: "pomarańczowy",
    it: "arancione arancio",
    es: "naranja",
  },
  yellow: {
    en: "yellow",
    da: "gul",
    sv: "gul",
    nb: "gul",
    fi: "keltainen",
    de: "gelb",
    nl: "geel",
    fr: "jaune",
    pl: "żółty żółte",
    it: "giallo gialla gialli",
    es: "amarillo amarilla amarillos",
  },
  green: {
    en: "green",
    da: "grøn",
    sv: "grön",
    nb: "grønn",
    fi: "vihreä",
    de: "grün",
    nl: "groen",
    fr: "vert verte",
    pl: "zielony zielone",
    it: "verde verdi",
    es: "verde verdes",
  },
  turquoise: {
    en: "turquoise",
    da: "turkis",
    sv: "turkos",
    nb: "turkis",
    fi: "turkoosi",
    de: "türkis",
    nl: "turquoise",
    fr: "turquoise",
    pl: "turkusowy",
    it: "turchese",
    es: "turquesa",
  },
  blue: {
    en: "blue",
    da: "blå",
    sv: "blå",
    nb: "blå",
    fi: "sininen",
    de: "blau",
    nl: "blauw",
    fr: "bleu bleue",
    pl: "niebieski niebieskie",
    it: "blu azzurro azzurra",
    es: "azul azules",
  },
  navy: {
    en: "navy",
    da: "marineblå navy",
    sv: "marinblå",
    nb: "marineblå",
    fi: "tummansininen laivastonsininen",
    de: "marineblau navy",
    nl: "marineblauw",
    fr: "marine",
    pl: "granatowy",
    it: "navy blu scuro",
    es: "azul marino marino",
  },
  purple: {
    en: "purple",
    da: "lilla",
    sv: "lila",
    nb: "lilla",
    fi: "violetti",
    de: "lila violett",
    nl: "paars",
    fr: "violet",
    pl: "fioletowy",
    it: "viola",
    es: "morado morada púrpura",
  },
  pink: {
    en: "pink",
    da: "lyserød pink",
    sv: "rosa",
    nb: "rosa",
    fi: "pinkki vaaleanpunainen",
    de: "rosa pink",
    nl: "roze",
    fr: "rose",
    pl: "różowy",
    it: "rosa",
    es: "rosa rosado",
  },
  brown: {
    en: "brown",
    da: "brun",
    sv: "brun",
    nb: "brun",
    fi: "ruskea",
    de: "braun",
    nl: "bruin",
    fr: "marron",
    pl: "brązowy",
    it: "marrone",
    es: "marrón",
  },
  beige: {
    en: "beige",
    da: "beige",
    sv: "beige",
    nb: "beige",
    fi: "beige",
    de: "beige",
    nl: "beige",
    fr: "beige",
    pl: "beżowy",
    it: "beige",
    es: "beige",
  },
  gold: {
    en: "gold",
    da: "guld",
    sv: "guld",
    nb: "gull",
    fi: "kulta kultainen",
    de: "gold golden",
    nl: "goud",
    fr: "or doré",
    pl: "złoty",
    it: "oro dorato",
    es: "oro dorado",
  },
  silver: {
    en: "silver",
    da: "sølv",
    sv: "silver",
    nb: "sølv",
    fi: "hopea",
    de: "silber",
    nl: "zilver",
    fr: "argent",
    pl: "srebrny",
    it: "argento argentato",
    es: "plata plateado",
  },
};

export const AGE_WORDS: Record<string, Words> = {
  adult: {
    en: "adult men women",
    da: "voksen voksne herre dame",
    sv: "vuxen herr dam",
    nb: "voksen herre dame",
    fi: "aikuinen miehet naiset",
    de: "erwachsene herren damen",
    nl: "volwassenen heren dames",
    fr: "adulte homme femme",
    pl: "dorosły męskie damskie",
    it: "adulto adulti uomo donna",
    es: "adulto adultos hombre mujer",
  },
  junior: {
    en: "junior youth kids",
    da: "junior børn",
    sv: "junior barn",
    nb: "junior barn",
    fi: "junior juniori lapset",
    de: "junior kinder",
    nl: "junior kinderen",
    fr: "junior enfant enfants",
    pl: "junior dziecięce dzieci",
    it: "junior ragazzi ragazzo",
    es: "junior juvenil niños",
  },
  kids: {
    en: "kids children",
    da: "børn barn",
    sv: "barn",
    nb: "barn",
    fi: "lapset",
    de: "kinder",
    nl: "kinderen kids",
    fr: "enfant enfants",
    pl: "dzieci dziecięce",
    it: "bambini bambino bimbi",
    es: "niños niño infantil",
  },
};

/** The words of one text as the index splits them: lower case, letters and digits. */
export function wordsOf(text: string): string[] {
  return (
    text
      .normalize("NFC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/**
 * Which item types each word names, per language: "handsker" → goalkeeper_gloves in Danish. Used to
 * rank the item type the shopper named first ("bold" lists balls before shirts).
 */
const itemTypesByWord = new Map<string, Map<string, Set<string>>>();
for (const language of SEARCH_LANGUAGES) {
  const byWord = new Map<string, Set<string>>();
  for (const [itemType, words] of Object.entries(ITEM_TYPE_WORDS)) {
    for (const word of wordsOf(words[language])) {
      if (!byWord.has(word)) byWord.set(word, new Set());
      byWord.get(word)?.add(itemType);
    }
  }
  itemTypesByWord.set(language, byWord);
}

export function itemTypesNamedBy(word: string, language: SearchLanguage): string[] {
  const own = itemTypesByWord.get(language)?.get(word);
  if (own) return [...own];
  // An English word in any shop ("gloves" in the Danish shop) names its item type too.
  return [...(itemTypesByWord.get("en")?.get(word) ?? [])];
}
