import {
  type AddedEgressIps,
  type IpLineError,
  type Language,
  MAX_IP_LINES,
  type NewEgressIps,
  type ProxyAddress,
} from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { addressKey, insertIps, type NewIp } from './ip-repository.js';
import { checkedGroupId, duplicateAddress, knownGroup } from './ip-rules.js';
import { ipOwner } from './ip-scope.js';
import { type ParsedLine, parseProxyLines } from './proxy-lines.js';

/**
 * Adds one IP (a duplicate address is a 409) or a bulk paste. A paste adds every good line and
 * reports the others (bad, repeated in the paste, or already there); a paste with nothing to add
 * is refused as a whole: 400 when a line is bad, 409 when every line was already there.
 */
export async function addEgressIps(
  context: AppContext,
  caller: Scope,
  input: NewEgressIps,
  language: Language,
): Promise<AddedEgressIps> {
  const owner = ipOwner(caller, input.scope, 'write');
  const groupId = await checkedGroupId(context.pool, owner, input.groupId);
  const seal = (address: ProxyAddress): NewIp => ({
    ...address,
    passwordSealed: address.password ? context.whatsapp.tokenCipher.encrypt(address.password) : null,
  });
  const common = { groupId: groupId ?? null, remark: input.remark };

  if (input.lines === undefined) {
    const address = {
      protocol: input.protocol,
      host: input.host as string,
      port: input.port as number,
      username: input.username,
      password: input.password || null,
    };
    const added = await knownGroup(() => insertIps(context.pool, owner, common, [seal(address)]));
    const id = added.get(addressKey(address));
    if (!id) throw duplicateAddress();
    return { ids: [id], errors: [] };
  }

  const lines = parseProxyLines(input.lines, input.protocol);
  if (lines.length > MAX_IP_LINES) {
    throw errors.invalid('lines', `最多 ${MAX_IP_LINES} 行`, `at most ${MAX_IP_LINES} lines at a time`);
  }
  const report: IpLineError[] = [];
  const reportLine = (line: ParsedLine, message: { zh: string; en: string }) =>
    report.push({ line: line.line, text: line.text, message: message[language] });
  const firstLineOf = new Map<string, number>();
  const unique: { line: ParsedLine; address: ProxyAddress }[] = [];
  const badLines = lines.filter((line) => line.problem);
  for (const line of lines) {
    if (line.problem) reportLine(line, line.problem);
    if (!line.address) continue;
    const key = addressKey(line.address);
    const first = firstLineOf.get(key);
    if (first !== undefined) {
      reportLine(line, { zh: `与第 ${first} 行重复`, en: `repeats line ${first}` });
      continue;
    }
    firstLineOf.set(key, line.line);
    unique.push({ line, address: line.address });
  }
  if (lines.length === 0) throw errors.invalid('lines', '请至少填写一行代理', 'at least one proxy line is required');
  const refuseBadPaste = () => {
    const bad = badLines[0] as ParsedLine & { problem: { zh: string; en: string } };
    return errors.invalid('lines', `第 ${bad.line} 行：${bad.problem.zh}`, `line ${bad.line}: ${bad.problem.en}`);
  };
  if (unique.length === 0) throw refuseBadPaste();

  const added = await knownGroup(() =>
    insertIps(
      context.pool,
      owner,
      common,
      unique.map(({ address }) => seal(address)),
    ),
  );
  const ids: string[] = [];
  for (const { line, address } of unique) {
    const id = added.get(addressKey(address));
    if (id) ids.push(id);
    else reportLine(line, { zh: '该 IP 已存在', en: 'this IP already exists' });
  }
  if (ids.length === 0) throw badLines.length > 0 ? refuseBadPaste() : duplicateAddress();
  report.sort((a, b) => a.line - b.line);
  return { ids, errors: report };
}
