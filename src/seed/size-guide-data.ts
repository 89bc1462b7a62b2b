import type { Translated } from "#kernel/translate.ts";

/**
 * The demo shop's size guides: shoes by EU/UK/US size and foot length, shirts and training wear by
 * chest, waist and height, goalkeeper gloves by hand, shin guards by height. Numbers are written
 * with a full stop; the storefront shows them in the shopper's number format ("42,5" in Danish).
 */
export interface SizeGuideSeed {
  slug: string;
  itemTypes: string[];
  ageGroups: string[];
  title: Translated;
  howToMeasure: Translated;
  columns: Translated[];
  rows: string[][];
}

const SHOES = ["football_boots", "sneakers", "indoor_shoes"];
const APPAREL = ["football_shirts", "training_wear"];

const same = (text: string): Translated => ({ en: text });

const size: Translated = {
  en: "Size",
  da: "Størrelse",
  sv: "Storlek",
  nb: "Størrelse",
  fi: "Koko",
  de: "Größe",
  nl: "Maat",
  fr: "Taille",
  pl: "Rozmiar",
};

const footLength: Translated = {
  en: "Foot length (cm)",
  da: "Fodlængde (cm)",
  sv: "Fotlängd (cm)",
  nb: "Fotlengde (cm)",
  fi: "Jalan pituus (cm)",
  de: "Fußlänge (cm)",
  nl: "Voetlengte (cm)",
  fr: "Longueur du pied (cm)",
  pl: "Długość stopy (cm)",
};

const chest: Translated = {
  en: "Chest (cm)",
  da: "Brystvidde (cm)",
  sv: "Bröstvidd (cm)",
  nb: "Brystvidde (cm)",
  fi: "Rinnanympärys (cm)",
  de: "Brustumfang (cm)",
  nl: "Borstomvang (cm)",
  fr: "Tour de poitrine (cm)",
  pl: "Obwód klatki piersiowej (cm)",
};

const waist: Translated = {
  en: "Waist (cm)",
  da: "Taljevidde (cm)",
  sv: "Midjevidd (cm)",
  nb: "Livvidde (cm)",
  fi: "Vyötärönympärys (cm)",
  de: "Taillenumfang (cm)",
  nl: "Tailleomvang (cm)",
  fr: "Tour de taille (cm)",
  pl: "Obwód talii (cm)",
};

const height: Translated = {
  en: "Height (cm)",
  da: "Højde (cm)",
  sv: "Längd (cm)",
  nb: "Høyde (cm)",
  fi: "Pituus (cm)",
  de: "Körpergröße (cm)",
  nl: "Lengte (cm)",
  fr: "Taille du corps (cm)",
  pl: "Wzrost (cm)",
};

const age: Translated = {
  en: "Age (years)",
  da: "Alder (år)",
  sv: "Ålder (år)",
  nb: "Alder (år)",
  fi: "Ikä (vuotta)",
  de: "Alter (Jahre)",
  nl: "Leeftijd (jaar)",
  fr: "Âge (ans)",
  pl: "Wiek (lata)",
};

const shoeMeasure: Translated = {
  en: "Stand on a sheet of paper with your heel against a wall and mark the tip of your longest toe. Measure from the wall to the mark, both feet, and take the longer one.",
  da: "Stil dig på et stykke papir med hælen mod en væg, og sæt et mærke ud for den længste tå. Mål fra væggen til mærket på begge fødder, og brug det længste mål.",
  sv: "Ställ dig på ett papper med hälen mot en vägg och markera längsta tån. Mät från väggen till markeringen på båda fötterna och välj det längsta måttet.",
  nb: "Stå på et ark med hælen mot en vegg, og merk av ytterst på den lengste tåen. Mål fra veggen til merket på begge føttene, og bruk det lengste målet.",
  fi: "Seiso paperin päällä kantapää seinää vasten ja merkitse pisimmän varpaan kärki. Mittaa seinästä merkkiin molemmista jaloista ja käytä pidempää mittaa.",
  de: "Stell dich mit der Ferse an eine Wand auf ein Blatt Papier und markiere die Spitze deines längsten Zehs. Miss an beiden Füßen von der Wand bis zur Markierung und nimm den längeren Wert.",
  nl: "Ga met je hiel tegen een muur op een vel papier staan en markeer de punt van je langste teen. Meet bij beide voeten van de muur tot de markering en neem de langste maat.",
  fr: "Placez-vous sur une feuille, le talon contre un mur, et marquez le bout de votre plus long orteil. Mesurez du mur jusqu'à la marque pour les deux pieds et retenez la plus grande longueur.",
  pl: "Stań na kartce papieru piętą przy ścianie i zaznacz koniec najdłuższego palca. Zmierz odległość od ściany do znaku dla obu stóp i wybierz dłuższy wynik.",
};

