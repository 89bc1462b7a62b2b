import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { useEffect, useRef } from "react";

export interface MapPoint {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
  is_selected: boolean;
}

/**
 * The drop points on a Leaflet map (zoom 15 on the chosen or first point). Loaded only when the
 * show-more sheet opens; a map that cannot be made is left out without a word.
 */
export default function DropPointMap({
  points,
  tileUrl,
  onChoose,
}: {
  points: MapPoint[];
  tileUrl: string;
  onChoose: (id: number) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current || points.length === 0) return;
    let map: L.Map | null = null;
    try {
      const centre = points.find((p) => p.is_selected) ?? points[0];
      map = L.map(container.current).setView([centre?.latitude ?? 0, centre?.longitude ?? 0], 15);
      L.tileLayer(tileUrl, { maxZoom: 19, attribution: "© OpenStreetMap" }).addTo(map);
      for (const point of points) {
        L.circleMarker([point.latitude, point.longitude], {
          radius: point.is_selected ? 10 : 7,
          color: point.is_selected ? "#123524" : "#1f6b45",
        })
          .addTo(map)
          .bindTooltip(point.name)
          .on("click", () => onChoose(point.id));
      }
    } catch {
      // Map errors are swallowed: the list beside it still works.
    }
    return () => {
      try {
        map?.remove();
      } catch {
        // already gone
      }
    };
  }, [points, tileUrl, onChoose]);
  return <div ref={container} className="h-64 w-full rounded bg-neutral-100" aria-hidden="true" />;
}
