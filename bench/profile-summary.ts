// Reads a V8 CPU profile (`node --cpu-prof`, e.g. `node e2e-prod/run.ts --only=flash-sale --profile=dir`) and
// prints where the process's time went: idle, garbage collection, and the busiest functions and source files by
// self time, and by inclusive time for the functions named with --focus (a comma-separated list of function
// names). With --from/--to (seconds from the profile's start) only that window is counted.
//
//   node bench/profile-summary.ts .tmp/profiles/instance-3241.cpuprofile [--top=30] [--focus=placeOrder,renderPage]
import fs from "node:fs";
import path from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const flag = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const file = args.find((arg) => !arg.startsWith("--"));
if (!file) {
  process.stderr.write("usage: node bench/profile-summary.ts <file.cpuprofile> [--top=30] [--focus=a,b]\n");
  process.exit(2);
}
const top = Number(flag("top") ?? 30);
const focus = (flag("focus") ?? "").split(",").filter(Boolean);
const from = Number(flag("from") ?? 0) * 1e6;
const to = flag("to") ? Number(flag("to")) * 1e6 : Number.POSITIVE_INFINITY;

const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const where = (url: string) => {
  if (!url) return "(native)";
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const rest = url.slice(modules + "node_modules/".length).split("/");
    return `npm:${rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  if (url.startsWith("node:")) return url;
  const cwd = `file://${process.cwd()}/`;
  return url.startsWith(cwd) ? url.slice(cwd.length) : path.basename(url);
};

const self = new Map<string, number>();
const files = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
let idle = 0;
let gc = 0;
let program = 0;
let t = 0;
for (let index = 0; index < profile.samples.length; index++) {
  const delta = profile.timeDeltas[index] ?? 0;
  t += delta;
  if (t < from || t > to) continue;
  const node = byId.get(profile.samples[index] as number);
  if (!node) continue;
  total += delta;
  const name = node.callFrame.functionName;
  if (name === "(idle)") {
    idle += delta;
    continue;
  }
  if (name === "(garbage collector)") gc += delta;
  if (name === "(program)") program += delta;
  const label = `${name || "(anonymous)"} ${where(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
  self.set(label, (self.get(label) ?? 0) + delta);
  const source = where(node.callFrame.url);
  files.set(source, (files.get(source) ?? 0) + delta);
  if (focus.length > 0) {
    const seen = new Set<string>();
    for (let at: number | undefined = node.id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame.functionName ?? "";
      if (focus.includes(frame) && !seen.has(frame)) {
        seen.add(frame);
        inclusive.set(frame, (inclusive.get(frame) ?? 0) + delta);
      }
    }
  }
}

const ms = (us: number) => `${(us / 1000).toFixed(0)} ms`;
const pct = (us: number) => `${((100 * us) / Math.max(1, total)).toFixed(1)}%`;
const busy = total - idle;
process.stdout.write(
  `${file}: ${ms(total)} sampled, busy ${ms(busy)} (${pct(busy)}), idle ${pct(idle)}, GC ${pct(gc)}, (program) ${pct(program)}\n`,
);
const list = (title: string, map: Map<string, number>, count: number) => {
  process.stdout.write(`\n${title} (share of busy time):\n`);
  for (const [label, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count)) {
    process.stdout.write(
      `  ${((100 * us) / Math.max(1, busy)).toFixed(1).padStart(5)}%  ${ms(us).padStart(8)}  ${label}\n`,
    );
  }
};
list("by source file, self", files, top);
list("by function, self", self, top);
if (focus.length > 0) list("focused functions, inclusive", inclusive, focus.length);
