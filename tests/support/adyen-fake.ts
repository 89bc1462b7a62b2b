// A local stand-in for Adyen's Checkout API (v72), as documented: sessions, payments, payment
// details, and the modifications (captures, refunds, cancels). It checks what a real account would
// refuse — the API key, the merchant account, amounts as integer minor units, idempotency keys on
// modifications — and answers the same for the same Idempotency-Key. No test reaches the internet.
//
// 3-D Secure comes two ways, as Adyen does it: `FAKE_CARD.threeDS` answers a `redirect` action (the
// shopper comes back with `redirectResult`), `FAKE_CARD.threeDS2` a native `threeDS2` challenge the
// Drop-in runs in the page, whose `onAdditionalDetails` carries `details.threeDSResult`. Both are
// settled by `POST /payments/details` { details: { redirectResult | threeDSResult }, paymentData? }:
// `Authorised` with the payment's pspReference, merchantReference and amount, or (a challenge the
// shopper failed, transStatus N) `Refused` with refusalReason "3D Not Authenticated"; details the
// fake never issued are a 422.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { hmacValidator } from "@adyen/api-library";

/** Encrypted card numbers the fake's Drop-in would send: 3-D Secure, refused, and authorised. */
export const FAKE_CARD = {
  threeDS: "adyenjs_fake$3ds-challenge",
  threeDS2: "adyenjs_fake$3ds2-native",
  refused: "adyenjs_fake$refused",
  authorised: "adyenjs_fake$authorised",
} as const;

/** The Drop-in's state data for one of the fake's encrypted cards. */
export const encryptedCard = (encryptedCardNumber: string) => ({
  data: {
    paymentMethod: {
      type: "scheme",
      encryptedCardNumber,
      encryptedExpiryMonth: "adyenjs_fake$month",
      encryptedExpiryYear: "adyenjs_fake$year",
      encryptedSecurityCode: "adyenjs_fake$cvc",
      holderName: "Mette Hansen",
    },
    browserInfo: { userAgent: "vitest", acceptHeader: "*/*", language: "da-DK", colorDepth: 24 },
  },
});

export interface FakeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

interface Payment {
  pspReference: string;
  reference: string;
  amount: { value: number; currency: string };
  captured: number;
  refunded: number;
  cancelled: boolean;
}

export interface AdyenFake {
  url: string;
  apiKey: string;
  merchantAccount: string;
  hmacKey: string;
  requests: FakeRequest[];
  /** The redirectResult Adyen would append to the return address after 3-D Secure of a payment. */
  redirectResultFor(reference: string): string | undefined;
  /**
   * The threeDSResult the Drop-in would hand to onAdditionalDetails after the in-page challenge of
   * a payment: the shopper authenticated ("Y") or failed the challenge ("N").
   */
  threeDSResultFor(reference: string, transStatus?: "Y" | "N"): string | undefined;
  /** The next `times` calls of a modification (captures, refunds, cancels) answer this 5xx or 4xx. */
  failNext(kind: "captures" | "refunds" | "cancels", status: number, times?: number): void;
  /** A standard notification item signed with the HMAC key (or another key, for a forged one). */
  notification(
    item: {
      eventCode: string;
      pspReference: string;
      originalReference?: string;
      merchantReference: string;
      amount: { value: number; currency: string };
      success?: boolean;
    },
    key?: string,
  ): Record<string, unknown>;
  close(): Promise<void>;
}

const psp = () => crypto.randomBytes(8).toString("hex").toUpperCase();
const isMinorAmount = (amount: unknown): amount is { value: number; currency: string } =>
  typeof amount === "object" &&
  amount !== null &&
  Number.isInteger((amount as { value: unknown }).value) &&
  (amount as { value: number }).value >= 0 &&
  /^[A-Z]{3}$/.test(String((amount as { currency: unknown }).currency));

