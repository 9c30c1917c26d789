/**
 * The longest run of plain characters every match of a pattern must contain, lower-cased, or null
 * when none can be told cheaply (an alternation at the top, or no run of two characters). Only the
 * pattern's top level is read: groups, classes, escapes that stand for classes (\d, \b...) and
 * characters a quantifier may drop break a run. The matcher looks for these with one automaton
 * and runs only the patterns whose run the text holds (RE2's prefilter idea, kept simple).
 */
export function requiredLiteral(pattern: string): string | null {
  const runs: string[] = [];
  let run = '';
  let depth = 0;
  const end = () => {
    if (run.length > 0) runs.push(run);
    run = '';
  };
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index] as string;
    const next = pattern[index + 1];
    if (char === '\\') {
      const escaped = next ?? '';
      index += 1;
      // \. \\ \( ...: the character itself; \d \b \p{..} \x41 ...: not a plain character.
      if (depth === 0 && /^[^A-Za-z0-9]$/.test(escaped)) {
        if (quantified(pattern[index + 1])) end();
        else run += escaped;
      } else end();
      continue;
    }
    if (char === '(') {
      depth += 1;
      end();
      continue;
    }
    if (char === ')') {
      depth = Math.max(0, depth - 1);
      end();
      continue;
    }
    if (char === '[') {
      end();
      // Skip the class: `]` right after `[` or `[^` is a member.
      index += next === '^' ? 2 : 1;
      if (pattern[index] === ']') index += 1;
      while (index < pattern.length && pattern[index] !== ']') index += pattern[index] === '\\' ? 2 : 1;
      continue;
    }
    if (char === '|' && depth === 0) return null;
    if (depth > 0 || '.^$*+?{}|'.includes(char)) {
      end();
      continue;
    }
    // A character a quantifier follows may be absent or repeated: it ends the run without joining it.
    if (quantified(next)) end();
    else run += char;
  }
  end();
  const longest = runs.reduce((best, each) => (each.length > best.length ? each : best), '');
  return longest.length >= 2 ? longest.toLowerCase() : null;
}

const quantified = (next: string | undefined) => next === '*' || next === '+' || next === '?' || next === '{';
