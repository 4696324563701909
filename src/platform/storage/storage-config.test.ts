import { afterAll, describe, expect, it } from "vitest";
import { startTestS3 } from "../../testing/s3-server.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { bucketStorage } from "./bucket-storage.ts";

const R2 = {
  S3_BUCKET: "shop-images",
  S3_ENDPOINT: "https://0123abcd.r2.cloudflarestorage.com/",
  S3_REGION: "auto",
  AWS_ACCESS_KEY_ID: "key",
  AWS_SECRET_ACCESS_KEY: "secret",
};

describe("storage configuration (S3_*)", () => {
  it("keeps the local folder when S3_BUCKET is not set", () => {
    expect(loadConfig({}).storage).toEqual({ bucket: undefined, publicUrl: undefined });
  });

  it("turns the bucket on with S3_BUCKET, on AWS by default, and reads the rest", () => {
    expect(loadConfig({ S3_BUCKET: "shop-images" }).storage).toEqual({
      bucket: {
        bucket: "shop-images",
        endpoint: undefined,
        region: "us-east-1",
        forcePathStyle: false,
        credentials: undefined,
        timeoutMs: 10_000,
      },
      publicUrl: undefined,
    });
    const r2 = loadConfig({
      ...R2,
      S3_FORCE_PATH_STYLE: "1",
      S3_PUBLIC_URL: "https://images.example.pk/",
      S3_TIMEOUT_MS: "3000",
    }).storage;
    expect(r2).toEqual({
      bucket: {
        bucket: "shop-images",
        endpoint: "https://0123abcd.r2.cloudflarestorage.com",
        region: "auto",
        forcePathStyle: true,
        credentials: { accessKeyId: "key", secretAccessKey: "secret" },
        timeoutMs: 3000,
      },
      publicUrl: "https://images.example.pk",
    });
  });

  it("refuses bad values with a readable message naming the variable", () => {
    const refused: [Record<string, string>, RegExp][] = [
      [{ S3_BUCKET: "Shop_Images" }, /S3_BUCKET: must be a bucket name/],
      [
        { S3_BUCKET: "ok-bucket", S3_ENDPOINT: "s3.example.com" },
        /S3_ENDPOINT: must be an http:\/\/ or https:\/\/ URL/,
      ],
      [{ S3_BUCKET: "ok-bucket", S3_ENDPOINT: "ftp://s3.example.com" }, /S3_ENDPOINT: must be an http/],
      [{ S3_BUCKET: "ok-bucket", S3_REGION: "EU West" }, /S3_REGION: must be a region name/],
      [
        { S3_BUCKET: "ok-bucket", S3_FORCE_PATH_STYLE: "yes" },
        /S3_FORCE_PATH_STYLE: must be true, false, 1 or 0/,
      ],
      [{ S3_BUCKET: "ok-bucket", S3_PUBLIC_URL: "images.example.pk" }, /S3_PUBLIC_URL: must be an http/],
      [{ S3_BUCKET: "ok-bucket", S3_TIMEOUT_MS: "0" }, /S3_TIMEOUT_MS/],
    ];
    for (const [env, message] of refused) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
    }
  });

  it("refuses S3 settings without S3_BUCKET, and one access key without the other", () => {
    expect(() =>
      loadConfig({ S3_ENDPOINT: "http://127.0.0.1:9000", S3_PUBLIC_URL: "https://cdn.example.pk" }),
    ).toThrow("S3_ENDPOINT, S3_PUBLIC_URL are set but S3_BUCKET is not");
    expect(() => loadConfig({ S3_BUCKET: "shop-images", AWS_ACCESS_KEY_ID: "key" })).toThrow(
      "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together",
    );
  });
});

const s3 = await startTestS3({ bucket: "check-test" });
afterAll(() => s3?.close());

describe("a bucket that cannot be used stops the start with the reason", () => {
  it.skipIf(!s3)("says when the bucket does not exist", async () => {
    const storage = bucketStorage({ ...s3!.settings, bucket: "no-such-bucket" });
    await expect(storage.check()).rejects.toThrow(
      `S3_BUCKET "no-such-bucket" at ${s3!.endpoint} cannot be used: there is no such bucket`,
    );
    storage.close();
  });

  it.skipIf(!s3)("says when the access key is unknown", async () => {
    const storage = bucketStorage({
      ...s3!.settings,
      credentials: { accessKeyId: "WRONG", secretAccessKey: "x" },
    });
    await expect(storage.check()).rejects.toThrow(/cannot be used: the credentials are refused/);
    storage.close();
  });

  it("gives up on a server that does not answer within its time", async () => {
    const storage = bucketStorage({
      bucket: "shop",
      // A non-routable address (TEST-NET-1): the connection never completes.
      endpoint: "http://192.0.2.1:9",
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "a", secretAccessKey: "b" },
      timeoutMs: 300,
    });
    const started = performance.now();
    await expect(storage.check()).rejects.toThrow(
      /S3_BUCKET "shop" at http:\/\/192\.0\.2\.1:9 cannot be used/,
    );
    expect(performance.now() - started).toBeLessThan(5000);
    storage.close();
  });
});
