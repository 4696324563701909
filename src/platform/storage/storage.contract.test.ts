import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startTestS3 } from "../../testing/s3-server.ts";
import { folderStorage } from "./folder-storage.ts";
import { listAll, type Storage } from "./storage.ts";

/**
 * The same assertions against both adapters: the local folder and an S3-compatible bucket (s3rver, started
 * here on a free port; skipped when the package is not installed).
 */
const s3 = await startTestS3({ bucket: "contract-test" });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storage-contract-"));
afterAll(async () => {
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const adapters: { name: string; storage: (() => Storage) | null }[] = [
  {
    name: "the local folder",
    storage: () => folderStorage({ imagesDir: path.join(dataDir, "images"), privateDir: dataDir }),
  },
  { name: "an S3-compatible bucket (s3rver)", storage: s3 ? () => s3.storage() : null },
];

const bytes = (text: string) => new TextEncoder().encode(text);
async function drain(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString();
}

for (const adapter of adapters) {
  describe.skipIf(!adapter.storage)(`storage in ${adapter.name}`, () => {
    const storage = adapter.storage?.() as Storage;

    it("is ready to use", async () => {
      await expect(storage.check()).resolves.toBeUndefined();
    });

    it("keeps an object whole: head, streamed get and read agree on its bytes, size, type and dates", async () => {
      const before = Date.now() - 2000;
      await storage.put("images/products/tote/black-front-800.webp", bytes("a webp picture"), "image/webp");
      const info = await storage.head("images/products/tote/black-front-800.webp");
      expect(info).toMatchObject({
        key: "images/products/tote/black-front-800.webp",
        size: 14,
        contentType: "image/webp",
      });
      expect(info!.etag).toMatch(/^(W\/)?".+"$/);
      expect(info!.lastModified.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      const object = await storage.get("images/products/tote/black-front-800.webp");
      expect(object).toMatchObject({ size: 14, contentType: "image/webp", etag: info!.etag });
      expect(await drain(object!.body)).toBe("a webp picture");
      expect((await storage.read("images/products/tote/black-front-800.webp"))?.toString()).toBe(
        "a webp picture",
      );
    });

    it("replaces an object put again under the same key", async () => {
      await storage.put("private/payment-proofs/p1.pdf", bytes("first"), "application/pdf");
      await storage.put("private/payment-proofs/p1.pdf", bytes("second proof"), "application/pdf");
      expect((await storage.read("private/payment-proofs/p1.pdf"))?.toString()).toBe("second proof");
      expect(await storage.head("private/payment-proofs/p1.pdf")).toMatchObject({
        size: 12,
        contentType: "application/pdf",
      });
    });

    it("answers null for what is not there, and deleting it is no error", async () => {
      expect(await storage.get("images/none/x.webp")).toBeNull();
      expect(await storage.head("images/none/x.webp")).toBeNull();
      expect(await storage.read("private/return-photos/none.webp")).toBeNull();
      await expect(storage.delete("images/none/x.webp")).resolves.toBeUndefined();
    });

    it("deletes an object", async () => {
      await storage.put("images/uploads/products/9/abc-800.webp", bytes("x"), "image/webp");
      await storage.delete("images/uploads/products/9/abc-800.webp");
      expect(await storage.head("images/uploads/products/9/abc-800.webp")).toBeNull();
    });

    it("lists by prefix, nested keys included, and keeps the two namespaces apart", async () => {
      await Promise.all([
        storage.put("images/uploads/products/5/aa-400.webp", bytes("1"), "image/webp"),
        storage.put("images/uploads/products/5/aa-800.webp", bytes("22"), "image/webp"),
        storage.put("images/uploads/products/5/aa-800.avif", bytes("3"), "image/avif"),
        storage.put("images/uploads/products/50/bb-800.webp", bytes("4"), "image/webp"),
        storage.put("private/return-photos/r1.webp", bytes("5"), "image/webp"),
      ]);
      const keys = async (prefix: string) =>
        (await listAll(storage, prefix)).map((info) => info.key).toSorted();
      expect(await keys("images/uploads/products/5/")).toEqual([
        "images/uploads/products/5/aa-400.webp",
        "images/uploads/products/5/aa-800.avif",
        "images/uploads/products/5/aa-800.webp",
      ]);
      expect(await keys("images/uploads/products/5/aa-8")).toEqual([
        "images/uploads/products/5/aa-800.avif",
        "images/uploads/products/5/aa-800.webp",
      ]);
      const sizes = await listAll(storage, "images/uploads/products/50/");
      expect(sizes.map((info) => [info.key, info.size])).toEqual([
        ["images/uploads/products/50/bb-800.webp", 1],
      ]);
      const privateKeys = await keys("private/");
      expect(privateKeys).toContain("private/return-photos/r1.webp");
      expect(privateKeys.every((key) => key.startsWith("private/"))).toBe(true);
      expect((await keys("images/")).every((key) => key.startsWith("images/"))).toBe(true);
      expect(await keys("images/nothing-here/")).toEqual([]);
    });

    it("refuses keys outside the two namespaces or climbing out of them", async () => {
      for (const key of [
        "../shop.sqlite",
        "shop.sqlite",
        "images/../private/payment-proofs/p1.pdf",
        "images//x.webp",
        "images/./x.webp",
        "private/shop.sqlite",
        "private/outbox/mail.eml",
        "images\\..\\x",
      ]) {
        await expect(storage.put(key, bytes("x"), "image/webp"), key).rejects.toThrow(/not a storage key/);
        await expect(storage.get(key), key).rejects.toThrow(/not a storage key/);
      }
    });
  });
}

describe("the local folder keeps today's paths", () => {
  it("writes images under DATA_DIR/images and private uploads under their own folders, readable only by the shop", async () => {
    const storage = adapters[0]!.storage!();
    await storage.put("images/defaults/product.webp", bytes("d"), "image/webp");
    await storage.put("private/return-photos/abc.webp", bytes("r"), "image/webp");
    expect(fs.readFileSync(path.join(dataDir, "images", "defaults", "product.webp"), "utf8")).toBe("d");
    const privateFile = path.join(dataDir, "return-photos", "abc.webp");
    expect(fs.statSync(privateFile).mode & 0o777).toBe(0o600);
    // Nothing of DATA_DIR but the private folders is listed (the database lives there too).
    fs.writeFileSync(path.join(dataDir, "shop.sqlite"), "db");
    expect((await listAll(storage, "private/")).map((info) => info.key)).not.toContain("private/shop.sqlite");
  });
});
