/**
 * The carriers a package can travel with, and where a shopper follows a parcel. A carrier is
 * anything that can turn a tracking number into the address of its public tracking page; the shop
 * knows a few (CARRIERS), and a shop with another carrier adds one entry here.
 */
export interface Carrier {
  /** The code the operator API and the pitchside command take, e.g. "postnord". */
  code: string;
  /** The carrier's name as a shopper knows it. */
  name: string;
  /** The public page that tracks one parcel. */
  trackingUrl(trackingNumber: string): string;
}

/** A tracking number as carriers print them: letters, digits and hyphens. */
export const TRACKING_NUMBER = /^[A-Za-z0-9][A-Za-z0-9-]{3,39}$/;

const pattern = (code: string, name: string, url: (number: string) => string): Carrier => ({
  code,
  name,
  trackingUrl: (number) => url(encodeURIComponent(number)),
});

export const CARRIERS: readonly Carrier[] = [
  pattern("postnord", "PostNord", (n) => `https://tracking.postnord.com/tracking.html?id=${n}`),
  pattern("gls", "GLS", (n) => `https://gls-group.com/track/${n}`),
  pattern(
    "dhl",
    "DHL",
    (n) => `https://www.dhl.com/global-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=${n}`,
  ),
  pattern("dao", "DAO", (n) => `https://www.dao.as/privat/find-din-pakke?stregkode=${n}`),
  pattern("bring", "Bring", (n) => `https://tracking.bring.com/tracking/${n}`),
  pattern("ups", "UPS", (n) => `https://www.ups.com/track?tracknum=${n}`),
];

export const CARRIER_CODES = CARRIERS.map((carrier) => carrier.code) as [string, ...string[]];

/** The carrier of a code (any case), or undefined. */
export function carrierOf(code: string): Carrier | undefined {
  const wanted = code.trim().toLowerCase();
  return CARRIERS.find((carrier) => carrier.code === wanted);
}
