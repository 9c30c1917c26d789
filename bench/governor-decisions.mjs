// Cost of the send governor's per-message decision: the rules, the pair rate and the token
// bucket, as a lane applies them to each message of a batch. Needs `npm run build` first.
import { PairRate } from '../apps/server/dist/whatsapp/governor/pair-rate.js';
import { contentRefusal, countsTowardLimit, numberRefusal } from '../apps/server/dist/whatsapp/governor/rules.js';
import { TokenBucket } from '../apps/server/dist/whatsapp/governor/token-bucket.js';

const DECISIONS = 2_000_000;
const start = Date.now();
const intents = Array.from({ length: 1000 }, (_, index) => ({
  isTemplate: index % 3 !== 0,
  declaredPurpose: index % 3 === 0 ? 'service' : null,
  toGroup: false,
  template: { status: index % 50 === 0 ? 'PAUSED' : 'APPROVED', category: index % 2 ? 'MARKETING' : 'UTILITY' },
  contact: {
    optedInAt: index % 10 === 7 ? null : start - 86_400_000 * 30,
    hasOptInEvidence: index % 10 !== 7,
    optedOutAt: index % 37 === 5 ? start - 86_400_000 : null,
    optOutChannel: index % 37 === 5 ? 'stop_keyword' : null,
    lastInboundAt: index % 4 === 0 ? start - 3_600_000 : null,
  },
}));
const number = { paused: false, status: 'CONNECTED' };

function run(count) {
  const pairs = new PairRate();
  const bucket = new TokenBucket(1e9, 1e9, 0);
  let sent = 0;
  let refused = 0;
  let deferred = 0;
  for (let i = 0; i < count; i += 1) {
    const now = start + i / 100; // 100 000 decisions a simulated second
    const intent = intents[i % intents.length];
    if (numberRefusal(number) || contentRefusal(intent, now)) {
      refused += 1;
      continue;
    }
    countsTowardLimit(intent, now);
    const recipient = `4470${i % 50_000}`;
    if (pairs.waitFor(recipient, now) > 0) {
      deferred += 1;
      continue;
    }
    pairs.record(recipient, now);
    if (bucket.take(now) === 0) sent += 1;
  }
  return { sent, refused, deferred };
}

run(200_000); // warm-up
const began = process.hrtime.bigint();
const outcome = run(DECISIONS);
const elapsedNs = Number(process.hrtime.bigint() - began);
console.log(
  JSON.stringify({
    decisions: DECISIONS,
    nsPerDecision: Math.round(elapsedNs / DECISIONS),
    decisionsPerSecond: Math.round(DECISIONS / (elapsedNs / 1e9)),
    ...outcome,
  }),
);
