import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { call } from "#web/lib/api.ts";
import type { ResponseOf } from "#web/lib/endpoints.ts";
import { SideSheet } from "#web/ui/dialog.tsx";
import { useToast } from "#web/ui/toast.tsx";
import { groupHours, type HourEntry, visiblePoints, weekdayName } from "./opening-hours.ts";

const DropPointMap = lazy(() => import("./drop-point-map.tsx"));

type DropPoint = ResponseOf<"GET /deliverymethod/find_droppoint/">[number];

/** Post code typing waits this long before searching. */
export const POST_CODE_DEBOUNCE_MS = 500;

interface Props {
  provider: string;
  countryCode: string;
  initialPostCode: string;
  selectedId: number | null;
  tileUrl: string;
  onChoose: (id: number, postCode: string) => Promise<void>;
}

function Hours({ hours }: { hours: HourEntry[] }) {
  const intl = useIntl();
  return (
    <ul className="text-xs text-neutral-700">
      {groupHours(hours).map((range) => (
        <li key={range.from}>
          {weekdayName(range.from, intl.locale)}
          {range.to !== range.from && `–${weekdayName(range.to, intl.locale)}`} {range.time_from}–
          {range.time_to}
        </li>
      ))}
    </ul>
  );
}

/**
 * Finds drop points near a post code (debounced), shows three, and the rest with a map in a sheet.
 * The first point is chosen and saved by itself once per post code.
 */
export function DropPointFinder({
  provider,
  countryCode,
  initialPostCode,
  selectedId,
  tileUrl,
  onChoose,
}: Props) {
  const intl = useIntl();
  const toast = useToast();
  const [postCode, setPostCode] = useState(initialPostCode);
  const [points, setPoints] = useState<DropPoint[]>([]);
  const [loading, setLoading] = useState(false);
  const autoChosen = useRef(new Set<string>());

  // onChoose and selectedId change with every save; the search follows the post code only.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    const trimmed = postCode.trim();
    if (!trimmed) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setLoading(true);
      try {
        const found = await call("GET /deliverymethod/find_droppoint/", {
          query: { provider, post_code: trimmed, country_code: countryCode },
          signal: controller.signal,
        });
        setPoints(found);
        const first = found[0];
        if (first && !autoChosen.current.has(trimmed) && !found.some((p) => p.id === selectedId)) {
          autoChosen.current.add(trimmed);
          await onChoose(first.id, trimmed);
        }
      } catch (error) {
        if ((error as Error).name !== "AbortError")
          toast({
            title: intl.formatMessage({ id: "checkout.error.generic" }),
            variant: "destructive",
            flow: true,
          });
      } finally {
        setLoading(false);
      }
    }, POST_CODE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [postCode, provider, countryCode]);

  const shown = points.map((p) => ({ ...p, is_selected: p.id === selectedId }));
  const choose = useCallback((id: number) => void onChoose(id, postCode.trim()), [onChoose, postCode]);
  const list = (items: DropPoint[], name: string) => (
    <fieldset>
      <legend className="sr-only">
        <FormattedMessage id="checkout.droppoint.list" />
      </legend>
      <ul className="space-y-2">
        {items.map((point) => (
          <li key={point.id}>
            <label
              className={`flex gap-3 rounded border p-3 ${point.is_selected ? "border-pitch-900 bg-pitch-100" : "border-neutral-300"}`}
            >
              <input
                type="radio"
                name={name}
                checked={point.is_selected}
                onChange={() => choose(point.id)}
                className="mt-1 size-4"
              />
              <span className="text-sm">
                <span className="block font-semibold">{point.name}</span>
                {point.streetname}
                {point.streetname2 && `, ${point.streetname2}`}, {point.zipcode} {point.city}
                <Hours hours={point.hours} />
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );

  return (
    <div className="mt-3 space-y-3 rounded border border-neutral-200 p-3" data-testid="droppoint-finder">
      <label className="flex flex-col gap-1 text-sm font-semibold">
        <FormattedMessage id="checkout.droppoint.postCode" />
        <input
          value={postCode}
          onChange={(e) => setPostCode(e.target.value)}
          inputMode="numeric"
          autoComplete="postal-code"
          className="rounded border border-neutral-500 px-3 py-2 font-normal"
        />
      </label>
      {loading && (
        <p className="text-sm" aria-live="polite">
          <FormattedMessage id="checkout.droppoint.loading" />
        </p>
      )}
      {list(visiblePoints(shown, selectedId), "droppoint")}
      {points.length > 3 && (
        <SideSheet
          width="w-[32rem]"
          trigger={
            <button type="button" className="font-semibold underline">
              <FormattedMessage id="checkout.droppoint.showMore" values={{ count: points.length }} />
            </button>
          }
          title={<FormattedMessage id="checkout.droppoint.title" />}
          description={<FormattedMessage id="checkout.droppoint.list" />}
        >
          <Suspense fallback={<div className="h-64 w-full rounded bg-neutral-100" />}>
            <DropPointMap points={shown} tileUrl={tileUrl} onChoose={choose} />
          </Suspense>
          {list(shown, "droppoint-all")}
        </SideSheet>
      )}
    </div>
  );
}
