import { listAll, PRIVATE_PREFIX, PUBLIC_PREFIX, type Storage } from "./storage.ts";

export interface CopyReport {
  copied: number;
  /** Already in the target with the same size. */
  skipped: number;
  failed: { key: string; reason: string }[];
}

/**
 * Copies every object of both namespaces (`images/`, `private/`) from one store to another: an existing folder into
 * a bucket (`npm run storage:copy`). An object the target already holds with the same size is skipped, so a copy cut
 * short is finished by running it again; a failed object is reported with its reason and the rest go on.
 */
export async function copyStorage(
  source: Storage,
  target: Storage,
  options: { concurrency?: number; progress?: (report: CopyReport, total: number) => void } = {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, failed: [] };
  const objects = [...(await listAll(source, PUBLIC_PREFIX)), ...(await listAll(source, PRIVATE_PREFIX))];
  const present = new Map<string, number>();
  for (const prefix of [PUBLIC_PREFIX, PRIVATE_PREFIX])
    for (const info of await listAll(target, prefix)) present.set(info.key, info.size);
  let next = 0;
  const worker = async () => {
    while (next < objects.length) {
      const object = objects[next++]!;
      try {
        if (present.get(object.key) === object.size) report.skipped += 1;
        else {
          const bytes = await source.read(object.key);
          if (!bytes) throw new Error("it disappeared from the source while copying");
          await target.put(object.key, bytes, object.contentType);
          report.copied += 1;
        }
      } catch (error) {
        report.failed.push({
          key: object.key,
          reason: error instanceof Error ? error.message : String(error),
        });
      }
      options.progress?.(report, objects.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 8) }, worker));
  return report;
}
