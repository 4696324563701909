import fs from "node:fs";
import path from "node:path";
import {
  checkKey,
  contentTypeOf,
  type ObjectInfo,
  PRIVATE_FOLDERS,
  PRIVATE_PREFIX,
  PUBLIC_PREFIX,
  type Storage,
  type StoredObject,
} from "./storage.ts";

/**
 * The local folder (the default): the paths the shop has always used, so existing data keeps working.
 * `images/x` is `<imagesDir>/x` (DATA_DIR/images); `private/<folder>/x` is `<privateDir>/<folder>/x` (DATA_DIR,
 * e.g. DATA_DIR/payment-proofs), written with mode 0600. Writes go through a temporary file and a rename, so a
 * reader (or a second instance on the same machine) never sees half a file.
 */
export function folderStorage(options: { imagesDir: string; privateDir: string }): Storage {
  const roots = [
    { prefix: PUBLIC_PREFIX, dir: path.resolve(options.imagesDir) },
    { prefix: PRIVATE_PREFIX, dir: path.resolve(options.privateDir) },
  ];
  let tempCounter = 0;

  /** The file of a key (or of a listing prefix's folder part). */
  function fileOf(key: string): { file: string; root: string; prefix: string } {
    const root = roots.find((each) => key.startsWith(each.prefix))!;
    return { file: path.join(root.dir, key.slice(root.prefix.length)), root: root.dir, prefix: root.prefix };
  }

  const infoOf = (key: string, stat: fs.Stats): ObjectInfo => ({
    key,
    size: stat.size,
    contentType: contentTypeOf(key),
    lastModified: stat.mtime,
    etag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
  });

  const missing = (error: unknown) =>
    (error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "ENOTDIR";

  async function head(key: string): Promise<ObjectInfo | null> {
    const stat = await fs.promises.stat(fileOf(checkKey(key)).file).catch((error: unknown) => {
      if (missing(error)) return null;
      throw error;
    });
    return stat?.isFile() ? infoOf(key, stat) : null;
  }

  async function* walk(dir: string): AsyncGenerator<string> {
    const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
      if (missing(error)) return [];
      throw error;
    });
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(full);
      else if (entry.isFile() && !entry.name.endsWith(".tmp")) yield full;
    }
  }

  return {
    kind: "folder",

    async put(key, bytes, contentType) {
      void contentType; // a file's type is its extension's
      const { file, prefix } = fileOf(checkKey(key));
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.${++tempCounter}.tmp`;
      const mode = prefix === PRIVATE_PREFIX ? 0o600 : 0o644;
      try {
        await fs.promises.writeFile(temp, bytes, { mode });
        await fs.promises.rename(temp, file);
      } catch (error) {
        await fs.promises.rm(temp, { force: true });
        throw error;
      }
    },

    async get(key): Promise<StoredObject | null> {
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(fileOf(checkKey(key)).file, "r");
      } catch (error) {
        if (missing(error) || (error as NodeJS.ErrnoException).code === "EISDIR") return null;
        throw error;
      }
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      return { ...infoOf(key, stat), body: handle.createReadStream() };
    },

    async read(key) {
      return fs.promises.readFile(fileOf(checkKey(key)).file).catch((error: unknown) => {
        if (missing(error) || (error as NodeJS.ErrnoException).code === "EISDIR") return null;
        throw error;
      });
    },

    head,

    async delete(key) {
      await fs.promises.rm(fileOf(checkKey(key)).file, { force: true });
    },

    async check() {
      await fs.promises.mkdir(roots[0]!.dir, { recursive: true });
    },

    close() {},

    async *list(prefix) {
      const { root, prefix: namespace } = fileOf(checkKey(prefix, { prefix: true }));
      // The private namespace is a few folders of DATA_DIR, never the whole of it (the database lives there).
      const folders =
        prefix === PRIVATE_PREFIX
          ? PRIVATE_FOLDERS.map((name) => path.join(root, name))
          : [fileOf(prefix.slice(0, prefix.lastIndexOf("/") + 1)).file];
      for (const folder of folders) yield* listed(folder);

      async function* listed(folder: string): AsyncGenerator<ObjectInfo> {
        for await (const file of walk(folder)) {
          const key = namespace + path.relative(root, file).split(path.sep).join("/");
          if (!key.startsWith(prefix)) continue;
          const stat = await fs.promises.stat(file).catch(() => null);
          if (stat) yield infoOf(key, stat);
        }
      }
    },
  };
}