const apparelMeasure: Translated = {
  en: "Measure your chest at its widest point under the arms and your waist at its narrowest point, with the tape snug but not tight. Between two sizes? Take the larger one.",
  da: "Mål brystet, hvor det er bredest under armene, og taljen, hvor den er smallest, med målebåndet tæt, men ikke stramt. Mellem to størrelser? Vælg den største.",
  sv: "Mät bröstet där det är bredast under armarna och midjan där den är smalast, med måttbandet nära men inte spänt. Mellan två storlekar? Välj den större.",
  nb: "Mål brystet der det er bredest under armene og livet der det er smalest, med målebåndet tett inntil, men ikke stramt. Mellom to størrelser? Velg den største.",
  fi: "Mittaa rinnanympärys leveimmästä kohdasta kainaloiden alta ja vyötärö kapeimmasta kohdasta, mittanauha tiiviisti mutta ei kireällä. Kahden koon välissä? Valitse isompi.",
  de: "Miss die Brust an der breitesten Stelle unter den Armen und die Taille an der schmalsten Stelle, das Maßband anliegend, aber nicht straff. Zwischen zwei Größen? Nimm die größere.",
  nl: "Meet je borst op het breedste punt onder de armen en je taille op het smalste punt, met het meetlint strak maar niet knellend. Twijfel je tussen twee maten? Kies de grootste.",
  fr: "Mesurez la poitrine à l'endroit le plus large sous les bras et la taille à l'endroit le plus étroit, le mètre ajusté sans serrer. Entre deux tailles ? Prenez la plus grande.",
  pl: "Zmierz klatkę piersiową w najszerszym miejscu pod pachami, a talię w najwęższym, z taśmą przylegającą, ale nie ciasną. Pomiędzy dwoma rozmiarami? Wybierz większy.",
};

const gloveMeasure: Translated = {
  en: "Measure around your writing hand just below the knuckles, without the thumb, and from the tip of the middle finger to the wrist. Between two sizes? Keepers usually take the larger one.",
  da: "Mål rundt om din skrivehånd lige under knoerne, uden tommelfingeren, og fra spidsen af langfingeren til håndleddet. Mellem to størrelser? Målmænd tager som regel den største.",
  sv: "Mät runt din skrivhand strax under knogarna, utan tummen, och från långfingerns spets till handleden. Mellan två storlekar? Målvakter brukar välja den större.",
  nb: "Mål rundt skrivehånden rett under knokene, uten tommelen, og fra tuppen av langfingeren til håndleddet. Mellom to størrelser? Keepere velger som regel den største.",
  fi: "Mittaa kirjoituskätesi ympärys rystysten alapuolelta ilman peukaloa sekä pituus keskisormen kärjestä ranteeseen. Kahden koon välissä? Maalivahdit valitsevat yleensä isomman.",
  de: "Miss den Umfang deiner Schreibhand direkt unter den Knöcheln, ohne Daumen, und die Länge von der Mittelfingerspitze bis zum Handgelenk. Zwischen zwei Größen? Torhüter nehmen meist die größere.",
  nl: "Meet de omtrek van je schrijfhand net onder de knokkels, zonder duim, en de lengte van de top van je middelvinger tot je pols. Twijfel je? Keepers kiezen meestal de grotere maat.",
  fr: "Mesurez le tour de votre main d'écriture juste sous les articulations, sans le pouce, et la longueur du bout du majeur au poignet. Entre deux tailles ? Les gardiens prennent souvent la plus grande.",
  pl: "Zmierz obwód dłoni, którą piszesz, tuż pod knykciami, bez kciuka, oraz długość od czubka środkowego palca do nadgarstka. Pomiędzy rozmiarami? Bramkarze zwykle wybierają większy.",
};

