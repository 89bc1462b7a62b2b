import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { operatorToken } from "#kernel/operator-token.ts";
import { returnNumberParams, returnReceivedInput, returnReceivedOutput } from "./returns.contract.ts";
import { receiveReturn } from "./returns.service.ts";
import {
  emptyInput,
  shipInput,
  shipmentChangeOutput,
  shipmentParams,
} from "./shipment-lifecycle.contract.ts";
import { changeShipment, lifecycleDeps, type ShipmentAction } from "./shipment-lifecycle.service.ts";

/**
 * The operator API (decision 0033): the warehouse or its system moves an order's packages along and
 * receives returns. Bearer-token calls (OPERATOR_API_TOKEN; unset: 404), made by a machine rather
 * than a shopper's browser, so outside CSRF like the stock feed.
 */
export async function operatorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  const deps = lifecycleDeps(fastify.jobs, fastify.publicAddresses.forMarket);
  const guard = operatorToken(fastify.config.operatorApiToken);
  const tags = ["operator"];
  const security = [{ operatorToken: [] }];

  const summaries: Record<Exclude<ShipmentAction, "ship">, string> = {
    pack: "Mark a package packed (from placed); the same again changes nothing",
    deliver: "Mark a shipped package delivered; the return window starts",
    cancel: "Cancel a package that has not left (placed or packed): stock goes back, the shopper is mailed",
  };
  for (const action of ["pack", "deliver", "cancel"] as const) {
    app.post(
      `/api/operator/orders/:order_number/shipments/:shipment/${action}/`,
      {
        config: { csrfExempt: true },
        onRequest: guard,
        schema: {
          tags,
          summary: summaries[action],
          security,
          params: shipmentParams,
          body: emptyInput,
          response: { 200: shipmentChangeOutput },
        },
      },
      async (request) =>
        changeShipment(db, deps, {
          orderNumber: request.params.order_number,
          shipment: request.params.shipment,
          action,
          source: "api",
        }),
    );
  }

  app.post(
    "/api/operator/orders/:order_number/shipments/:shipment/ship/",
    {
      config: { csrfExempt: true },
      onRequest: guard,
      schema: {
        tags,
        summary:
          "Ship a package with a carrier and tracking number: the track-and-trace link is set and the shopper mailed",
        security,
        params: shipmentParams,
        body: shipInput,
        response: { 200: shipmentChangeOutput },
      },
    },
    async (request) =>
      changeShipment(db, deps, {
        orderNumber: request.params.order_number,
        shipment: request.params.shipment,
        action: "ship",
        carrier: request.body.carrier,
        trackingNumber: request.body.tracking_number,
        source: "api",
      }),
  );

  app.post(
    "/api/operator/returns/:return_number/received/",
    {
      config: { csrfExempt: true },
      onRequest: guard,
      schema: {
        tags,
        summary: "The warehouse has a return's parcel: its goods go back in stock and the refund is recorded",
        security,
        params: returnNumberParams,
        body: returnReceivedInput,
        response: { 200: returnReceivedOutput },
      },
    },
    async (request) =>
      receiveReturn(db, deps, {
        returnNumber: request.params.return_number,
        refundAmount: request.body.refund_amount,
        source: "api",
      }),
  );
}
