import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

/** The browser library the fake serves in place of Klarna's CDN (klarna-fake-sdk.js). */
const SDK_SOURCE = path.join(import.meta.dirname, "klarna-fake-sdk.js");

/** What the widget's `authorize()` answers in the browser (Klarna's authorize callback). */
export interface WidgetAnswer {
  approved: boolean;
  show_form: boolean;
}

/** One `authorize()` from the widget: the category and the customer data the shop's page sent. */
export interface WidgetAuthorisation {
  category: string;
  data: Record<string, unknown>;
  token: string | null;
}

/** One call the fake received, as Klarna would see it. */
export interface KlarnaCall {
  method: string;
  path: string;
  idempotencyKey: string | null;
  body: Record<string, unknown> | null;
  status: number;
}

export interface KlarnaFake {
  url: string;
  username: string;
  password: string;
  calls: KlarnaCall[];
  /** Orders Klarna holds: id → amount authorised, captured, refunded, cancelled. */
  orders: Map<string, { amount: number; captured: number; refunded: number; cancelled: boolean }>;
  /** Tokens the widget "authorised": only these become orders. */
  authorise(token?: string): string;
  /** The next order creation answers this status (e.g. 400 declined) once. */
  refuseNextOrder(status: number, code?: string): void;
  /** Where the fake's widget library is served (KLARNA_SCRIPT_URL), in place of x.klarnacdn.net. */
  scriptUrl: string;
  /** How many times the browser fetched the widget library. */
  scriptLoads(): number;
  /** The widget's authorisations, in order. */
  widgetAuthorisations: WidgetAuthorisation[];
  /** The widget's next `authorize()` answers this once (not approved) instead of a token. */
  answerNextAuthorisation(answer: WidgetAnswer): void;
  close(): Promise<void>;
}

const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);

/** The problems of a Klarna Payments order body (session or order), as Klarna would answer 400. */
function orderProblems(body: Record<string, unknown> | null): string[] {
  if (!body) return ["body missing"];
  const problems: string[] = [];
  for (const field of ["purchase_country", "purchase_currency", "locale"])
    if (typeof body[field] !== "string") problems.push(`${field} missing`);
  if (typeof body.locale === "string" && body.locale.startsWith("nb-")) problems.push("locale nb-* unknown");
  if (!isInt(body.order_amount)) problems.push("order_amount must be an integer");
  if (!isInt(body.order_tax_amount)) problems.push("order_tax_amount must be an integer");
  const lines = body.order_lines;
  if (!Array.isArray(lines) || lines.length === 0) return [...problems, "order_lines missing"];
  let sum = 0;
  let taxSum = 0;
  for (const line of lines as Record<string, unknown>[]) {
    for (const field of ["quantity", "unit_price", "total_amount", "tax_rate", "total_tax_amount"])
      if (!isInt(line[field])) problems.push(`order_lines.${field} must be an integer`);
    if (typeof line.name !== "string" || line.name === "") problems.push("order_lines.name missing");
    sum += Number(line.total_amount);
    taxSum += Number(line.total_tax_amount);
  }
  if (sum !== body.order_amount) problems.push("order_amount must equal the sum of total_amount");
  if (taxSum !== body.order_tax_amount)
    problems.push("order_tax_amount must equal the sum of total_tax_amount");
  return problems;
}

/**
 * A local Klarna (Payments v1 and Order Management v1) for tests: basic auth checked, bodies
 * checked as the documentation describes, an idempotency key required on every changing call, and
 * a repeated key answered with its first answer. Nothing reaches the internet.
 */
