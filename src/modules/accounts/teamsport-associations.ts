/**
 * The teamsport associations a member can name in their preferences (decision 0027): the national
 * football association of each of the shop's 17 countries, one list for the whole shop, each under
 * its own name (a proper name, the same in every language). `market` is the shop country it belongs
 * to, so the settings page can put the member's own first.
 */
export const TEAMSPORT_ASSOCIATIONS = [
  { value: "dbu", market: "dk", name: "DBU – Dansk Boldspil-Union" },
  { value: "oefb", market: "at", name: "ÖFB – Österreichischer Fußball-Bund" },
  { value: "dfb", market: "de", name: "DFB – Deutscher Fußball-Bund" },
  { value: "palloliitto", market: "fi", name: "Palloliitto – Suomen Palloliitto" },
  { value: "fff", market: "fr", name: "FFF – Fédération Française de Football" },
  { value: "knvb", market: "nl", name: "KNVB – Koninklijke Nederlandse Voetbalbond" },
  { value: "nff", market: "no", name: "NFF – Norges Fotballforbund" },
  { value: "pzpn", market: "pl", name: "PZPN – Polski Związek Piłki Nożnej" },
  { value: "svff", market: "se", name: "SvFF – Svenska Fotbollförbundet" },
  { value: "figc", market: "it", name: "FIGC – Federazione Italiana Giuoco Calcio" },
  { value: "epo", market: "gr", name: "ΕΠΟ – Ελληνική Ποδοσφαιρική Ομοσπονδία" },
  { value: "hns", market: "hr", name: "HNS – Hrvatski nogometni savez" },
  { value: "nzs", market: "si", name: "NZS – Nogometna zveza Slovenije" },
  { value: "rfef", market: "es", name: "RFEF – Real Federación Española de Fútbol" },
  { value: "mlsz", market: "hu", name: "MLSZ – Magyar Labdarúgó Szövetség" },
  { value: "facr", market: "cz", name: "FAČR – Fotbalová asociace České republiky" },
  { value: "sfz", market: "sk", name: "SFZ – Slovenský futbalový zväz" },
] as const;

export type TeamsportAssociationValue = (typeof TEAMSPORT_ASSOCIATIONS)[number]["value"];

export const TEAMSPORT_ASSOCIATION_VALUES = TEAMSPORT_ASSOCIATIONS.map((a) => a.value) as [
  TeamsportAssociationValue,
  ...TeamsportAssociationValue[],
];

/** The association by its value; undefined for a value no longer on the list. */
export function teamsportAssociation(value: string | null | undefined) {
  return TEAMSPORT_ASSOCIATIONS.find((association) => association.value === value);
}

/** The list as a market's members see it: their own country's association first, then by name. */
export function teamsportAssociationsFor(market: string) {
  const own = TEAMSPORT_ASSOCIATIONS.filter((association) => association.market === market);
  const rest = TEAMSPORT_ASSOCIATIONS.filter((association) => association.market !== market).sort((a, b) =>
    a.name.localeCompare(b.name, "en"),
  );
  return [...own, ...rest].map(({ value, name }) => ({ value, name }));
}
