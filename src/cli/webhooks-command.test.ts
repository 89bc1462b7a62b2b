import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#server/testing.ts";
import { runWebhooksCommand } from "./webhooks-command.ts";

let t: TestApp;
let server: http.Server;
let url: string;
const answers: number[] = [];
const bodies: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      bodies.push(body);
      response.writeHead(answers.shift() ?? 204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`;
});
afterAll(async () => {
  server?.close();
  await t?.close();
});

const run = (...args: string[]) => runWebhooksCommand(t.database.db, t.app.jobs, args, { httpsOnly: false });

describe("pitchside webhooks", () => {
  it("adds a receiver, prints its secret once, lists it, pings it and shows the delivery log", async () => {
    const added = await run("add", url, "order.created,stock.low", "ERP", "bookings");
    expect(added.exitCode).toBe(0);
    const secret = /Signing secret \(shown once\): (whsec_\S+)/.exec(added.output)?.[1];
    expect(secret).toBeDefined();
    const id = /Endpoint (\d+)/.exec(added.output)?.[1] as string;
    const listed = await run("list");
    expect(listed.output).toContain(`${id}\t${url}\torder.created,stock.low`);
    expect(listed.output).toContain("ERP bookings");
    expect(listed.output).not.toContain(secret);

    const pinged = await run("ping", id);
    expect(pinged).toMatchObject({ exitCode: 0, output: expect.stringContaining("delivered (204)") });
    expect(JSON.parse(bodies.at(-1) ?? "{}")).toMatchObject({
      type: "ping",
      data: { endpoint_id: Number(id) },
    });

    answers.push(500);
    const failed = await run("ping", id);
    expect(failed).toMatchObject({
      exitCode: 1,
      output: expect.stringContaining("The receiver answered 500"),
    });

    const log = await run("deliveries", id);
    expect(log.output.split("\n")).toHaveLength(2);
    const deliveryId = log.output.split("\t")[0] as string;
    const replayed = await run("replay", deliveryId);
    expect(replayed.exitCode).toBe(0);
    expect(bodies).toHaveLength(3);

    expect(await run("remove", id)).toMatchObject({ exitCode: 0 });
    expect(await run("remove", id)).toMatchObject({ exitCode: 1 });
  });

  it("refuses wrong use with exit code 2 and says why", async () => {
    expect((await run("add", "not a url", "order.created")).exitCode).toBe(2);
    expect((await run("add", url, "order.shipped")).output).toContain("events");
    expect((await run("add", url)).exitCode).toBe(2);
    expect((await run("ping", "99999999999")).exitCode).toBe(2);
    expect((await run("ping", "0")).exitCode).toBe(2);
    expect((await run("deliveries", "2147483647")).exitCode).toBe(1);
    expect((await run("frobnicate", "1")).exitCode).toBe(2);
    expect((await run()).exitCode).toBe(2);
    const https = await runWebhooksCommand(t.database.db, t.app.jobs, ["add", url, "stock.low"], {
      httpsOnly: true,
    });
    expect(https).toMatchObject({ exitCode: 2, output: expect.stringContaining("https") });
  });
});
