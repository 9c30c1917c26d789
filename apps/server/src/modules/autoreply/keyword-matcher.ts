import type { ActiveHours, MatchMode } from '@ws/contract';
import { RE2JS, RE2Set } from 're2js';
import { msUntilWindowOpens } from '../campaigns/send-window.js';
import { requiredLiteral } from './regex-literal.js';

/** A rule as the matcher needs it (the repository's row, keywords already checked). */
export interface MatcherRule {
  id: string;
  name: string;
  keywords: string[];
  matchMode: MatchMode;
  numberIds: string[];
  materialId: string;
  activeHours: ActiveHours | null;
  priority: number;
  cooldownSeconds: number;
  enabled: boolean;
}

export interface KeywordHit {
  rule: MatcherRule;
  keyword: string;
}

/** What keywords and texts are compared as: NFKC, lower case, runs of white space as one space, trimmed. */
export const normaliseText = (text: string): string =>
  text.normalize('NFKC').toLocaleLowerCase().replace(/\s+/g, ' ').trim();

/** The longest text matched: WhatsApp's text limit; anything past it is not read. */
export const MATCHED_TEXT_MAX = 4096;
/** The RE2 automaton's memory per tenant (RE2JS's default); a set past it is refused when compiled. */
const REGEX_SET_MEMORY = 8 * 1024 * 1024;

/**
 * Why a pattern cannot be a rule's, or null. RE2 has no backtracking, so no pattern can take more
 * than linear time; what RE2 cannot express (back-references, look-ahead) is refused here.
 */
export function regexProblem(pattern: string): string | null {
  try {
    RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
    return null;
  } catch (error) {
    return (error as Error).message.slice(0, 200);
  }
}

/** The pattern compiled, or null when RE2 refuses it. */
function compiled(pattern: string): RE2JS | null {
  try {
    return RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
  } catch {
    return null;
  }
}

/**
 * Aho–Corasick over the `contains` keywords: every keyword found in one pass over the text,
 * whatever their number. Nodes are numbered; `next` maps a node and a character to a node.
 */
class KeywordAutomaton {
  private readonly next: Map<string, number>[] = [new Map()];
  private readonly fail: number[] = [0];
  /** The keywords ending at a node, and (by `outputLink`) the nearest shorter node that has some. */
  private readonly ends: number[][] = [[]];
  private readonly outputLink: number[] = [-1];

  constructor(keywords: readonly string[]) {
    keywords.forEach((keyword, index) => {
      let node = 0;
      for (const char of keyword) {
        let child = this.next[node]?.get(char);
        if (child === undefined) {
          child = this.next.length;
          this.next.push(new Map());
          this.fail.push(0);
          this.ends.push([]);
          this.outputLink.push(-1);
          this.next[node]?.set(char, child);
        }
        node = child;
      }
      this.ends[node]?.push(index);
    });
    const queue: number[] = [];
    for (const child of this.next[0]?.values() ?? []) queue.push(child);
    for (let head = 0; head < queue.length; head += 1) {
      const node = queue[head] as number;
      for (const [char, child] of this.next[node] ?? []) {
        let fallback = this.fail[node] as number;
        while (fallback !== 0 && !this.next[fallback]?.has(char)) fallback = this.fail[fallback] as number;
        const target = this.next[fallback]?.get(char);
        const failTo = target !== undefined && target !== child ? target : 0;
        this.fail[child] = failTo;
        this.outputLink[child] = (this.ends[failTo]?.length ?? 0) > 0 ? failTo : (this.outputLink[failTo] as number);
        queue.push(child);
      }
    }
  }

  /** The indexes of the keywords the text contains. */
  find(text: string): Set<number> {
    const found = new Set<number>();
    let node = 0;
    for (const char of text) {
      while (node !== 0 && !this.next[node]?.has(char)) node = this.fail[node] as number;
      node = this.next[node]?.get(char) ?? 0;
      for (let out = node; out > 0; out = this.outputLink[out] as number) {
        for (const index of this.ends[out] ?? []) found.add(index);
      }
    }
    return found;
  }
}

type Entry = { rule: number; keyword: string };

/**
 * A tenant's keyword rules compiled once: exact keywords in a map, prefixes in a map by length,
 * `contains` keywords in one Aho–Corasick automaton, regular expressions in one RE2 set (one
 * linear pass whatever their number). Matching reads the text a few times, never once per rule.
 */
