// The consent banner's and settings dialog's buttons: "only necessary" looks as easy as "accept all".
const BUTTON = "min-h-11 rounded-full px-4 py-2 text-sm font-semibold";
export const PRIMARY = `${BUTTON} bg-pitch-700 text-white hover:bg-pitch-800`;
export const SECONDARY = `${BUTTON} border border-neutral-900 bg-white text-neutral-900 hover:bg-neutral-100`;
