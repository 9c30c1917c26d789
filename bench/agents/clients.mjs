// A client thread of bench/agents.mjs: holds its share of the agents' sockets on GET /ws (and the
// supervisors' in the first thread), signed in with the auth message like the seat client, and
// records what each socket receives: every inbound message event of the bench with its time, and
// every event about a conversation that went to an agent whose conversation it is not.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const now = () => performance.timeOrigin + performance.now();
/** Events about one conversation (they name its number and contact). */
const CONVERSATION_KEY = (data) =>
  data && data.number_id !== undefined && data.contact_id ? `${data.number_id}:${data.contact_id}` : undefined;
const BENCH_TEXT = /^bench (\d+)$/;

const { url, receivers } = workerData;
/** Conversation key → its agent's user id, once the main thread knows the assignments. */
let owners = new Map();
let recording = false;
let record = fresh();
let closed = 0;
const sockets = [];

function fresh() {
  return {
    // Inbound messages of the bench as received: its sequence number, when, by whom.
    seq: [],
    at: [],
    receiver: [],
    eventsByType: {},
    /** Events about a conversation delivered to an agent whose conversation it is not, by type. */
    misdelivered: {},
    misdeliveredSamples: [],
    /** Events about a conversation the bench did not make (none expected). */
    unknownConversation: 0,
  };
}

function onEvent(receiver, text) {
  if (!recording || !text.startsWith('{"type":"event"')) return;
  const at = now();
  const { event } = JSON.parse(text);
  record.eventsByType[event.type] = (record.eventsByType[event.type] ?? 0) + 1;
  const key = CONVERSATION_KEY(event.data);
  if (key !== undefined && !receiver.supervisor) {
    const owner = owners.get(key);
    if (owner === undefined) record.unknownConversation += 1;
    else if (owner !== receiver.userId) {
      record.misdelivered[event.type] = (record.misdelivered[event.type] ?? 0) + 1;
      if (record.misdeliveredSamples.length < 10)
        record.misdeliveredSamples.push({ type: event.type, key, owner, to: receiver.userId });
    }
  }
  if (event.type === 'message.created' && event.data.direction === 'in') {
    const match = BENCH_TEXT.exec(event.data.preview);
    if (match) {
      record.seq.push(Number(match[1]));
      record.at.push(at);
      record.receiver.push(receiver.index);
    }
  }
}

function open(receiver) {
  return new Promise((resolve) => {
    const socket = new WebSocket(url);
    sockets.push(socket);
    let ready = false;
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed += 1;
      if (!ready) resolve(false);
    });
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token: receiver.token })));
    socket.on('message', (data) => {
      const text = data.toString();
      if (!ready && text.startsWith('{"type":"ready"')) {
        ready = true;
        resolve(true);
        return;
      }
      onEvent(receiver, text);
    });
  });
}

let refused = 0;
for (let first = 0; first < receivers.length; first += 100) {
  const batch = receivers.slice(first, first + 100);
  const opened = await Promise.all(batch.map(open));
  refused += opened.filter((ok) => !ok).length;
}
parentPort.postMessage({ kind: 'open', refused });

parentPort.on('message', (message) => {
  if (message.kind === 'owners') owners = new Map(message.owners);
  else if (message.kind === 'record') {
    record = fresh();
    recording = true;
  } else if (message.kind === 'report') {
    recording = message.keepRecording === true;
    const seq = Int32Array.from(record.seq);
    const at = Float64Array.from(record.at);
    const receiver = Int32Array.from(record.receiver);
    const { eventsByType, misdelivered, misdeliveredSamples, unknownConversation } = record;
    parentPort.postMessage(
      {
        kind: 'report',
        seq,
        at,
        receiver,
        eventsByType,
        misdelivered,
        misdeliveredSamples,
        unknownConversation,
        closed,
      },
      [seq.buffer, at.buffer, receiver.buffer],
    );
    record = fresh();
  } else if (message.kind === 'stop') {
    for (const socket of sockets) socket.terminate();
    parentPort.close();
  }
});
