// CPU and memory of the product's processes from /proc (Linux), so that a report can say which
// process used the machine's cores: the server, its PostgreSQL processes, and everything else.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const clockTicksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

function readProcStat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may contain spaces; the fields after it are fixed.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(fields[1]),
      ownTicks: Number(fields[11]) + Number(fields[12]),
      // A PostgreSQL backend that exits hands its CPU time to the postmaster's "children" counters.
      reapedChildrenTicks: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return undefined;
  }
}

/** CPU seconds used so far by the server process and, separately, by its descendants (the PostgreSQL processes). */
export function serverCpuSeconds(serverPid) {
  if (!existsSync('/proc')) return undefined;
  const stats = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProcStat(entry);
    if (stat) stats.set(Number(entry), stat);
  }
  const server = stats.get(serverPid);
  if (!server) return undefined;
  const descendants = new Set([serverPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, stat] of stats) {
      if (!descendants.has(pid) && descendants.has(stat.ppid)) {
        descendants.add(pid);
        grew = true;
      }
    }
  }
  let databaseTicks = 0;
  for (const pid of descendants) {
    if (pid !== serverPid) databaseTicks += stats.get(pid).ownTicks + stats.get(pid).reapedChildrenTicks;
  }
  return { server: server.ownTicks / clockTicksPerSecond, database: databaseTicks / clockTicksPerSecond };
}

/** CPU seconds the whole machine has been busy, so that other work on the shared cores shows up. */
export function machineBusyCpuSeconds() {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    // Busy is everything but idle and iowait (the 4th and 5th counters).
    const [user, nice, system, , , irq, softirq, steal] = ticks;
    return (user + nice + system + irq + softirq + steal) / clockTicksPerSecond;
  } catch {
    return undefined;
  }
}

export function serverRssMiB(serverPid) {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${serverPid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}
