// Where the machine's CPU went during a load check: this process (the load generator), each instance, nginx,
// PostgreSQL and Redis, and everything else on the machine (other work sharing it), read from /proc at the start
// and the end of the check. Linux only; elsewhere it answers nothing. A process that started or ended between the
// two readings is counted in "other" (PostgreSQL's backends live as long as the pools' connections, so they count).
import fs from "node:fs";
import os from "node:os";

/** CPU seconds by who used them, and the machine's cores-worth over the same wall time. */
export interface CpuShare {
  seconds: number;
  cores: number;
  /** Busy CPU seconds of the whole machine (every core) over the interval. */
  machineBusy: number;
  /** Idle CPU seconds (cores × wall time − busy). */
  machineIdle: number;
  byWho: Record<string, number>;
  /** The 1-minute load average at the start and the end. */
  load: [number, number];
}

const TICK = 100; // USER_HZ on Linux

function processTicks(pid: number): { comm: string; ticks: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const close = stat.lastIndexOf(")");
    const comm = stat.slice(stat.indexOf("(") + 1, close);
    const fields = stat
      .slice(close + 2)
      .split(" ")
      .map(Number);
    // fields[0] is field 3 (state): utime is field 14, stime 15.
    return { comm, ticks: (fields[11] ?? 0) + (fields[12] ?? 0) };
  } catch {
    return null;
  }
}

function allProcesses(): Map<number, { comm: string; ticks: number }> {
  const found = new Map<number, { comm: string; ticks: number }>();
  let names: string[] = [];
  try {
    names = fs.readdirSync("/proc");
  } catch {
    return found;
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const one = processTicks(Number(name));
    if (one) found.set(Number(name), one);
  }
  return found;
}

function machineTicks(): { busy: number; idle: number } {
  const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, idle };
}

/**
 * Starts counting; `stop()` answers the shares. `instances` names the shop's processes by pid (e.g. "instance
 * :3241"); nginx, postgres and redis-server are recognised by name; this process is "load generator".
 */
export function cpuShares(instances: () => Record<string, number | undefined>): { stop(): CpuShare | null } {
  if (process.platform !== "linux") return { stop: () => null };
  const startedAt = performance.now();
  const before = allProcesses();
  const machineBefore = machineTicks();
  const load0 = os.loadavg()[0] ?? 0;
  return {
    stop() {
      const after = allProcesses();
      const machineAfter = machineTicks();
      const seconds = (performance.now() - startedAt) / 1000;
      const named = new Map<number, string>();
      for (const [who, pid] of Object.entries(instances())) if (pid) named.set(pid, who);
      named.set(process.pid, "load generator");
      const byWho: Record<string, number> = {};
      let counted = 0;
      for (const [pid, now] of after) {
        const then = before.get(pid);
        if (!then || then.comm !== now.comm) continue;
        const used = (now.ticks - then.ticks) / TICK;
        if (used <= 0) continue;
        const who =
          named.get(pid) ??
          (now.comm.startsWith("nginx")
            ? "nginx"
            : now.comm.startsWith("postgres")
              ? "postgresql"
              : now.comm.startsWith("redis")
                ? "redis"
                : null);
        if (!who) continue;
        byWho[who] = (byWho[who] ?? 0) + used;
        counted += used;
      }
      const machineBusy = (machineAfter.busy - machineBefore.busy) / TICK;
      byWho.other = Math.max(0, machineBusy - counted);
      for (const who of Object.keys(byWho)) byWho[who] = Number((byWho[who] ?? 0).toFixed(1));
      return {
        seconds: Number(seconds.toFixed(1)),
        cores: os.cpus().length,
        machineBusy: Number(machineBusy.toFixed(1)),
        machineIdle: Number(((machineAfter.idle - machineBefore.idle) / TICK).toFixed(1)),
        byWho,
        load: [Number(load0.toFixed(2)), Number((os.loadavg()[0] ?? 0).toFixed(2))],
      };
    },
  };
}
