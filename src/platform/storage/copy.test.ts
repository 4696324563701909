import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { startTestS3 } from "../../testing/s3-server.ts";
import { copyStorage } from "./copy.ts";
import { folderStorage } from "./folder-storage.ts";
import { listAll, type Storage } from "./storage.ts";

const run = promisify(execFile);
const s3 = await startTestS3({ bucket: "copy-test" });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storage-copy-"));
afterAll(async () => {
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A DATA_DIR as a shop on one machine left it: images, a proof, a return photo, and the database beside them. */
function existingFolder() {
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dataDir, file)), { recursive: true });
    fs.writeFileSync(path.join(dataDir, file), text);
  };
  write("images/products/tote/black-front-800.webp", "photo 800");
  write("images/products/tote/black-front-400.webp", "photo 400");
  write("images/uploads/products/3/abc-800.avif", "twin");
  write("payment-proofs/p1.pdf", "%PDF proof");
  write("return-photos/r1.webp", "return photo");
  write("shop.sqlite", "the database, never copied");
  write("outbox/mail.eml", "mail, never copied");
}

describe.skipIf(!s3)("copying an existing folder into a bucket", () => {
  it("copies both namespaces, skips what is already there with the same size, and lists what failed", async () => {
    existingFolder();
    const source = folderStorage({ imagesDir: path.join(dataDir, "images"), privateDir: dataDir });
    const bucket = s3!.storage();
    const first = await copyStorage(source, bucket);
    expect(first).toEqual({ copied: 5, skipped: 0, failed: [] });
    const keys = [...(await listAll(bucket, "images/")), ...(await listAll(bucket, "private/"))].map(
      (o) => o.key,
    );
    expect(keys.toSorted()).toEqual([
      "images/products/tote/black-front-400.webp",
      "images/products/tote/black-front-800.webp",
      "images/uploads/products/3/abc-800.avif",
      "private/payment-proofs/p1.pdf",
      "private/return-photos/r1.webp",
    ]);
    expect(await bucket.head("images/uploads/products/3/abc-800.avif")).toMatchObject({
      contentType: "image/avif",
    });
    expect((await bucket.read("private/payment-proofs/p1.pdf"))?.toString()).toBe("%PDF proof");

    // Changed since (another size) is copied again; the rest is skipped.
    fs.writeFileSync(path.join(dataDir, "images/products/tote/black-front-400.webp"), "photo 400, redrawn");
    const failing: Storage = {
      ...bucket,
      put: (key, bytes, type) =>
        key.endsWith("400.webp")
          ? Promise.reject(new Error("the bucket said no"))
          : bucket.put(key, bytes, type),
    };
    expect(await copyStorage(source, failing)).toEqual({
      copied: 0,
      skipped: 4,
      failed: [{ key: "images/products/tote/black-front-400.webp", reason: "the bucket said no" }],
    });
    expect(await copyStorage(source, bucket)).toEqual({ copied: 1, skipped: 4, failed: [] });
  });

  it("runs as `npm run storage:copy`: progress shown, exit 0, and a re-run copies nothing", async () => {
    const env = { ...process.env, ...s3!.env, DATA_DIR: dataDir, S3_BUCKET: "copy-test" };
    const cli = path.resolve("src/platform/storage/copy-cli.ts");
    const once = await run(process.execPath, [cli], { env });
    expect(once.stdout).toMatch(/\d+\/5: \d+ copied/);
    const again = await run(process.execPath, [cli], { env });
    expect(again.stdout).toContain("done: 0 copied, 5 already there, 0 failed");
  });

  it("refuses to run without a bucket, saying so", async () => {
    const env = { ...process.env, DATA_DIR: dataDir, S3_BUCKET: "" };
    const failed = await run(process.execPath, [path.resolve("src/platform/storage/copy-cli.ts")], {
      env,
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toContain("S3_BUCKET is not set");
  });
});