/** One Adyen account; another `merchantAccount` is another account (a market of its own, decision 0059). */
export async function startAdyenFake(options: { merchantAccount?: string } = {}): Promise<AdyenFake> {
  const apiKey = `fake_api_key_${crypto.randomBytes(6).toString("hex")}`;
  const merchantAccount = options.merchantAccount ?? "PitchsideECOM";
  const hmacKey = crypto.randomBytes(32).toString("hex").toUpperCase();
  const requests: FakeRequest[] = [];
  const payments = new Map<string, Payment>();
  const redirects = new Map<string, string>();
  const threeDSResults = new Map<string, { Y: string; N: string }>();
  const failures: Record<string, { status: number; times: number }> = {};
  const byKey = new Map<string, { status: number; body: unknown }>();

  const answer = (request: FakeRequest): { status: number; body: unknown } => {
    const { body } = request;
    if (request.headers["x-api-key"] !== apiKey)
      return {
        status: 401,
        body: { status: 401, errorCode: "000", message: "Unauthorized", errorType: "security" },
      };
    const invalid = (message: string) => ({
      status: 422,
      body: { status: 422, errorCode: "702", message, errorType: "validation" },
    });
    if (body.merchantAccount !== undefined && body.merchantAccount !== merchantAccount)
      return invalid("Invalid merchant account");
    const path = request.path.replace(/^\/v72/, "");
    if (path === "/sessions") {
      if (body.merchantAccount !== merchantAccount) return invalid("merchantAccount missing");
      if (!isMinorAmount(body.amount)) return invalid("amount must be minor units");
      if (typeof body.reference !== "string" || typeof body.returnUrl !== "string")
        return invalid("reference");
      return {
        status: 201,
        body: {
          id: `CS${psp()}`,
          sessionData: `Ab02b4c0!${crypto.randomBytes(24).toString("base64")}`,
          amount: body.amount,
          reference: body.reference,
          returnUrl: body.returnUrl,
          merchantAccount,
          countryCode: body.countryCode,
          shopperLocale: body.shopperLocale,
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        },
      };
    }
    if (path === "/payments") {
      if (body.merchantAccount !== merchantAccount) return invalid("merchantAccount missing");
      if (!isMinorAmount(body.amount)) return invalid("amount must be minor units");
      const method = (body.paymentMethod ?? {}) as Record<string, unknown>;
      // Adyen refuses card data in the clear from a merchant without PCI certification.
      if ("number" in method || "cvc" in method) return invalid("Raw card data is not allowed");
      if (typeof method.encryptedCardNumber !== "string") return invalid("encryptedCardNumber missing");
      const payment: Payment = {
        pspReference: psp(),
        reference: String(body.reference),
        amount: body.amount,
        captured: 0,
        refunded: 0,
        cancelled: false,
      };
      if (method.encryptedCardNumber === FAKE_CARD.refused)
        return {
          status: 200,
          body: {
            resultCode: "Refused",
            refusalReason: "Refused",
            refusalReasonCode: "2",
            pspReference: payment.pspReference,
            merchantReference: payment.reference,
          },
        };
      if (method.encryptedCardNumber === FAKE_CARD.threeDS) {
        const redirectResult = `rr_${crypto.randomBytes(12).toString("base64url")}`;
        redirects.set(payment.reference, redirectResult);
        payments.set(`pending:${redirectResult}`, payment);
        return {
          status: 200,
          body: {
            resultCode: "RedirectShopper",
            action: {
              type: "redirect",
              paymentMethodType: "scheme",
              method: "GET",
              url: `${fakeUrl}/threeDS2/challenge?ref=${encodeURIComponent(payment.reference)}`,
            },
          },
        };
      }
      if (method.encryptedCardNumber === FAKE_CARD.threeDS2) {
        // Adyen's threeDSResult is base64 of the challenge's outcome, signed by Adyen's 3DS server.
        const result = (transStatus: "Y" | "N") =>
          Buffer.from(
            JSON.stringify({ transStatus, authorisationToken: crypto.randomBytes(12).toString("hex") }),
          ).toString("base64");
        const results = { Y: result("Y"), N: result("N") };
        threeDSResults.set(payment.reference, results);
        payments.set(`pending:${results.Y}`, payment);
        payments.set(`refused:${results.N}`, payment);
        return {
          status: 200,
          body: {
            resultCode: "ChallengeShopper",
            action: {
              type: "threeDS2",
              subtype: "challenge",
              paymentMethodType: "scheme",
              token: Buffer.from(JSON.stringify({ acsURL: `${fakeUrl}/threeDS2/acs` })).toString("base64"),
              authorisationToken: crypto.randomBytes(12).toString("hex"),
            },
          },
        };
      }
      payments.set(payment.pspReference, payment);
      return {
        status: 200,
        body: {
          resultCode: "Authorised",
          pspReference: payment.pspReference,
          merchantReference: payment.reference,
          amount: payment.amount,
        },
      };
    }
    if (path === "/payments/details") {
      const details = (body.details ?? {}) as Record<string, unknown>;
      if (typeof details !== "object" || Array.isArray(details)) return invalid("details must be an object");
      const given = String(details.threeDSResult ?? details.redirectResult ?? "");
      const refused = payments.get(`refused:${given}`);
      if (refused) {
        for (const [key, value] of payments) if (value === refused) payments.delete(key);
        return {
          status: 200,
          body: {
            resultCode: "Refused",
            refusalReason: "3D Not Authenticated",
            refusalReasonCode: "11",
            pspReference: refused.pspReference,
            merchantReference: refused.reference,
            amount: refused.amount,
          },
        };
      }
      const payment = payments.get(`pending:${given}`);
      if (!payment) return invalid("Invalid redirectResult or threeDSResult");
      payments.delete(`pending:${given}`);
      for (const [key, value] of payments)
        if (value === payment && key.startsWith("refused:")) payments.delete(key);
      payments.set(payment.pspReference, payment);
      return {
        status: 200,
        body: {
          resultCode: "Authorised",
          pspReference: payment.pspReference,
          merchantReference: payment.reference,
          amount: payment.amount,
        },
      };
    }
    const modification = /^\/payments\/([^/]+)\/(captures|refunds|cancels)$/.exec(path);
    if (modification) {
      const [, paymentPsp = "", kind = ""] = modification;
      if (!request.headers["idempotency-key"]) return invalid("Idempotency-Key header missing");
      const failure = failures[kind];
      if (failure && failure.times > 0) {
        failure.times--;
        return {
          status: failure.status,
          body: { status: failure.status, errorCode: "905", message: "Fake failure", errorType: "internal" },
        };
      }
      if (body.merchantAccount !== merchantAccount) return invalid("merchantAccount missing");
      const payment = payments.get(paymentPsp);
      if (!payment) return invalid("Original pspReference required for this operation");
      if (kind === "cancels") {
        payment.cancelled = true;
        return {
          status: 201,
          body: {
            pspReference: psp(),
            paymentPspReference: paymentPsp,
            status: "received",
            merchantAccount,
            reference: body.reference,
          },
        };
      }
      if (!isMinorAmount(body.amount) || body.amount.currency !== payment.amount.currency)
        return invalid("amount must be minor units of the payment's currency");
      if (kind === "captures") {
        if (payment.captured + body.amount.value > payment.amount.value)
          return invalid("Capture exceeds authorised amount");
        payment.captured += body.amount.value;
      } else {
        if (payment.refunded + body.amount.value > payment.captured)
          return invalid("Refund exceeds captured amount");
        payment.refunded += body.amount.value;
      }
      return {
        status: 201,
        body: {
          pspReference: psp(),
          paymentPspReference: paymentPsp,
          status: "received",
          amount: body.amount,
          merchantAccount,
          reference: body.reference,
        },
      };
    }
    return {
      status: 404,
      body: { status: 404, errorCode: "000", message: "Not found", errorType: "validation" },
    };
  };

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      let body: Record<string, unknown> = {};
      try {
        body = raw ? JSON.parse(raw) : {};
      } catch {
        res.writeHead(400).end();
        return;
      }
      const request = {
        method: req.method ?? "",
        path: (req.url ?? "").split("?")[0] ?? "",
        headers: req.headers,
        body,
      };
      requests.push(request);
      const key = req.headers["idempotency-key"];
      const idempotent = typeof key === "string" ? `${request.path}|${key}` : null;
      const result = (idempotent && byKey.get(idempotent)) || answer(request);
      if (idempotent && result.status < 500) byKey.set(idempotent, result);
      res.writeHead(result.status, { "content-type": "application/json" }).end(JSON.stringify(result.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const fakeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const validator = new hmacValidator();

  return {
    url: fakeUrl,
    apiKey,
    merchantAccount,
    hmacKey,
    requests,
    redirectResultFor: (reference) => redirects.get(reference),
    threeDSResultFor: (reference, transStatus = "Y") => threeDSResults.get(reference)?.[transStatus],
    failNext(kind, status, times = 1) {
      failures[kind] = { status, times };
    },
    notification(item, key = hmacKey) {
      const notificationItem = {
        pspReference: item.pspReference,
        originalReference: item.originalReference,
        merchantAccountCode: merchantAccount,
        merchantReference: item.merchantReference,
        eventCode: item.eventCode,
        eventDate: new Date().toISOString(),
        success: String(item.success ?? true),
        amount: item.amount,
        additionalData: {} as Record<string, string>,
      };
      notificationItem.additionalData.hmacSignature = validator.calculateHmac(notificationItem as never, key);
      return { live: "false", notificationItems: [{ NotificationRequestItem: notificationItem }] };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The environment that points the shop at the fake. */
export const adyenEnv = (fake: AdyenFake) => ({
  ADYEN_API_KEY: fake.apiKey,
  ADYEN_MERCHANT_ACCOUNT: fake.merchantAccount,
  ADYEN_CLIENT_KEY: "test_FAKECLIENTKEY",
  ADYEN_HMAC_KEY: fake.hmacKey,
  ADYEN_ENVIRONMENT: "test",
  ADYEN_API_URL: fake.url,
});
