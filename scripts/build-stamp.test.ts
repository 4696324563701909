import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildState, sourceFingerprint, writeStamp } from "./build-stamp.ts";

describe("npm start builds only when the build is missing or stale", () => {
  let root: string;
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  };
  /** What a successful build leaves: the server entry and the stamp of the sources it was made from. */
  const build = () => {
    write("build/server/index.js", "export {};");
    writeStamp(root, sourceFingerprint(root));
  };

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "build-stamp-"));
    write("src/storefront/root.tsx", "export default 1;");
    write("src/api/app.ts", "export {};");
    write("package-lock.json", "{}");
    write("vite.config.ts", "export default {};");
    write("react-router.config.ts", "export default {};");
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it("is missing before the first build, and after a build that left no stamp", () => {
    expect(buildState(root)).toEqual({ stale: true, reason: "missing" });
    write("build/server/index.js", "export {};");
    expect(buildState(root)).toEqual({ stale: true, reason: "missing" });
  });

  it("is up to date right after a build, also when a file is only touched", () => {
    build();
    expect(buildState(root)).toEqual({ stale: false });
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, "src/api/app.ts"), later, later);
    expect(buildState(root)).toEqual({ stale: false });
  });

  it.each([
    ["a source file changes", () => write("src/api/app.ts", "export const changed = true;")],
    ["a source file is added", () => write("src/api/new-feature.ts", "export {};")],
    ["a source file is removed", () => fs.rmSync(path.join(root, "src/api/app.ts"))],
    [
      "a source file is renamed",
      () => fs.renameSync(path.join(root, "src/api/app.ts"), path.join(root, "src/api/host.ts")),
    ],
    ["the dependencies change", () => write("package-lock.json", '{"lockfileVersion":3}')],
    ["the Vite config changes", () => write("vite.config.ts", "export default { base: '/' };")],
    [
      "the React Router config changes",
      () => write("react-router.config.ts", "export default { ssr: true };"),
    ],
    ["a public file changes", () => write("public/robots.txt", "User-agent: *")],
  ])("is stale when %s", (_, change) => {
    build();
    change();
    expect(buildState(root)).toEqual({ stale: true, reason: "changed" });
  });

  it("ignores tests, which are not part of the build", () => {
    build();
    write("src/api/app.test.ts", "it('works', () => {});");
    write("src/testing/factories.ts", "export {};");
    expect(buildState(root)).toEqual({ stale: false });
  });

  it("treats an unreadable stamp as no stamp", () => {
    build();
    write("build/.build-stamp.json", "not json");
    expect(buildState(root)).toEqual({ stale: true, reason: "missing" });
  });
});