const shinMeasure: Translated = {
  en: "Shin guards go by the player's height: the guard should cover the shin from just above the ankle to a hand's width below the knee.",
  da: "Benskinner vælges efter spillerens højde: skinnen skal dække skinnebenet fra lige over anklen til en håndsbredde under knæet.",
  sv: "Benskydd väljs efter spelarens längd: skyddet ska täcka smalbenet från strax ovanför fotleden till en handsbredd under knät.",
  nb: "Leggskinn velges etter spillerens høyde: skinnet skal dekke leggen fra rett over ankelen til en håndsbredde under kneet.",
  fi: "Säärisuojat valitaan pelaajan pituuden mukaan: suojan tulee peittää sääri nilkan yläpuolelta kämmenen leveyden päähän polven alapuolelle.",
  de: "Schienbeinschoner richten sich nach der Körpergröße: Der Schoner soll das Schienbein von knapp über dem Knöchel bis eine Handbreit unter dem Knie bedecken.",
  nl: "Scheenbeschermers kies je op lengte: de beschermer bedekt het scheenbeen van net boven de enkel tot een handbreedte onder de knie.",
  fr: "Les protège-tibias se choisissent selon la taille du joueur : ils couvrent le tibia de juste au-dessus de la cheville jusqu'à une largeur de main sous le genou.",
  pl: "Ochraniacze dobiera się według wzrostu: ochraniacz powinien zakrywać goleń od tuż nad kostką do szerokości dłoni poniżej kolana.",
};