/** One Klarna API user; other `username`/`password` are another user (a market of its own, decision 0059). */
export async function startKlarnaFake(
  options: { username?: string; password?: string } = {},
): Promise<KlarnaFake> {
  const username = options.username ?? "PK_TEST_pitchside";
  const password = options.password ?? "secret-test-password";
  const calls: KlarnaCall[] = [];
  const tokens = new Set<string>();
  const orders: KlarnaFake["orders"] = new Map();
  const answered = new Map<string, { status: number; headers: Record<string, string>; body: unknown }>();
  let refusal: { status: number; code: string } | null = null;
  // Client tokens handed out with sessions, with the categories the session offers.
  const clientTokens = new Map<string, string[]>();
  const widgetAuthorisations: WidgetAuthorisation[] = [];
  let widgetAnswer: WidgetAnswer | null = null;
  let scriptLoads = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: Record<string, unknown> | null = null;
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
      } catch {
        body = null;
      }
      const path = req.url ?? "";
      const key = (req.headers["klarna-idempotency-key"] as string | undefined) ?? null;
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        calls.push({ method: req.method ?? "", path, idempotencyKey: key, body, status });
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(payload === null ? "" : JSON.stringify(payload));
      };
      const error = (status: number, code: string, messages: string[]) =>
        send(status, { error_code: code, error_messages: messages, correlation_id: crypto.randomUUID() });

      // The widget's side (what the shopper's browser fetches from Klarna): no API credentials.
      if (path.startsWith("/kp/")) return widget(req, res, path, text);

      const expected = `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
      if (req.headers.authorization !== expected) return error(401, "UNAUTHORIZED", ["bad credentials"]);
      if (req.method !== "POST") return error(405, "METHOD_NOT_ALLOWED", [req.method ?? ""]);

      if (path === "/payments/v1/sessions") {
        const problems = orderProblems(body);
        if (problems.length) return error(400, "BAD_VALUE", problems);
        const clientToken = `eyJ.fake.${crypto.randomBytes(6).toString("hex")}`;
        clientTokens.set(clientToken, ["pay_later"]);
        return send(200, {
          session_id: crypto.randomUUID(),
          client_token: clientToken,
          payment_method_categories: [{ identifier: "pay_later", name: "Pay later." }],
        });
      }

      // Everything below changes something: Klarna wants an idempotency key, and answers a repeat alike.
      if (!key) return error(400, "BAD_VALUE", ["Klarna-Idempotency-Key missing"]);
      const seen = answered.get(`${path} ${key}`);
      if (seen) {
        calls.push({ method: req.method ?? "", path, idempotencyKey: key, body, status: seen.status });
        res.writeHead(seen.status, { "content-type": "application/json", ...seen.headers });
        return res.end(seen.body === null ? "" : JSON.stringify(seen.body));
      }
      const remember = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        answered.set(`${path} ${key}`, { status, headers, body: payload });
        send(status, payload, headers);
      };

      const authorisation = /^\/payments\/v1\/authorizations\/([^/]+)\/order$/.exec(path);
      if (authorisation) {
        const token = decodeURIComponent(authorisation[1] ?? "");
        if (refusal) {
          const { status, code } = refusal;
          refusal = null;
          return error(status, code, ["Payment method has been declined."]);
        }
        const problems = orderProblems(body);
        if (problems.length) return error(400, "BAD_VALUE", problems);
        if (!tokens.has(token)) return error(404, "NOT_FOUND", ["Invalid authorization token"]);
        tokens.delete(token);
        const orderId = crypto.randomUUID();
        orders.set(orderId, {
          amount: Number(body?.order_amount),
          captured: 0,
          refunded: 0,
          cancelled: false,
        });
        return remember(200, {
          order_id: orderId,
          fraud_status: "ACCEPTED",
          redirect_url: `https://fake.klarna.test/confirm/${orderId}`,
        });
      }

      const management = /^\/ordermanagement\/v1\/orders\/([^/]+)\/(captures|refunds|cancel)$/.exec(path);
      const order = management ? orders.get(decodeURIComponent(management[1] ?? "")) : undefined;
      if (management && !order) return error(404, "NO_SUCH_ORDER", ["no such order"]);
      if (management && order) {
        const action = management[2];
        if (action === "cancel") {
          if (order.captured > 0) return error(403, "CANCEL_NOT_ALLOWED", ["order has captures"]);
          order.cancelled = true;
          return remember(204, null);
        }
        if (action === "captures") {
          const amount = body?.captured_amount;
          if (!isInt(amount) || amount <= 0) return error(400, "BAD_VALUE", ["captured_amount"]);
          if (order.cancelled || order.captured + amount > order.amount)
            return error(403, "CAPTURE_NOT_ALLOWED", ["more than the remaining authorised amount"]);
          order.captured += amount;
          return remember(201, null, { "capture-id": crypto.randomUUID() });
        }
        const amount = body?.refunded_amount;
        if (!isInt(amount) || amount <= 0) return error(400, "BAD_VALUE", ["refunded_amount"]);
        if (order.refunded + amount > order.captured)
          return error(403, "REFUND_NOT_ALLOWED", ["more than captured"]);
        order.refunded += amount;
        return remember(201, null, { "refund-id": crypto.randomUUID() });
      }
      return error(404, "NOT_FOUND", [path]);
    });
  });
  /** The library, the widget's frame, and its authorisation, as Klarna's own hosts answer a browser. */
  function widget(req: http.IncomingMessage, res: http.ServerResponse, url: string, text: string) {
    const cors = { "access-control-allow-origin": "*", "access-control-allow-headers": "content-type" };
    const [route, query = ""] = url.split("?");
    if (req.method === "OPTIONS") {
      res.writeHead(204, { ...cors, "access-control-allow-methods": "POST" });
      return res.end();
    }
    if (req.method === "GET" && route === "/kp/lib/v1/api.js") {
      scriptLoads++;
      res.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" });
      return res.end(fs.readFileSync(SDK_SOURCE));
    }
    if (req.method === "GET" && route === "/kp/fake/widget.html") {
      const category = new URLSearchParams(query).get("category") ?? "";
      const label = category === "pay_later" ? "Pay in 30 days" : category;
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return res.end(`<!doctype html><html lang="en"><meta charset="utf-8"><title>Klarna</title>
<body style="margin:0;font:16px/1.4 system-ui,sans-serif;color:#17120f">
<div style="border:1px solid #e6e1dd;border-radius:8px;padding:14px 16px;background:#fff">
<div style="display:inline-block;background:#ffb3c7;border-radius:6px;padding:2px 10px;font-weight:700">Klarna.</div>
<p style="margin:10px 0 4px;font-weight:600">${label.replace(/[<>&"]/g, "")}</p>
<p style="margin:0;font-size:14px;color:#555">No interest, no fees. (Test widget)</p></div></body></html>`);
    }
    if (req.method === "POST" && route === "/kp/fake/authorize") {
      let body: { client_token?: unknown; payment_method_category?: unknown; data?: unknown } = {};
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        body = {};
      }
      const category = typeof body.payment_method_category === "string" ? body.payment_method_category : "";
      const offered = typeof body.client_token === "string" ? clientTokens.get(body.client_token) : undefined;
      const data = body.data && typeof body.data === "object" ? (body.data as Record<string, unknown>) : {};
      let answer: Record<string, unknown>;
      let token: string | null = null;
      if (!offered?.includes(category)) answer = { approved: false, show_form: false };
      else if (widgetAnswer) {
        answer = { ...widgetAnswer };
        widgetAnswer = null;
      } else {
        token = crypto.randomUUID();
        tokens.add(token);
        answer = { approved: true, show_form: true, authorization_token: token };
      }
      widgetAuthorisations.push({ category, data, token });
      res.writeHead(200, { ...cors, "content-type": "application/json" });
      return res.end(JSON.stringify(answer));
    }
    res.writeHead(404, cors);
    return res.end();
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    scriptUrl: `http://127.0.0.1:${port}/kp/lib/v1/api.js`,
    scriptLoads: () => scriptLoads,
    widgetAuthorisations,
    answerNextAuthorisation(answer) {
      widgetAnswer = answer;
    },
    username,
    password,
    calls,
    orders,
    authorise(token = crypto.randomUUID()) {
      tokens.add(token);
      return token;
    },
    refuseNextOrder(status, code = "PAYMENT_METHOD_FAILED") {
      refusal = { status, code };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
