import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layers of the server and the console, read from their import statements: the platform knows
 * no domain, production code never reaches into the sandbox (the emulator) or the demo, and the
 * console's modules import each other without cycles.
 */

const SERVER = fileURLToPath(new URL('..', import.meta.url));
const CONSOLE = fileURLToPath(new URL('../../../console/src', import.meta.url));

const isTestFile = (file: string) => /\.test\.tsx?$|[/\\]test[/\\]|test-support\.ts$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => path.join(dir, file))
    .filter((file) => !isTestFile(file));
}

/**
 * The files a source file imports at run time by relative path (static and dynamic; `import type`
 * is erased, so it is left out), resolved, `.js` read as `.ts(x)`.
 */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/^import type [^;]*;/gm, '');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((match) => match[1]!);
  return specifiers.map((specifier) => {
    const resolved = path.resolve(path.dirname(file), specifier);
    return resolved.replace(/\.js$/, readFileSafe(resolved.replace(/\.js$/, '.tsx')) ? '.tsx' : '.ts');
  });
}

function readFileSafe(file: string): boolean {
  try {
    readFileSync(file);
    return true;
  } catch {
    return false;
  }
}

const within = (folder: string) => (file: string) => file.startsWith(path.join(SERVER, folder) + path.sep);

/** Each import of a file in `from` that lands in one of `forbidden`, as "file -> import". */
function crossings(from: string[], forbidden: string[]): string[] {
  const found: string[] = [];
  for (const folder of from) {
    for (const file of sourceFiles(path.join(SERVER, folder))) {
      for (const target of relativeImports(file)) {
        if (forbidden.some((other) => within(other)(target))) {
          found.push(`${path.relative(SERVER, file)} -> ${path.relative(SERVER, target)}`);
        }
      }
    }
  }
  return found;
}

describe('server layers', () => {
  it('keeps the platform free of the domains', () => {
    expect(crossings(['platform'], ['modules', 'whatsapp', 'sandbox', 'demo'])).toEqual([]);
  });

  it('keeps production code out of the sandbox and the demo', () => {
    expect(crossings(['modules', 'whatsapp'], ['sandbox', 'demo'])).toEqual([]);
  });
});

describe('console modules', () => {
  it('import each other without cycles', () => {
    const files = sourceFiles(CONSOLE);
    const edges = new Map(
      files.map((file) => [file, relativeImports(file).filter((target) => files.includes(target))]),
    );
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, trail: string[]) => {
      state.set(file, 'open');
      for (const next of edges.get(file) ?? []) {
        if (state.get(next) === 'open') {
          cycles.push([...trail.slice(trail.indexOf(next)), next].map((f) => path.relative(CONSOLE, f)).join(' -> '));
        } else if (!state.has(next)) {
          visit(next, [...trail, next]);
        }
      }
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file, [file]);
    expect(cycles).toEqual([]);
  });
});
