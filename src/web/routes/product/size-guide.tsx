import { FormattedMessage, useIntl } from "react-intl";
import type { SizeGuide } from "#modules/product/product.contract.ts";
import { formatSizeValue } from "#web/lib/sizes.ts";
import { Dialog } from "#web/ui/dialog.tsx";
import { Ruler } from "#web/ui/icons.tsx";

/**
 * The size guide in a side sheet (from the bottom on a phone, on the right from tablets up): the
 * catalogue's table for this kind of product, numbers in the shopper's format, the rows of the
 * sizes this product comes in marked, and how to measure.
 */
export function SizeGuideButton({
  guide,
  productSizes,
  testId = "size-guide-open",
}: {
  guide: SizeGuide;
  /** The product's own sizes (names and short names), to mark their rows. */
  productSizes: string[];
  testId?: string;
}) {
  return (
    <Dialog
      side="sheet"
      className="p-5 md:w-[32rem]"
      testId="size-guide"
      title={guide.title}
      description={<FormattedMessage id="sizes.guide.description" />}
      trigger={
        <button
          type="button"
          data-testid={testId}
          className="inline-flex min-h-6 items-center gap-1 text-sm font-semibold underline underline-offset-2"
        >
          <Ruler aria-hidden="true" className="size-4" />
          <FormattedMessage id="sizes.guide.open" />
        </button>
      }
    >
      {/* A component, so the table is made only when the sheet opens, not with every product page. */}
      <SizeGuideContent guide={guide} productSizes={productSizes} />
    </Dialog>
  );
}

/** The size guide's table and how to measure, the rows of the product's own sizes marked. */
function SizeGuideContent({ guide, productSizes }: { guide: SizeGuide; productSizes: string[] }) {
  const intl = useIntl();
  const own = new Set(productSizes);
  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm" data-testid="size-guide-table">
          <caption className="mb-2 text-left text-xs text-neutral-700">
            <FormattedMessage id="sizes.guide.caption" />
          </caption>
          <thead>
            <tr className="border-b-2 border-neutral-900">
              {guide.columns.map((heading) => (
                <th key={heading} scope="col" className="px-2 py-2 align-bottom font-semibold">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {guide.rows.map((row) => {
              const [size = "", ...values] = row;
              const mine = own.has(size);
              return (
                <tr
                  key={size}
                  className={`border-b border-neutral-200 ${mine ? "bg-pitch-50 font-semibold" : ""}`}
                  data-own={mine || undefined}
                >
                  <th scope="row" className="px-2 py-1.5 font-semibold">
                    {formatSizeValue(size, intl.locale)}
                    {mine && (
                      <span className="sr-only"> ({intl.formatMessage({ id: "sizes.guide.own" })})</span>
                    )}
                  </th>
                  {values.map((value, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order
                    <td key={index} className="px-2 py-1.5 tabular-nums">
                      {formatSizeValue(value, intl.locale)}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <h3 className="mt-5 mb-1 font-semibold">
        <FormattedMessage id="sizes.guide.howToMeasure" />
      </h3>
      <p className="text-sm text-neutral-800">{guide.how_to_measure}</p>
    </>
  );
}
