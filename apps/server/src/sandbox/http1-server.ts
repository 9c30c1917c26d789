import net from 'node:net';

/**
 * The sandbox's HTTP/1.1 server: a lean one over `net`, because node:http's per-request objects,
 * streams and events cost a third of a send at tens of thousands of sends a second. It reads
 * what clients of a Graph-like API send (Content-Length or chunked bodies, `Expect:
 * 100-continue`, keep-alive, pipelining, HTTP/1.0), answers in order, and refuses anything
 * else with the status node:http would give, then closes the connection.
 */
export interface Http1Request {
  method: string;
  path: string;
  /** The query string without `?`. */
  search: string;
  /** Header names in lower case; a repeated header's values joined with `, `. */
  headers: Record<string, string>;
  body: Buffer;
}

export interface Http1Reply {
  status: number;
  contentType: string;
  body: Buffer | string;
}

export interface Http1Options {
  /** Answers one request; a promise for slow work (replies still go out in request order). */
  handle: (request: Http1Request) => Http1Reply | Promise<Http1Reply>;
  /** The largest body allowed for a request, from its method and path; larger ones get 413. */
  bodyLimit: (method: string, path: string) => number;
  /** The reply to a body over `bodyLimit` (413); the connection then closes. */
  tooLarge: (method: string, path: string, limit: number) => Http1Reply;
  /** Called when `handle` throws or rejects; the client gets this reply. */
  onError: (error: unknown, request: Http1Request) => Http1Reply;
  maxHeaderBytes?: number;
  keepAliveMs?: number;
}

const REASONS: Record<number, string> = {
  100: 'Continue',
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
  505: 'HTTP Version Not Supported',
};
const HEAD_END = Buffer.from('\r\n\r\n');
const MAX_UNREAD_REPLY_BYTES = 4 * 1024 * 1024;
const EMPTY = Buffer.alloc(0);
const CRLF = Buffer.from('\r\n');
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const CHUNK_SIZE = /^([0-9a-fA-F]{1,8})(?:;.*)?$/;

/** A request the client got wrong: answered with `status` and the connection closed. */
class FramingError extends Error {
  constructor(readonly status: number) {
    super(REASONS[status]);
  }
}

/** A body over the limit: refused with the server's own 413 reply. */
class TooLargeError extends Error {}

let cachedDate = '';
let cachedDateSecond = 0;
function httpDate(): string {
  const second = Math.floor(Date.now() / 1000);
  if (second !== cachedDateSecond) {
    cachedDateSecond = second;
    cachedDate = new Date(second * 1000).toUTCString();
  }
  return cachedDate;
}

/** The bytes of a reply; HEAD gets the headers only. */
function replyBytes(reply: Http1Reply, keepAlive: boolean, head: boolean): string | Buffer {
  const length = typeof reply.body === 'string' ? Buffer.byteLength(reply.body) : reply.body.length;
  const top =
    `HTTP/1.1 ${reply.status} ${REASONS[reply.status] ?? 'Unknown'}\r\ncontent-type: ${reply.contentType}\r\n` +
    `content-length: ${length}\r\ndate: ${httpDate()}\r\nconnection: ${keepAlive ? 'keep-alive' : 'close'}\r\n\r\n`;
  if (head) return top;
  return typeof reply.body === 'string' ? top + reply.body : Buffer.concat([Buffer.from(top, 'latin1'), reply.body]);
}

interface Head {
  method: string;
  path: string;
  search: string;
  headers: Record<string, string>;
  keepAlive: boolean;
}

function parseHead(text: string): Head {
  const lines = text.split('\r\n');
  const [method = '', target = '', version = '', extra] = (lines[0] as string).split(' ');
  if (!TOKEN.test(method) || !target.startsWith('/') || extra !== undefined) throw new FramingError(400);
  if (version !== 'HTTP/1.1' && version !== 'HTTP/1.0') throw new FramingError(505);
  const headers: Record<string, string> = {};
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index] as string;
    const colon = line.indexOf(':');
    const name = line.slice(0, colon);
    // No name, whitespace before the colon, or a folded line: all refused, as node:http does.
    if (colon <= 0 || !TOKEN.test(name)) throw new FramingError(400);
    const key = name.toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[key] = headers[key] === undefined ? value : `${headers[key]}, ${value}`;
  }
  const connection = (headers.connection ?? '').toLowerCase();
  const keepAlive = version === 'HTTP/1.1' ? !connection.includes('close') : connection.includes('keep-alive');
  const queryAt = target.indexOf('?');
  return {
    method,
    path: queryAt === -1 ? target : target.slice(0, queryAt),
    search: queryAt === -1 ? '' : target.slice(queryAt + 1),
    headers,
    keepAlive,
  };
}

