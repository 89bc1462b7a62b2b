import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { useEffect, useRef } from "react";

/**
 * A small Leaflet map of one store at zoom 15, its tiles from the configured tile server (MAP_TILE_URL,
 * as the checkout's drop-point map). Loaded in the browser only; a map that cannot be made is left
 * out without a word (the address and the map-service link beside it still say where the store is).
 */
export default function StoreMap({
  lat,
  lng,
  name,
  label,
  tileUrl,
}: {
  lat: number;
  lng: number;
  name: string;
  /** The map's accessible name ("Map of Pitchside Copenhagen"). */
  label: string;
  tileUrl: string;
}) {
  const container = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!container.current) return;
    let map: L.Map | null = null;
    try {
      map = L.map(container.current, { scrollWheelZoom: false }).setView([lat, lng], 15);
      L.tileLayer(tileUrl, { maxZoom: 19, attribution: "© OpenStreetMap" }).addTo(map);
      L.circleMarker([lat, lng], { radius: 10, color: "#123524", fillOpacity: 0.6 })
        .addTo(map)
        .bindTooltip(name);
    } catch {
      // Map errors are swallowed: the address and its link still work.
    }
    return () => {
      try {
        map?.remove();
      } catch {
        // already gone
      }
    };
  }, [lat, lng, name, tileUrl]);
  return (
    <section
      ref={container}
      aria-label={label}
      className="h-64 w-full rounded bg-neutral-100"
      data-testid="store-map-canvas"
    />
  );
}
