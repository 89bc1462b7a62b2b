import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestDatabase, type TestDatabase } from "#server/testing.ts";
import {
  copyPictureJob,
  downloadPicture,
  isNonPublicAddress,
  PICTURE_RETRIES,
  PictureRefused,
} from "./picture-copy.ts";
import { sniffPicture } from "./picture-store.ts";

const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN4+vw1AAVsArjSAflTAAAAAElFTkSuQmCC",
  "base64",
);
const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

// A picture host on this machine with every answer a copy must handle.
let base = "";
let flaky = 0;
const host = http.createServer((request, response) => {
  const url = request.url ?? "";
  if (url === "/ball.gif") return response.writeHead(200, { "content-type": "image/gif" }).end(gif);
  if (url === "/logo.svg")
    return response
      .writeHead(200, { "content-type": "image/svg+xml" })
      .end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  if (url === "/huge-declared.png")
    return response.writeHead(200, { "content-type": "image/png", "content-length": "50000000" }).end();
  if (url === "/huge-streamed.png") {
    // No length given: the copy counts while it reads, and stops.
    response.writeHead(200, { "content-type": "image/png" });
    response.write(png);
    response.write(Buffer.alloc(4096));
    return response.end();
  }
  if (url === "/gone.png") return response.writeHead(404).end();
  if (url === "/busy.png") {
    flaky++;
    return response.writeHead(503).end();
  }
  const hops = /^\/hop\/(\d+)$/.exec(url);
  if (hops) {
    const left = Number(hops[1]);
    return response.writeHead(302, { location: left > 0 ? `/hop/${left - 1}` : "/ball.gif" }).end();
  }
  response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html>");
});
const local = { mediaDir: "", allowPrivateHosts: true };
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "copied",
    (error: Error) => `${error instanceof PictureRefused ? "refused" : "retry"}: ${error.message}`,
  );

let testDb: TestDatabase;
let mediaDir: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "pitchside-media-"));
  testDb = await createTestDatabase();
  await seedDemoShop(testDb.database, { products: 4, seed: 1, dataDir: "" });
});
afterAll(async () => {
  host.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
  await testDb?.drop();
});