/** One connection: bytes in, requests parsed one after another, replies written in order. */
class Connection {
  private input: Buffer = Buffer.alloc(0);
  private head: Head | undefined;
  /** Bytes of the body still to come (Content-Length), or -1 while reading chunks. */
  private remaining = 0;
  private chunked = false;
  private chunkLeft = 0;
  private inTrailers = false;
  private body: Buffer[] = [];
  private bodySize = 0;
  private limit = 0;
  private readonly replies: { ready: boolean; bytes: string | Buffer; close: boolean }[] = [];
  private closing = false;
  private peerDone = false;

  constructor(
    private readonly socket: net.Socket,
    private readonly options: Http1Options,
  ) {}

  receive(chunk: Buffer): void {
    if (this.closing) return;
    if (chunk.length > 0) this.input = this.input.length === 0 ? chunk : Buffer.concat([this.input, chunk]);
    // Stopped for room, the replies written may all have gone to the kernel at the uncork: then
    // go on at once (nothing else would call again: the client may have sent everything already).
    while (this.answer() && this.socket.writableLength <= MAX_UNREAD_REPLY_BYTES);
    // A client that sends without reading replies: stop reading and answering until it has
    // taken them, then go on with what it already sent.
    if (this.socket.writableLength > MAX_UNREAD_REPLY_BYTES && !this.socket.isPaused()) {
      this.socket.pause();
      this.socket.once('drain', () => {
        this.socket.resume();
        this.receive(EMPTY);
      });
    }
  }

  /** Answers what the input holds, corked; true when it stopped for room rather than for input. */
  private answer(): boolean {
    let full = false;
    this.socket.cork();
    try {
      while (!this.closing) {
        if (this.socket.writableLength > MAX_UNREAD_REPLY_BYTES) {
          full = true;
          break;
        }
        if (!this.step()) break;
      }
    } catch (error) {
      if (error instanceof TooLargeError && this.head) {
        this.refuse(this.options.tooLarge(this.head.method, this.head.path, this.limit));
      } else if (error instanceof FramingError) {
        const body = JSON.stringify({ error: { message: `${error.status} ${REASONS[error.status]}` } });
        this.refuse({ status: error.status, contentType: 'application/json; charset=UTF-8', body });
      } else {
        throw error;
      }
    } finally {
      this.socket.uncork();
    }
    return full && !this.closing;
  }

  /** Parses what the input allows; false once more bytes are needed. */
  private step(): boolean {
    if (!this.head) return this.readHead();
    if (this.chunked) return this.readChunk();
    const take = Math.min(this.remaining, this.input.length);
    if (take > 0) this.takeBody(take);
    if (this.remaining > 0) return false;
    this.finishRequest();
    return true;
  }

  private readHead(): boolean {
    const max = this.options.maxHeaderBytes ?? 64 * 1024;
    const end = this.input.indexOf(HEAD_END);
    if (end === -1) {
      if (this.input.length > max) throw new FramingError(431);
      return false;
    }
    if (end > max) throw new FramingError(431);
    const head = parseHead(this.input.toString('latin1', 0, end));
    this.input = this.input.subarray(end + 4);
    const { headers } = head;
    const encoding = headers['transfer-encoding'];
    const declared = headers['content-length'];
    if (encoding !== undefined) {
      if (encoding.toLowerCase() !== 'chunked') throw new FramingError(501);
      if (declared !== undefined) throw new FramingError(400);
    } else if (declared !== undefined && !/^\d{1,15}$/.test(declared)) {
      throw new FramingError(400);
    }
    this.head = head;
    this.chunked = encoding !== undefined;
    this.remaining = this.chunked ? -1 : Number(declared ?? 0);
    this.chunkLeft = 0;
    this.inTrailers = false;
    this.body = [];
    this.bodySize = 0;
    this.limit = this.options.bodyLimit(head.method, head.path);
    if (!this.chunked && this.remaining > this.limit) throw new TooLargeError();
    if (headers.expect?.toLowerCase() === '100-continue' && head.method !== 'GET') {
      this.socket.write('HTTP/1.1 100 Continue\r\n\r\n');
    }
    return true;
  }

