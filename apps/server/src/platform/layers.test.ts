import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layers of the server and the front ends, read from their import statements: the platform
 * knows no domain, production code never reaches into the sandbox (the emulator) or the demo, the
 * web kit imports nothing from the apps, and each front end (the console, the seat client) and the
 * kit import each other's modules without cycles.
 */

const SERVER = fileURLToPath(new URL('..', import.meta.url));
const CONSOLE = fileURLToPath(new URL('../../../console/src', import.meta.url));
const AGENT = fileURLToPath(new URL('../../../agent/src', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const WEB_KIT = fileURLToPath(new URL('../../../../packages/web-kit/src', import.meta.url));

const isTestFile = (file: string) => /\.test\.tsx?$|[/\\]test[/\\]|test-support\.ts$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => path.join(dir, file))
    .filter((file) => !isTestFile(file));
}

/** What a source file imports at run time (static and dynamic; `import type` is erased, so it is left out). */
function runtimeSpecifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/^import type [^;]*;/gm, '');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((match) => match[1]!);
}

/**
 * The files a source file imports at run time by relative path, resolved, `.js` read as `.ts(x)`;
 * an entry of the web kit (`@ws/web-kit/session`) is read as the index file its package.json exports.
 */
function relativeImports(file: string): string[] {
  return runtimeSpecifiers(file).flatMap((specifier) => {
    const kitEntry = /^@ws\/web-kit\/([a-z-]+)$/.exec(specifier);
    if (kitEntry) return [path.join(WEB_KIT, kitEntry[1]!, 'index.ts')];
    if (!specifier.startsWith('.')) return [];
    const resolved = path.resolve(path.dirname(file), specifier);
    return [resolved.replace(/\.js$/, readFileSafe(resolved.replace(/\.js$/, '.tsx')) ? '.tsx' : '.ts')];
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

  it('loads the libraries only a few calls use on first use, through platform/lazy-libraries.ts', () => {
    const lazy = [
      'exceljs',
      'sharp',
      'qrcode',
      'read-excel-file/node',
      'write-excel-file/node',
      'file-type',
      'sanitize-html',
    ];
    const loader = path.join(SERVER, 'platform', 'lazy-libraries.ts');
    const atStart = sourceFiles(SERVER)
      .filter((file) => file !== loader)
      .flatMap((file) =>
        runtimeSpecifiers(file)
          .filter((specifier) => lazy.includes(specifier))
          .map((specifier) => `${path.relative(SERVER, file)} -> ${specifier}`),
      );
    expect(atStart).toEqual([]);
  });
});

describe('front-end modules', () => {
  it('keep the web kit free of the apps: it imports only itself, the contract and libraries', () => {
    const reachingOut = sourceFiles(WEB_KIT).flatMap((file) =>
      runtimeSpecifiers(file)
        .filter((specifier) =>
          specifier.startsWith('.')
            ? !path.resolve(path.dirname(file), specifier).startsWith(WEB_KIT + path.sep)
            : specifier.startsWith('@ws/') && specifier !== '@ws/contract',
        )
        .map((specifier) => `${path.relative(WEB_KIT, file)} -> ${specifier}`),
    );
    expect(reachingOut).toEqual([]);
  });

  it.each([
    ['the console', CONSOLE],
    ['the seat client', AGENT],
  ])('import each other without cycles, across %s and the web kit', (_name, app) => {
    const files = [...sourceFiles(app), ...sourceFiles(WEB_KIT)];
    const edges = new Map(
      files.map((file) => [file, relativeImports(file).filter((target) => files.includes(target))]),
    );
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, trail: string[]) => {
      state.set(file, 'open');
      for (const next of edges.get(file) ?? []) {
        if (state.get(next) === 'open') {
          cycles.push([...trail.slice(trail.indexOf(next)), next].map((f) => path.relative(ROOT, f)).join(' -> '));
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
