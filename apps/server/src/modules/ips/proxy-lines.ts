import { type IpProtocol, type ProxyAddress, ProxyHost, ProxyPassword, ProxyPort, ProxyUsername } from '@ws/contract';
import type { LocalizedText } from '../../platform/http/errors.js';

export interface ParsedLine {
  /** 1-based line number in the paste. */
  line: number;
  /** The line with its password masked, to show in reports. */
  text: string;
  address?: ProxyAddress;
  problem?: LocalizedText;
}

const URL_FORM = /^(https?):\/\/(?:([^:@/]*)(?::([^@/]*))?@)?(\[[^\]]*\]|[^:/@[\]]+)(?::([^/]*))?\/?$/i;
const BRACKETED_FORM = /^(\[[^\]]*\])(?::([^:]*))?(?::([^:]*)(?::(.*))?)?$/;

const problem = (zh: string, en: string): LocalizedText => ({ zh, en });

interface RawParts {
  protocol: IpProtocol;
  host: string;
  port: string | undefined;
  username: string;
  password: string | null;
}

/** Splits one line in any accepted form; percent-escapes are decoded in the URL form only. */
function splitLine(text: string, protocol: IpProtocol): RawParts | LocalizedText {
  const url = URL_FORM.exec(text);
  if (url) {
    try {
      return {
        protocol: (url[1] as string).toLowerCase() as IpProtocol,
        host: url[4] as string,
        port: url[5],
        username: decodeURIComponent(url[2] ?? ''),
        password: url[3] === undefined ? null : decodeURIComponent(url[3]),
      };
    } catch {
      return problem('用户名或密码的 % 转义无效', 'the user name or password has an invalid % escape');
    }
  }
  if (text.includes('://'))
    return problem('只支持 http:// 和 https:// 代理', 'only http:// and https:// proxies are supported');
  const bracketed = BRACKETED_FORM.exec(text);
  if (bracketed) {
    const [, host, port, username, password] = bracketed;
    return { protocol, host: host as string, port, username: username ?? '', password: password ?? null };
  }
  const [host = '', port, username = '', ...password] = text.split(':');
  return { protocol, host, port, username, password: password.length ? password.join(':') : null };
}

/** The address of one line, or what is wrong with it. */
function parseLine(text: string, protocol: IpProtocol): ProxyAddress | LocalizedText {
  const parts = splitLine(text, protocol);
  if ('zh' in parts) return parts;
  const host = ProxyHost.safeParse(parts.host);
  if (!host.success) return problem('host: 不是有效的主机名或 IP 地址', 'host: must be a host name or an IP address');
  if (parts.port === undefined || parts.port === '') return problem('port: 缺少端口', 'port: is required');
  const port = ProxyPort.safeParse(/^\d{1,5}$/.test(parts.port) ? Number(parts.port) : Number.NaN);
  if (!port.success) return problem('port: 必须是 1 到 65535 的整数', 'port: must be a whole number from 1 to 65535');
  const username = ProxyUsername.safeParse(parts.username);
  if (!username.success) {
    return problem(
      'username: 最多 128 个字符，不能有空格或冒号',
      'username: at most 128 characters, no spaces or colons',
    );
  }
  if (parts.password !== null && !ProxyPassword.safeParse(parts.password).success) {
    return problem('password: 最多 256 个字符', 'password: at most 256 characters');
  }
  return {
    protocol: parts.protocol,
    host: host.data,
    port: port.data,
    username: username.data,
    password: parts.password || null,
  };
}

/** The line as shown back: its password replaced by ***. */
function masked(text: string): string {
  const shown = URL_FORM.test(text)
    ? text.replace(/^([^:]+:\/\/[^:@/]*:)[^@/]*@/, '$1***@')
    : text.replace(text.startsWith('[') ? /^(\[[^\]]*\]:[^:]*:[^:]*:).+$/ : /^([^:]*:[^:]*:[^:]*:).+$/, '$1***');
  return shown.length > 120 ? `${shown.slice(0, 117)}...` : shown;
}

/**
 * A bulk paste, one proxy per line: `host:port`, `host:port:user:pass` (the password may hold
 * colons), `[ipv6]:port[:user:pass]`, or `http(s)://user:pass@host:port`. Blank lines and lines
 * starting with # are skipped; `protocol` applies to lines without a scheme.
 */
export function parseProxyLines(paste: string, protocol: IpProtocol): ParsedLine[] {
  const parsed: ParsedLine[] = [];
  for (const [index, raw] of paste.split(/\r?\n/).entries()) {
    const text = raw.trim();
    if (!text || text.startsWith('#')) continue;
    const result = parseLine(text, protocol);
    const line = index + 1;
    parsed.push(
      'zh' in result ? { line, text: masked(text), problem: result } : { line, text: masked(text), address: result },
    );
  }
  return parsed;
}
