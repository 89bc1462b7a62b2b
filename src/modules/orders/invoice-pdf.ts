import { IntlMessageFormat } from "intl-messageformat";
import PDFDocument from "pdfkit";
import { registerShopFonts } from "#kernel/pdf-fonts.ts";
import { OWN_SUPPLIER } from "#modules/cart/cart.contract.ts";
import { serverMessages } from "#modules/mail/mail.service.ts";
import type { StoredAddress } from "#modules/markets/address-forms.ts";
import {
  formatDate,
  formatMoney,
  getMarket,
  intlTag,
  isUiLocale,
  LOCALE_TAGS,
  MARKETS,
  type UiLocale,
} from "#modules/markets/markets.service.ts";
import type { Invoice, InvoiceRow } from "./invoice.ts";

const INK = "#111827";
const MUTED = "#4b5563";
const BRAND = "#123524";
const RULE = "#d1d5db";
const BAND = "#f3f4f6";

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const WIDTH = PAGE.width - 2 * MARGIN;
/** Where content stops: the footer sits below. */
const CONTENT_BOTTOM = PAGE.height - MARGIN - 10;

/** The table's columns, left to right: x offset and width (description takes what is left). */
const COLUMNS = (() => {
  const quantity = 34;
  const unitPrice = 74;
  const rate = 56;
  const vat = 68;
  const amount = 82;
  const description = WIDTH - quantity - unitPrice - rate - vat - amount;
  let x = MARGIN;
  const at = (width: number) => {
    const column = { x, width };
    x += width;
    return column;
  };
  return {
    description: at(description),
    quantity: at(quantity),
    unitPrice: at(unitPrice),
    rate: at(rate),
    vat: at(vat),
    amount: at(amount),
  };
})();
const CELL_PAD = 4;

/**
 * The invoice as a PDF (A4) in the order's language, money and dates written as the order's market
 * writes them: the seller and the buyer, the invoice's and the order's numbers and dates, one row
 * per line, add-on, voucher, delivery and fee with its VAT, the VAT per rate, the total and what was
 * paid how.
 */
