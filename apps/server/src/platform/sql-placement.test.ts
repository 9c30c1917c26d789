import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * CODE_STYLE's rule "SQL only in repository files", kept by reading the domain code: a file that
 * runs SQL (`.query(`) in `modules/` or `whatsapp/` is a `*-repository.ts`. The files listed below
 * predate the rule and still hold SQL beside their logic; each is to be split as its module is next
 * worked on, and the list may only shrink (a new file there fails this test).
 */
const NOT_YET_SPLIT = new Set<string>([]);

const SERVER = fileURLToPath(new URL('..', import.meta.url));
const isTestFile = (file: string) => /\.test\.ts$|[/\\]test[/\\]|test-support\.ts$/.test(file);

function domainFilesRunningSql(): string[] {
  return ['modules', 'whatsapp'].flatMap((folder) =>
    readdirSync(path.join(SERVER, folder), { recursive: true, encoding: 'utf8' })
      .map((file) => `${folder}/${file.split(path.sep).join('/')}`)
      .filter((file) => file.endsWith('.ts') && !isTestFile(file))
      .filter((file) => /\.query\s*(<|\()/.test(readFileSync(path.join(SERVER, file), 'utf8'))),
  );
}

describe('SQL placement', () => {
  it('runs SQL only in repository files (and the files not yet split)', () => {
    const misplaced = domainFilesRunningSql().filter(
      (file) => !file.endsWith('-repository.ts') && !NOT_YET_SPLIT.has(file),
    );
    expect(misplaced).toEqual([]);
  });

  it('lists only files that still hold SQL, so the list shrinks as they are split', () => {
    const running = new Set(domainFilesRunningSql());
    expect([...NOT_YET_SPLIT].filter((file) => !running.has(file))).toEqual([]);
  });
});
