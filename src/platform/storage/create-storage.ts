import type { StorageSettings } from "../config.ts";
import { bucketStorage } from "./bucket-storage.ts";
import { folderStorage } from "./folder-storage.ts";
import type { Storage } from "./storage.ts";

/** The configured store: the bucket when S3_BUCKET is set, else the local folder (DATA_DIR). */
export function createStorage(config: {
  storage: StorageSettings;
  imagesDir: string;
  dataDir: string;
}): Storage {
  return config.storage.bucket
    ? bucketStorage(config.storage.bucket)
    : folderStorage({ imagesDir: config.imagesDir, privateDir: config.dataDir });
}