describe("what counts as a picture", () => {
  it("goes by the bytes' magic numbers: JPEG, PNG, GIF, WebP and AVIF, never SVG or a page", () => {
    expect(sniffPicture(png)).toBe("png");
    expect(sniffPicture(gif)).toBe("gif");
    expect(sniffPicture(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe("jpg");
    expect(sniffPicture(Buffer.from("RIFF\x24\x00\x00\x00WEBPVP8 ", "latin1"))).toBe("webp");
    expect(sniffPicture(Buffer.from("\x00\x00\x00\x1cftypavif\x00\x00\x00\x00", "latin1"))).toBe("avif");
    expect(sniffPicture(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffPicture(Buffer.from("<!doctype html>"))).toBeNull();
    expect(sniffPicture(Buffer.alloc(0))).toBeNull();
  });
});

describe("downloading a picture", () => {
  it("follows up to three redirects, and refuses more", async () => {
    expect((await downloadPicture(`${base}/hop/2`, local)).bytes.equals(gif)).toBe(true);
    expect(await refusal(downloadPicture(`${base}/hop/3`, local))).toBe("refused: More than 3 redirects.");
  });

  it("refuses what is not a picture or too large, and leaves a busy host to a retry", async () => {
    expect(await refusal(downloadPicture(`${base}/page`, local))).toBe(
      "refused: Not a picture: the host sent text/html.",
    );
    expect(await refusal(downloadPicture(`${base}/huge-declared.png`, local))).toBe(
      "refused: Larger than 10 MB.",
    );
    expect(await refusal(downloadPicture(`${base}/huge-streamed.png`, { ...local, maxBytes: 1024 }))).toBe(
      "refused: Larger than 1 KB.",
    );
    expect(await refusal(downloadPicture(`${base}/gone.png`, local))).toBe("refused: The host answered 404.");
    expect(await refusal(downloadPicture(`${base}/busy.png`, local))).toBe("retry: The host answered 503.");
    expect(await refusal(downloadPicture("ftp://example.com/a.png", local))).toBe(
      "refused: Only http(s) addresses are fetched, not ftp:",
    );
  });

  it("never reaches the shop's own network in production: by address or by a name resolving there", async () => {
    const production = { mediaDir: "", allowPrivateHosts: false };
    expect(await refusal(downloadPicture(`${base}/ball.gif`, production))).toBe(
      "refused: 127.0.0.1 is not a public address.",
    );
    const port = (host.address() as AddressInfo).port;
    expect(await refusal(downloadPicture(`http://localhost:${port}/ball.gif`, production))).toMatch(
      /^refused: localhost is not a public address \((127\.0\.0\.1|::1)\)\.$/,
    );
    for (const inside of [
      "10.1.2.3",
      "169.254.169.254",
      "192.168.0.10",
      "::1",
      "fd00::1",
      "::ffff:127.0.0.1",
    ])
      expect({ inside, refused: isNonPublicAddress(inside) }).toEqual({ inside, refused: true });
    for (const outside of ["8.8.8.8", "151.101.1.69", "2a04:4e42::347"])
      expect({ outside, refused: isNonPublicAddress(outside) }).toEqual({ outside, refused: false });
  });

  it("reads a file beside the import only when its name and its bytes are a picture's", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pitchside-pictures-"));
    fs.writeFileSync(path.join(dir, "ball.png"), png);
    fs.writeFileSync(path.join(dir, "notes.txt"), "hello");
    expect((await downloadPicture(`file://${dir}/ball.png`, local)).declared).toBe("image/png");
    expect(await refusal(downloadPicture(`file://${dir}/notes.txt`, local))).toBe(
      "refused: Not a picture: notes.txt is not named .jpg, .png, .gif, .webp or .avif.",
    );
    expect(await refusal(downloadPicture(`file://${dir}/missing.png`, local))).toBe(
      `refused: There is no file ${dir}/missing.png.`,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe("the copy job", () => {
  const quiet = { warn() {} };
  const stateOf = async (productId: number) =>
    (
      await rows<{ copy_state: string; copy_error: string | null; stored_path: string | null }>(
        testDb.database.db,
        sql`select copy_state, copy_error, stored_path from product_images where product_id = ${productId}`,
      )
    )[0];
  const pictureFor = async (source: string) => {
    const [product] = await rows<{ id: number }>(
      testDb.database.db,
      sql`select id from products where id not in (select product_id from product_images) order by id limit 1`,
    );
    await rows(
      testDb.database.db,
      sql`insert into product_images (product_id, position, url) values (${product?.id}, 0, ${source})`,
    );
    return { productId: product?.id as number, position: 0, source };
  };

  it("stores a picture, refuses an SVG for good, and retries a busy host until its last try", async () => {
    const job = copyPictureJob(testDb.database.db, { mediaDir, allowPrivateHosts: true }, quiet);

    const ball = await pictureFor(`${base}/ball.gif`);
    await job.run(ball, { id: "a", retryCount: 0 });
    const stored = await stateOf(ball.productId);
    expect(stored).toMatchObject({ copy_state: "stored", copy_error: null });
    expect(
      fs
        .readFileSync(
          path.join(mediaDir, "pictures", stored?.stored_path?.slice(0, 2) ?? "", stored?.stored_path ?? ""),
        )
        .equals(gif),
    ).toBe(true);

    const logo = await pictureFor(`${base}/logo.svg`);
    await job.run(logo, { id: "b", retryCount: 0 });
    expect(await stateOf(logo.productId)).toEqual({
      copy_state: "refused",
      copy_error: "Not a picture: sent as image/svg+xml, but the bytes are not JPEG, PNG, GIF, WebP or AVIF.",
      stored_path: null,
    });

    const busy = await pictureFor(`${base}/busy.png`);
    await expect(job.run(busy, { id: "c", retryCount: 0 })).rejects.toThrow("The host answered 503.");
    expect(await stateOf(busy.productId)).toMatchObject({
      copy_state: "pending",
      copy_error: "The host answered 503.",
    });
    await job.run(busy, { id: "c", retryCount: PICTURE_RETRIES });
    expect(await stateOf(busy.productId)).toMatchObject({
      copy_state: "failed",
      copy_error: "The host answered 503.",
    });
    expect(flaky).toBe(3);
  });

  it("leaves a row alone whose picture a later import changed", async () => {
    const job = copyPictureJob(testDb.database.db, { mediaDir, allowPrivateHosts: true }, quiet);
    const ball = await pictureFor(`${base}/ball.gif`);
    await rows(
      testDb.database.db,
      sql`update product_images set url = ${`${base}/other.gif`} where product_id = ${ball.productId}`,
    );
    await job.run(ball, { id: "d", retryCount: 0 });
    expect(await stateOf(ball.productId)).toMatchObject({ copy_state: "pending", stored_path: null });
  });
});