export const SIZE_GUIDES: SizeGuideSeed[] = [
  {
    slug: "shoes-adult",
    itemTypes: SHOES,
    ageGroups: ["adult"],
    title: {
      en: "Size guide: boots and shoes",
      da: "Størrelsesguide: støvler og sko",
      sv: "Storleksguide: skor",
      nb: "Størrelsesguide: sko",
      fi: "Kokotaulukko: kengät",
      de: "Größentabelle: Schuhe",
      nl: "Maattabel: schoenen",
      fr: "Guide des tailles : chaussures",
      pl: "Tabela rozmiarów: buty",
    },
    howToMeasure: shoeMeasure,
    columns: [same("EU"), same("UK"), same("US"), footLength],
    rows: [
      ["38", "5", "5.5", "23.5"],
      ["38.5", "5.5", "6", "24"],
      ["39", "6", "6.5", "24.5"],
      ["40", "6", "7", "25"],
      ["40.5", "6.5", "7.5", "25.5"],
      ["41", "7", "8", "26"],
      ["42", "7.5", "8.5", "26.5"],
      ["42.5", "8", "9", "27"],
      ["43", "8.5", "9.5", "27.5"],
      ["44", "9", "10", "28"],
      ["44.5", "9.5", "10.5", "28.5"],
      ["45", "10", "11", "29"],
      ["46", "11", "12", "30"],
      ["47", "11.5", "12.5", "30.5"],
    ],
  },
  {
    slug: "shoes-junior",
    itemTypes: SHOES,
    ageGroups: ["junior", "kids"],
    title: {
      en: "Size guide: kids' boots and shoes",
      da: "Størrelsesguide: børnestøvler og -sko",
      sv: "Storleksguide: barnskor",
      nb: "Størrelsesguide: barnesko",
      fi: "Kokotaulukko: lasten kengät",
      de: "Größentabelle: Kinderschuhe",
      nl: "Maattabel: kinderschoenen",
      fr: "Guide des tailles : chaussures enfant",
      pl: "Tabela rozmiarów: buty dziecięce",
    },
    howToMeasure: shoeMeasure,
    columns: [same("EU"), same("UK"), same("US"), footLength],
    rows: [
      ["28", "10K", "10.5K", "17"],
      ["29", "11K", "11.5K", "17.5"],
      ["30", "11.5K", "12K", "18"],
      ["31", "12.5K", "13K", "19"],
      ["32", "13K", "13.5K", "19.5"],
      ["33", "1", "1.5", "20.5"],
      ["34", "2", "2.5", "21"],
      ["35", "2.5", "3", "21.5"],
      ["36", "3.5", "4", "22.5"],
      ["37", "4", "4.5", "23"],
      ["37.5", "4.5", "5", "23.5"],
    ],
  },
  {
    slug: "apparel-adult",
    itemTypes: APPAREL,
    ageGroups: ["adult"],
    title: {
      en: "Size guide: shirts and training wear",
      da: "Størrelsesguide: trøjer og træningstøj",
      sv: "Storleksguide: tröjor och träningskläder",
      nb: "Størrelsesguide: drakter og treningstøy",
      fi: "Kokotaulukko: pelipaidat ja treenivaatteet",
      de: "Größentabelle: Trikots und Trainingskleidung",
      nl: "Maattabel: shirts en trainingskleding",
      fr: "Guide des tailles : maillots et vêtements d'entraînement",
      pl: "Tabela rozmiarów: koszulki i odzież treningowa",
    },
    howToMeasure: apparelMeasure,
    columns: [size, chest, waist, height],
    rows: [
      ["XS", "82–88", "68–74", "160–168"],
      ["S", "88–94", "74–80", "166–174"],
      ["M", "94–100", "80–86", "172–180"],
      ["L", "100–106", "86–92", "178–186"],
      ["XL", "106–112", "92–98", "184–192"],
      ["XXL", "112–118", "98–104", "190–198"],
    ],
  },
  {
    slug: "apparel-junior",
    itemTypes: APPAREL,
    ageGroups: ["junior", "kids"],
    title: {
      en: "Size guide: kids' shirts and training wear",
      da: "Størrelsesguide: trøjer og træningstøj til børn",
      sv: "Storleksguide: tröjor och träningskläder för barn",
      nb: "Størrelsesguide: drakter og treningstøy til barn",
      fi: "Kokotaulukko: lasten pelipaidat ja treenivaatteet",
      de: "Größentabelle: Trikots und Trainingskleidung für Kinder",
      nl: "Maattabel: shirts en trainingskleding voor kinderen",
      fr: "Guide des tailles : maillots et vêtements d'entraînement enfant",
      pl: "Tabela rozmiarów: koszulki i odzież treningowa dla dzieci",
    },
    howToMeasure: apparelMeasure,
    columns: [size, age, chest, height],
    rows: [
      ["116 cm", "5–6", "58–61", "111–116"],
      ["128 cm", "7–8", "62–66", "123–128"],
      ["140 cm", "9–10", "67–71", "135–140"],
      ["152 cm", "11–12", "72–77", "147–152"],
      ["164 cm", "13–14", "78–83", "159–164"],
    ],
  },
  {
    slug: "goalkeeper-gloves",
    itemTypes: ["goalkeeper_gloves"],
    ageGroups: ["adult", "junior", "kids"],
    title: {
      en: "Size guide: goalkeeper gloves",
      da: "Størrelsesguide: målmandshandsker",
      sv: "Storleksguide: målvaktshandskar",
      nb: "Størrelsesguide: keeperhansker",
      fi: "Kokotaulukko: maalivahdin hanskat",
      de: "Größentabelle: Torwarthandschuhe",
      nl: "Maattabel: keepershandschoenen",
      fr: "Guide des tailles : gants de gardien",
      pl: "Tabela rozmiarów: rękawice bramkarskie",
    },
    howToMeasure: gloveMeasure,
    columns: [
      size,
      {
        en: "Hand circumference (cm)",
        da: "Håndomkreds (cm)",
        sv: "Handomkrets (cm)",
        nb: "Håndomkrets (cm)",
        fi: "Kämmenen ympärys (cm)",
        de: "Handumfang (cm)",
        nl: "Handomtrek (cm)",
        fr: "Tour de main (cm)",
        pl: "Obwód dłoni (cm)",
      },
      {
        en: "Hand length (cm)",
        da: "Håndlængde (cm)",
        sv: "Handlängd (cm)",
        nb: "Håndlengde (cm)",
        fi: "Käden pituus (cm)",
        de: "Handlänge (cm)",
        nl: "Handlengte (cm)",
        fr: "Longueur de main (cm)",
        pl: "Długość dłoni (cm)",
      },
    ],
    rows: [
      ["5", "15–16", "14.5–15.5"],
      ["6", "16–17", "15.5–16.5"],
      ["7", "17–18.5", "16.5–17.5"],
      ["8", "18.5–20", "17.5–18.5"],
      ["9", "20–21.5", "18.5–19.5"],
      ["10", "21.5–23", "19.5–20.5"],
      ["11", "23–24.5", "20.5–21.5"],
    ],
  },
  {
    slug: "shin-guards",
    itemTypes: ["shin_guards"],
    ageGroups: ["adult", "junior", "kids"],
    title: {
      en: "Size guide: shin guards",
      da: "Størrelsesguide: benskinner",
      sv: "Storleksguide: benskydd",
      nb: "Størrelsesguide: leggskinn",
      fi: "Kokotaulukko: säärisuojat",
      de: "Größentabelle: Schienbeinschoner",
      nl: "Maattabel: scheenbeschermers",
      fr: "Guide des tailles : protège-tibias",
      pl: "Tabela rozmiarów: ochraniacze",
    },
    howToMeasure: shinMeasure,
    columns: [size, height],
    rows: [
      ["XS", "120–140"],
      ["S", "140–160"],
      ["M", "160–175"],
      ["L", "175–190"],
    ],
  },
];