export class KeywordMatcher {
  private readonly exact = new Map<string, Entry[]>();
  private readonly prefixes = new Map<number, Map<string, Entry[]>>();
  private readonly containsEntries: Entry[] = [];
  private readonly automaton: KeywordAutomaton;
  /** Patterns with a run of plain characters: run only when the text holds it. */
  private readonly literalAutomaton: KeywordAutomaton;
  private readonly literalEntries: { entry: Entry; regex: RE2JS }[] = [];
  /** Patterns without one: one RE2 set, one pass. */
  private readonly regexEntries: Entry[] = [];
  private readonly regexSet: RE2Set | null;

  constructor(readonly rules: readonly MatcherRule[]) {
    const containsWords: string[] = [];
    const literals: string[] = [];
    const regexSet = new RE2Set(RE2Set.UNANCHORED, RE2JS.CASE_INSENSITIVE, REGEX_SET_MEMORY);
    rules.forEach((rule, index) => {
      for (const keyword of rule.keywords) {
        const entry = { rule: index, keyword };
        if (rule.matchMode === 'regex') {
          // Checked when saved; one that no longer compiles (an older engine's) is left out.
          const regex = compiled(keyword);
          if (regex === null) continue;
          const literal = requiredLiteral(keyword);
          if (literal !== null) {
            literals.push(literal);
            this.literalEntries.push({ entry, regex });
          } else {
            regexSet.add(keyword);
            this.regexEntries.push(entry);
          }
          continue;
        }
        const word = normaliseText(keyword);
        if (rule.matchMode === 'exact') push(this.exact, word, entry);
        else if (rule.matchMode === 'prefix') {
          const byLength = this.prefixes.get(word.length) ?? new Map<string, Entry[]>();
          push(byLength, word, entry);
          this.prefixes.set(word.length, byLength);
        } else {
          containsWords.push(word);
          this.containsEntries.push(entry);
        }
      }
    });
    this.automaton = new KeywordAutomaton(containsWords);
    this.literalAutomaton = new KeywordAutomaton(literals);
    if (this.regexEntries.length > 0) {
      regexSet.compile();
      this.regexSet = regexSet;
    } else this.regexSet = null;
  }

  /** Every rule one of whose keywords matches the text (once, with its first keyword), best first. */
  hits(text: string): KeywordHit[] {
    const raw = text.slice(0, MATCHED_TEXT_MAX);
    const normal = normaliseText(raw);
    const found = new Map<number, string>();
    const add = (entries: readonly Entry[] | undefined) => {
      for (const entry of entries ?? []) if (!found.has(entry.rule)) found.set(entry.rule, entry.keyword);
    };
    add(this.exact.get(normal));
    for (const [length, words] of this.prefixes) {
      if (length <= normal.length) add(words.get(normal.slice(0, length)));
    }
    for (const index of this.automaton.find(normal)) add([this.containsEntries[index] as Entry]);
    if (this.literalEntries.length > 0) {
      for (const index of this.literalAutomaton.find(raw.toLowerCase())) {
        const candidate = this.literalEntries[index];
        if (candidate && !found.has(candidate.entry.rule) && candidate.regex.test(raw)) add([candidate.entry]);
      }
    }
    if (this.regexSet) for (const index of this.regexSet.match(raw)) add([this.regexEntries[index] as Entry]);
    return [...found].map(([index, keyword]) => ({ rule: this.rules[index] as MatcherRule, keyword })).sort(byPriority);
  }
}

/** Highest priority first; equal priorities: the newest rule (largest id). */
function byPriority(a: KeywordHit, b: KeywordHit): number {
  if (a.rule.priority !== b.rule.priority) return b.rule.priority - a.rule.priority;
  return BigInt(b.rule.id) > BigInt(a.rule.id) ? 1 : -1;
}

function push<K>(map: Map<K, Entry[]>, key: K, entry: Entry): void {
  const list = map.get(key);
  if (list) list.push(entry);
  else map.set(key, [entry]);
}

/** Whether the hours hold at `now` in the time zone (none: always). */
export const withinHours = (hours: ActiveHours | null, now: Date, timeZone: string): boolean =>
  msUntilWindowOpens(hours ?? undefined, now, timeZone) === 0;

export type SkipReason = 'disabled' | 'other_number' | 'outside_hours';

/** Why a matching rule would not answer on the number at `now`, or null when it would. */
export function skipOf(rule: MatcherRule, numberId: string | null, now: Date, timeZone: string): SkipReason | null {
  if (!rule.enabled) return 'disabled';
  if (numberId !== null && rule.numberIds.length > 0 && !rule.numberIds.includes(numberId)) return 'other_number';
  if (!withinHours(rule.activeHours, now, timeZone)) return 'outside_hours';
  return null;
}