  private takeBody(count: number): void {
    this.body.push(this.input.subarray(0, count));
    this.bodySize += count;
    this.input = this.input.subarray(count);
    if (this.remaining > 0) this.remaining -= count;
    if (this.bodySize > this.limit) throw new TooLargeError();
  }

  private readChunk(): boolean {
    if (this.chunkLeft > 0) {
      const take = Math.min(this.chunkLeft, this.input.length);
      if (take === 0) return false;
      this.takeBody(take);
      this.chunkLeft -= take;
      if (this.chunkLeft > 0) return false;
      this.chunkLeft = -2; // the CRLF after the data
      return true;
    }
    const lineEnd = this.input.indexOf(CRLF);
    if (lineEnd === -1) {
      if (this.input.length > 4096) throw new FramingError(400);
      return false;
    }
    const line = this.input.toString('latin1', 0, lineEnd);
    this.input = this.input.subarray(lineEnd + 2);
    if (this.chunkLeft === -2) {
      if (line !== '') throw new FramingError(400);
      this.chunkLeft = 0;
      return true;
    }
    if (this.inTrailers) {
      if (line === '') this.finishRequest();
      return true;
    }
    const size = CHUNK_SIZE.exec(line);
    if (!size) throw new FramingError(400);
    this.chunkLeft = Number.parseInt(size[1] as string, 16);
    if (this.chunkLeft === 0) this.inTrailers = true;
    return true;
  }

  private finishRequest(): void {
    const head = this.head as Head;
    this.head = undefined;
    this.chunked = false;
    const request: Http1Request = {
      method: head.method,
      path: head.path,
      search: head.search,
      headers: head.headers,
      body: this.body.length === 1 ? (this.body[0] as Buffer) : Buffer.concat(this.body),
    };
    this.body = [];
    const slot = { ready: false, bytes: '' as string | Buffer, close: !head.keepAlive };
    this.replies.push(slot);
    if (!head.keepAlive) this.closing = true;
    const settle = (reply: Http1Reply) => {
      slot.bytes = replyBytes(reply, head.keepAlive, head.method === 'HEAD');
      slot.ready = true;
      this.flushReplies();
    };
    let reply: Http1Reply | Promise<Http1Reply>;
    try {
      reply = this.options.handle(request);
    } catch (error) {
      reply = this.options.onError(error, request);
    }
    if (reply instanceof Promise) {
      reply.then(settle, (error) => settle(this.options.onError(error, request)));
    } else {
      settle(reply);
    }
  }

  private flushReplies(): void {
    while (this.replies.length > 0 && (this.replies[0] as { ready: boolean }).ready) {
      const slot = this.replies.shift() as { bytes: string | Buffer; close: boolean };
      if (this.socket.destroyed) return;
      this.socket.write(slot.bytes);
      if (slot.close) {
        this.socket.end();
        return;
      }
    }
    if (this.peerDone && this.replies.length === 0) this.socket.end();
  }

  /** The client finished sending: what it asked is still answered, then the connection ends. */
  peerEnded(): void {
    this.peerDone = true;
    this.closing = true;
    if (this.replies.length === 0) this.socket.end();
  }

  /** A framing error: answered after the replies already owed, then the connection closes. */
  private refuse(reply: Http1Reply): void {
    this.closing = true;
    this.head = undefined;
    this.replies.push({ ready: true, bytes: replyBytes(reply, false, false), close: true });
    this.flushReplies();
  }
}

export interface Http1Server extends net.Server {
  /** Ends every open connection at once (for stop). */
  closeAllConnections(): void;
}

export function createHttp1Server(options: Http1Options): Http1Server {
  const sockets = new Set<net.Socket>();
  const server = net.createServer({ noDelay: true, allowHalfOpen: true }, (socket) => {
    sockets.add(socket);
    const connection = new Connection(socket, options);
    socket.setTimeout(options.keepAliveMs ?? 65_000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => connection.receive(chunk));
    socket.on('end', () => connection.peerEnded());
    socket.on('error', () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
  }) as Http1Server;
  server.closeAllConnections = () => {
    for (const socket of sockets) socket.destroy();
  };
  return server;
}