export function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  const locale: UiLocale = isUiLocale(invoice.locale) ? invoice.locale : "en";
  const market = getMarket(invoice.market);
  const tag = market ? intlTag(locale, market) : LOCALE_TAGS[locale];
  const messages = serverMessages(locale, "invoice");
  const t = (id: string, values: Record<string, string | number> = {}) =>
    String(new IntlMessageFormat(messages[id] ?? id, LOCALE_TAGS[locale]).format(values));
  // + 0: a -0 (a share of nothing, negated) is printed as 0, not -0.
  const money = (minor: number) => formatMoney(minor + 0, invoice.currency, tag);
  const percentFormat = new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 2 });
  const percent = (rate: number) => percentFormat.format(rate / 100);
  const date = (when: Date) =>
    formatDate(when, tag, { dateStyle: "long", timeZone: invoice.seller.timeZone });
  const regionNames = new Intl.DisplayNames([LOCALE_TAGS[locale]], { type: "region" });
  const countryName = (alpha2: string) => regionNames.of(alpha2) ?? alpha2;
  const countryOf = (alpha3: string | undefined) => {
    const found = MARKETS.find((m) => m.alpha3 === alpha3?.toLowerCase());
    return found ? countryName(found.countryCode) : (alpha3 ?? "");
  };
  const addressLines = (address: StoredAddress) =>
    [
      address.name,
      address.company,
      [address.address, address.addr_number].filter(Boolean).join(" "),
      address.address2,
      [address.post_nummer, address.town].filter(Boolean).join(" "),
      address.state,
      address.country ? countryOf(address.country) : "",
    ].filter((part): part is string => Boolean(part?.trim()));
  const supplierName = (supplier: string) => (supplier === OWN_SUPPLIER ? "Pitchside" : supplier);
  const paymentMethod =
    invoice.payment.gateway === "giftcard" ? t("invoice.payment.giftCard") : invoice.payment.method;

  const title = t("invoice.documentTitle", { number: invoice.number });
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    lang: LOCALE_TAGS[locale],
    displayTitle: true,
    info: {
      Title: title,
      Author: invoice.seller.legalName,
      Subject: title,
      CreationDate: invoice.issuedAt,
    },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  registerShopFonts(doc);

  const write = (
    text: string,
    x: number,
    y: number,
    options: {
      width?: number;
      size?: number;
      font?: "Body" | "Bold";
      color?: string;
      align?: "left" | "right";
    } = {},
  ) => {
    doc
      .font(options.font ?? "Body")
      .fontSize(options.size ?? 9)
      .fillColor(options.color ?? INK)
      .text(text, x, y, { width: options.width, align: options.align ?? "left", lineGap: 1 });
    return doc.y;
  };
  const heightOf = (text: string, width: number, size: number, font: "Body" | "Bold" = "Body") =>
    doc.font(font).fontSize(size).heightOfString(text, { width, lineGap: 1 });
  const rule = (y: number, color = RULE) =>
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + WIDTH, y)
      .lineWidth(0.6)
      .strokeColor(color)
      .stroke();

  // The seller, left; the invoice's title and numbers, right.
  let left = write("Pitchside", MARGIN, MARGIN, { size: 20, font: "Bold", color: BRAND }) + 4;
  const seller = invoice.seller;
  for (const line of [
    seller.legalName,
    seller.street,
    `${seller.postCode} ${seller.city}`,
    countryName(seller.countryCode),
    t("invoice.seller.vatNumber", { number: seller.vatNumber }),
    seller.registration,
    seller.email,
  ])
    left = write(line, MARGIN, left, { size: 8.5, color: MUTED, width: 240 });

  const metaX = MARGIN + WIDTH - 230;
  let right =
    write(t("invoice.title"), metaX, MARGIN, { size: 20, font: "Bold", width: 230, align: "right" }) + 6;
  const meta: [string, string][] = [
    [t("invoice.number"), invoice.number],
    [t("invoice.date"), date(invoice.issuedAt)],
    [t("invoice.orderNumber"), invoice.orderNumber],
    [t("invoice.orderDate"), date(invoice.orderedAt)],
    [t("invoice.paymentMethod"), paymentMethod],
  ];
  for (const [label, value] of meta) {
    const height = Math.max(heightOf(label, 100, 8.5), heightOf(value, 126, 8.5, "Bold"));
    write(label, metaX, right, { size: 8.5, color: MUTED, width: 100 });
    write(value, metaX + 104, right, { size: 8.5, font: "Bold", width: 126, align: "right" });
    right += height + 2;
  }

  // The buyer: billing address and e-mail; and where the goods went.
  let y = Math.max(left, right) + 22;
  const column = (WIDTH - 24) / 2;
  const blocks: [string, string[]][] = [
    [t("invoice.billedTo"), [...addressLines(invoice.buyer.billing), invoice.buyer.email]],
    [t("invoice.deliveredTo"), addressLines(invoice.buyer.delivery)],
  ];
  let blockBottom = y;
  blocks.forEach(([heading, lines], index) => {
    const x = MARGIN + index * (column + 24);
    let at =
      write(heading.toLocaleUpperCase(LOCALE_TAGS[locale]), x, y, {
        size: 7.5,
        font: "Bold",
        color: MUTED,
        width: column,
      }) + 3;
    for (const [n, line] of lines.entries())
      at = write(line, x, at, { size: 9.5, font: n === 0 ? "Bold" : "Body", width: column });
    blockBottom = Math.max(blockBottom, at);
  });
  y = blockBottom + 22;

  // The rows.
  const headerCells: [keyof typeof COLUMNS, string, "left" | "right"][] = [
    ["description", t("invoice.column.description"), "left"],
    ["quantity", t("invoice.column.quantity"), "right"],
    ["unitPrice", t("invoice.column.unitPrice"), "right"],
    ["rate", t("invoice.column.vatRate"), "right"],
    ["vat", t("invoice.column.vat"), "right"],
    ["amount", t("invoice.column.amount"), "right"],
  ];
  const headerHeight =
    Math.max(
      ...headerCells.map(([key, text]) => heightOf(text, COLUMNS[key].width - 2 * CELL_PAD, 7.5, "Bold")),
    ) + 11;
  const tableHeader = () => {
    doc.rect(MARGIN, y, WIDTH, headerHeight).fill(BAND);
    for (const [key, text, align] of headerCells) {
      const { x, width } = COLUMNS[key];
      write(text, x + CELL_PAD, y + 6, {
        size: 7.5,
        font: "Bold",
        color: MUTED,
        width: width - 2 * CELL_PAD,
        align,
      });
    }
    y += headerHeight + 2;
  };
  const newPage = () => {
    doc.addPage();
    y = MARGIN;
  };
  const rowText = (row: InvoiceRow): { main: string; detail: string | null; indent: number } => {
    switch (row.kind) {
      case "line":
        return {
          main: row.name,
          detail:
            [
              row.brand,
              row.size ? t("invoice.line.size", { size: row.size }) : "",
              row.supplier && row.supplier !== OWN_SUPPLIER
                ? t("invoice.line.supplier", { supplier: row.supplier })
                : "",
            ]
              .filter(Boolean)
              .join(" · ") || null,
          indent: 0,
        };
      case "addon":
        return { main: `+ ${row.name}`, detail: null, indent: 10 };
      case "part":
        return { main: `· ${row.name}`, detail: null, indent: 10 };
      case "offer":
        return { main: t("invoice.line.offer"), detail: null, indent: 10 };
      case "voucher":
        return { main: t("invoice.voucher", { code: row.code }), detail: null, indent: 0 };
      case "delivery": {
        const pickup = row.pickup
          ? t("invoice.delivery.pickup", {
              name: row.pickup.name,
              address: `${row.pickup.street}, ${row.pickup.zip} ${row.pickup.city}`,
            })
          : "";
        const supplier =
          row.supplier && packages > 1
            ? t("invoice.line.supplier", { supplier: supplierName(row.supplier) })
            : "";
        return {
          main: t("invoice.delivery", { method: row.method }),
          detail: [supplier, pickup].filter(Boolean).join(" · ") || null,
          indent: 0,
        };
      }
      case "fee":
        return { main: t("invoice.paymentFee"), detail: null, indent: 0 };
    }
  };

  const packages = invoice.rows.filter((row) => row.kind === "delivery").length;
  tableHeader();
  let first = true;
  for (const row of invoice.rows) {
    const { main, detail, indent } = rowText(row);
    const small = row.kind === "addon" || row.kind === "part" || row.kind === "offer";
    const size = small ? 8.5 : 9;
    const textWidth = COLUMNS.description.width - 2 * CELL_PAD - indent;
    const height =
      heightOf(main, textWidth, size) + (detail ? heightOf(detail, textWidth, 7.5) + 1 : 0) + (small ? 5 : 8);
    if (y + height > CONTENT_BOTTOM) {
      newPage();
      tableHeader();
    }
    // A line and its add-ons, parts and offer are one group between rules.
    if (!small && !first) rule(y);
    first = false;
    const top = y + (small ? 2 : 4);
    const color = small ? MUTED : INK;
    const after = write(main, COLUMNS.description.x + CELL_PAD + indent, top, {
      size,
      width: textWidth,
      color,
    });
    if (detail)
      write(detail, COLUMNS.description.x + CELL_PAD + indent, after + 1, {
        size: 7.5,
        color: MUTED,
        width: textWidth,
      });
    const cell = (key: keyof typeof COLUMNS, text: string) =>
      write(text, COLUMNS[key].x + CELL_PAD, top, {
        size,
        color,
        width: COLUMNS[key].width - 2 * CELL_PAD,
        align: "right",
      });
    if (row.quantity !== null) cell("quantity", String(row.quantity));
    if (row.unitPrice !== null) cell("unitPrice", money(row.unitPrice));
    if (row.vatRate !== null) {
      cell("rate", percent(row.vatRate));
      cell("vat", money(row.vat));
    }
    if (row.kind !== "part") cell("amount", money(row.amount));
    y += height;
  }
  rule(y, INK);
  y += 14;

  // The totals (right), then the VAT per rate (full width), each kept on one page.
  type Total = { label: string; value: string; strong: boolean };
  const totals: Total[] = [
    ...(invoice.rounding !== 0
      ? [{ label: t("invoice.rounding"), value: money(invoice.rounding), strong: false }]
      : []),
    { label: t("invoice.total"), value: money(invoice.total), strong: true },
    { label: t("invoice.totalVat"), value: money(invoice.vatTotal), strong: false },
    ...invoice.giftCards.map((card) => ({
      label: t("invoice.giftCard", { last4: card.last4 }),
      value: money(-card.amount),
      strong: false,
    })),
    ...(invoice.amountDue > 0
      ? [
          {
            label:
              invoice.payment.gateway === "cod"
                ? t("invoice.amountDueOnDelivery")
                : t("invoice.amountPaid", { method: paymentMethod }),
            value: money(invoice.amountDue),
            strong: true,
          },
        ]
      : []),
  ];
  const totalsWidth = 300;
  const valueWidth = 100;
  const labelWidth = totalsWidth - valueWidth - 8;
  const totalsX = MARGIN + WIDTH - totalsWidth;
  const totalHeight = ({ label, value, strong }: Total) => {
    const font = strong ? "Bold" : "Body";
    const size = strong ? 10 : 8.5;
    return Math.max(heightOf(label, labelWidth, size, font), heightOf(value, valueWidth, size, font)) + 5;
  };
  if (y + totals.reduce((sum, total) => sum + totalHeight(total), 0) > CONTENT_BOTTOM) newPage();
  for (const total of totals) {
    const font = total.strong ? "Bold" : "Body";
    const size = total.strong ? 10 : 8.5;
    write(total.label, totalsX, y, { size, font, width: labelWidth });
    write(total.value, totalsX + labelWidth + 8, y, { size, font, width: valueWidth, align: "right" });
    y += totalHeight(total);
  }
  y += 14;

  const summaryColumns = [WIDTH - 3 * 110, 110, 110, 110];
  const summaryCells = (cells: string[]) =>
    cells.map((text, index) => ({ text, width: (summaryColumns[index] ?? 110) - 2 * CELL_PAD }));
  const summaryHeight = (cells: string[], font: "Body" | "Bold") =>
    Math.max(...summaryCells(cells).map(({ text, width }) => heightOf(text, width, 8.5, font))) + 6;
  const summaryRow = (cells: string[], font: "Body" | "Bold", color = INK) => {
    let x = MARGIN;
    summaryCells(cells).forEach(({ text, width }, index) => {
      write(text, x + CELL_PAD, y + 3, {
        size: 8.5,
        font,
        color,
        width,
        align: index === 0 ? "left" : "right",
      });
      x += width + 2 * CELL_PAD;
    });
    y += summaryHeight(cells, font);
  };
  const summaryHead = [
    t("invoice.summary.rate"),
    t("invoice.summary.net"),
    t("invoice.summary.vat"),
    t("invoice.summary.gross"),
  ];
  const summaryLines = invoice.vatSummary.map((row) => [
    t("invoice.summary.rateLine", { rate: percent(row.rate) }),
    money(row.net),
    money(row.vat),
    money(row.gross),
  ]);
  const summaryNeeded =
    16 +
    summaryHeight(summaryHead, "Bold") +
    summaryLines.reduce((sum, cells) => sum + summaryHeight(cells, "Body"), 0);
  if (y + summaryNeeded > CONTENT_BOTTOM) newPage();
  write(t("invoice.vatSummary").toLocaleUpperCase(LOCALE_TAGS[locale]), MARGIN, y, {
    size: 7.5,
    font: "Bold",
    color: MUTED,
  });
  y += 12;
  doc.rect(MARGIN, y, WIDTH, summaryHeight(summaryHead, "Bold")).fill(BAND);
  summaryRow(summaryHead, "Bold", MUTED);
  for (const cells of summaryLines) {
    summaryRow(cells, "Body");
    rule(y);
  }
  y += 14;
  const note = t("invoice.note");
  if (y + heightOf(note, WIDTH, 8) > CONTENT_BOTTOM) newPage();
  write(note, MARGIN, y, { size: 8, color: MUTED, width: WIDTH });

  // Every page: who issued it, and which page of how many.
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const footerY = PAGE.height - MARGIN + 6;
    doc
      .moveTo(MARGIN, footerY - 6)
      .lineTo(MARGIN + WIDTH, footerY - 6)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
    write(
      [
        seller.legalName,
        seller.registration,
        t("invoice.seller.vatNumber", { number: seller.vatNumber }),
      ].join(" · "),
      MARGIN,
      footerY,
      { size: 7, color: MUTED, width: WIDTH - 110 },
    );
    write(
      t("invoice.page", { page: index - range.start + 1, pages: range.count }),
      MARGIN + WIDTH - 110,
      footerY,
      { size: 7, color: MUTED, width: 110, align: "right" },
    );
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
