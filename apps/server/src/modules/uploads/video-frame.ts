import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';

/** The child's script; `bin/` sits at the same depth from `src/` (tests) and from `dist/` (the build). */
const FRAME_SCRIPT = fileURLToPath(new URL('../../../bin/video-frame.mjs', import.meta.url));
/**
 * Past this the child is killed and the video keeps no poster. A clip takes about 0.3 s, but 13 s
 * was seen once on a loaded two-core machine: the limit is for files FFmpeg chokes on.
 */
export const FRAME_TIME_LIMIT_MS = 30_000;
/** Children at once: each loads FFmpeg's libraries (~170 MB, shared pages) and decodes on one thread. */
const MAX_RUNNING = 2;
const UNAVAILABLE = 3;
const STDERR_KEPT = 2000;

let running = 0;
const waiting: Array<() => void> = [];
/** Scripts whose child found no node-av build for this platform: none of them is started again. */
const unavailable = new Set<string>();

async function slot(): Promise<() => void> {
  if (running >= MAX_RUNNING) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

/** A frame written, and how far to turn it clockwise for display; or why there is none. */
export type FirstFrame =
  | { outcome: 'written'; clockwise: number }
  | { outcome: 'unreadable' | 'timeout' | 'unavailable' };

/**
 * Writes the first frame of the video at `videoPath` as a full-size JPEG at `framePath`, in a child
 * process (`bin/video-frame.mjs`, FFmpeg through node-av) started with an argument array (no
 * shell), without the server's environment (no secrets), and killed after `timeLimitMs`: a
 * file FFmpeg chokes on can neither hang nor crash the server (decision 0033). `script` is for
 * tests: the same script copied where node-av cannot be found.
 */
export async function writeFirstFrame(
  logger: Logger,
  videoPath: string,
  framePath: string,
  { timeLimitMs = FRAME_TIME_LIMIT_MS, script = FRAME_SCRIPT } = {},
): Promise<FirstFrame> {
  if (unavailable.has(script)) return { outcome: 'unavailable' };
  const release = await slot();
  try {
    const outcome = await runChild(script, videoPath, framePath, timeLimitMs);
    if (outcome.code === UNAVAILABLE) {
      unavailable.add(script);
      logger.info('no video posters: node-av has no FFmpeg build for this platform');
      return { outcome: 'unavailable' };
    }
    if (outcome.code === 0) return { outcome: 'written', clockwise: quarterTurns(outcome.stdout) };
    logger.warn(
      { code: outcome.code, signal: outcome.signal, stderr: outcome.stderr },
      outcome.timedOut ? 'video frame took too long; the child was killed' : 'no frame in a video',
    );
    return { outcome: outcome.timedOut ? 'timeout' : 'unreadable' };
  } finally {
    release();
  }
}

interface ChildOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
}

/** The child's printed turn, trusted only as one of the four quarter turns. */
function quarterTurns(printed: string): number {
  const degrees = Number(printed.trim());
  return [0, 90, 180, 270].includes(degrees) ? degrees : 0;
}

function runChild(script: string, videoPath: string, framePath: string, timeLimitMs: number): Promise<ChildOutcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, videoPath, framePath], {
      env: {},
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout = (stdout + chunk).slice(0, 16);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < STDERR_KEPT) stderr = (stderr + chunk).slice(0, STDERR_KEPT);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeLimitMs);
    let settled = false;
    const done = (code: number | null, signal: NodeJS.Signals | null, error?: Error) => {
      clearTimeout(timer);
      if (settled) return;
      settled = true;
      resolve({ code, signal, timedOut, stdout, stderr: error ? error.message : stderr });
    };
    child.on('error', (error) => done(null, null, error));
    child.on('close', (code, signal) => done(code, signal));
  });
}
