import { describe, expect, it } from 'vitest';
import { PairRate } from './pair-rate.js';
import {
  type ContactFacts,
  contentRefusal,
  countsTowardLimit,
  type IntentFacts,
  numberRefusal,
  purposeOf,
  WINDOW_MS,
} from './rules.js';
import { TokenBucket } from './token-bucket.js';

const now = Date.UTC(2026, 10, 21, 12);
const hour = 3600_000;

const consented: ContactFacts = {
  optedInAt: now - 48 * hour,
  hasOptInEvidence: true,
  optedOutAt: null,
  optOutChannel: null,
  lastInboundAt: null,
};
const approvedMarketing = { status: 'APPROVED', category: 'MARKETING' as const };

function intent(overrides: Partial<IntentFacts> = {}): IntentFacts {
  return {
    isTemplate: true,
    declaredPurpose: null,
    toGroup: false,
    contact: consented,
    template: approvedMarketing,
    ...overrides,
  };
}

describe('the number rule', () => {
  it('holds a paused number and one Meta does not let send', () => {
    expect(numberRefusal({ paused: false, status: 'CONNECTED' })).toBeNull();
    expect(numberRefusal({ paused: false, status: 'FLAGGED' })).toBeNull();
    expect(numberRefusal({ paused: true, status: 'CONNECTED' })).toBe('number_paused');
    expect(numberRefusal({ paused: false, status: 'RESTRICTED' })).toBe('number_unavailable');
    expect(numberRefusal({ paused: false, status: 'DISCONNECTED' })).toBe('number_unavailable');
  });
});

describe('consent and opt-out (rules 1 and 2)', () => {
  it('sends marketing only with opt-in evidence', () => {
    expect(contentRefusal(intent(), now)).toBeNull();
    expect(contentRefusal(intent({ contact: { ...consented, optedInAt: null } }), now)).toBe('no_consent');
    expect(contentRefusal(intent({ contact: { ...consented, hasOptInEvidence: false } }), now)).toBe('no_consent');
  });

  it('never sends marketing after an opt-out, whatever its channel', () => {
    for (const channel of ['stop_keyword', 'button', 'user_preferences', 'error_131050', 'operator']) {
      const contact = { ...consented, optedOutAt: now - hour, optOutChannel: channel };
      expect(contentRefusal(intent({ contact }), now)).toBe('opted_out');
      const freeForm = intent({
        isTemplate: false,
        declaredPurpose: 'marketing',
        contact: { ...contact, lastInboundAt: now },
      });
      expect(contentRefusal(freeForm, now)).toBe('opted_out');
    }
  });

  it('keeps utility messages after a marketing-only opt-out and stops them after STOP', () => {
    const utility = { status: 'APPROVED', category: 'UTILITY' as const };
    const marketingStop = { ...consented, optedOutAt: now - hour, optOutChannel: 'user_preferences' };
    expect(contentRefusal(intent({ template: utility, contact: marketingStop }), now)).toBeNull();
    // The stop-promotions button (opt-out.ts records the channel `button`) stops marketing only, too.
    const buttonStop = { ...marketingStop, optOutChannel: 'button' };
    expect(contentRefusal(intent({ template: utility, contact: buttonStop }), now)).toBeNull();
    const fullStop = { ...consented, optedOutAt: now - hour, optOutChannel: 'stop_keyword' };
    expect(contentRefusal(intent({ template: utility, contact: fullStop }), now)).toBe('opted_out');
  });

  it('answers a person who opted out and then wrote again, inside that window only', () => {
    const contact = {
      ...consented,
      optedOutAt: now - 2 * hour,
      optOutChannel: 'stop_keyword',
      lastInboundAt: now - hour,
    };
    const reply = intent({ isTemplate: false, declaredPurpose: 'service', template: null, contact });
    expect(contentRefusal(reply, now)).toBeNull();
    const wroteBefore = { ...contact, lastInboundAt: now - 3 * hour };
    expect(contentRefusal({ ...reply, contact: wroteBefore }, now)).toBe('opted_out');
  });

  it('needs no consent for a service reply inside the window', () => {
    const contact = { ...consented, optedInAt: null, hasOptInEvidence: false, lastInboundAt: now - hour };
    expect(contentRefusal(intent({ isTemplate: false, template: null, contact }), now)).toBeNull();
  });
});

describe('a customer the number blocked', () => {
  it('gets nothing from it: no reply in an open window, no template, whatever the consent', () => {
    const blocked = { ...consented, lastInboundAt: now - hour, blocked: true };
    const reply = intent({ isTemplate: false, declaredPurpose: 'service', template: null, contact: blocked });
    expect(contentRefusal(reply, now)).toBe('blocked');
    expect(contentRefusal(intent({ contact: blocked }), now)).toBe('blocked');
    expect(contentRefusal({ ...reply, contact: { ...blocked, blocked: false } }, now)).toBeNull();
  });
});

describe('the 24-hour window (rule 3)', () => {
  const freeForm = (lastInboundAt: number | null) =>
    intent({ isTemplate: false, template: null, declaredPurpose: 'service', contact: { ...consented, lastInboundAt } });

  it('sends free-form only within 24 h of the contact’s last message', () => {
    expect(contentRefusal(freeForm(now - WINDOW_MS + 1000), now)).toBeNull();
    expect(contentRefusal(freeForm(now - WINDOW_MS), now)).toBe('window_closed');
    expect(contentRefusal(freeForm(null), now)).toBe('window_closed');
  });

  it('sends only approved templates outside it', () => {
    expect(contentRefusal(intent({ template: null }), now)).toBe('template_missing');
    expect(contentRefusal(intent({ template: { ...approvedMarketing, status: 'PENDING' } }), now)).toBe(
      'template_not_approved',
    );
    expect(contentRefusal(intent({ template: { ...approvedMarketing, status: 'PAUSED' } }), now)).toBe(
      'template_not_approved',
    );
  });

  it('counts only business-initiated messages toward the messaging limit', () => {
    expect(countsTowardLimit(intent(), now)).toBe(true);
    expect(countsTowardLimit(intent({ contact: { ...consented, lastInboundAt: now - hour } }), now)).toBe(false);
    expect(countsTowardLimit(intent({ toGroup: true, contact: null }), now)).toBe(false);
  });

  it('takes a template’s purpose from its category and free-form from the caller', () => {
    expect(purposeOf(intent())).toBe('marketing');
    expect(purposeOf(intent({ template: { status: 'APPROVED', category: 'UTILITY' } }))).toBe('utility');
    expect(purposeOf(intent({ isTemplate: false, template: null }))).toBe('service');
  });

  it('sends to groups without contact rules', () => {
    expect(contentRefusal(intent({ isTemplate: false, template: null, toGroup: true, contact: null }), now)).toBeNull();
  });
});

describe('pacing (rule 4)', () => {
  it('spends at most the rate once the burst is gone', () => {
    const bucket = new TokenBucket(80, 80, now);
    let sent = 0;
    for (let i = 0; i < 200; i += 1) if (bucket.take(now) === 0) sent += 1;
    expect(sent).toBe(80);
    expect(bucket.take(now)).toBe(13);
    expect(bucket.take(now + 13)).toBe(0);
    let later = 0;
    for (let i = 0; i < 200; i += 1) if (bucket.take(now + 1013) === 0) later += 1;
    expect(later).toBe(80);
  });

  it('starts from empty after Meta’s throughput error and follows a new rate', () => {
    const bucket = new TokenBucket(10, 10, now);
    bucket.drain(now);
    expect(bucket.take(now)).toBe(100);
    bucket.setRate(1000, 1000, now);
    expect(bucket.take(now + 1)).toBe(0);
  });

  it('lets a contact receive one message every 6 s', () => {
    const pairs = new PairRate();
    pairs.record('a', now);
    expect(pairs.waitFor('a', now + 6000)).toBe(0);
    pairs.record('a', now + 6000);
    pairs.record('a', now + 12_000);
    expect(pairs.waitFor('a', now + 12_000)).toBe(0);
  });

  it('lets a contact receive a burst of up to 45 within 6 s, then nothing until 6 s a message have passed', () => {
    const pairs = new PairRate();
    for (let i = 0; i < 45; i += 1) {
      expect(pairs.waitFor('a', now + i * 100)).toBe(0);
      pairs.record('a', now + i * 100);
    }
    expect(pairs.waitFor('a', now + 4500)).toBe(45 * 6000 - 4500);
    expect(pairs.waitFor('b', now + 4500)).toBe(0);
    expect(pairs.waitFor('a', now + 270_000)).toBe(0);
    pairs.prune(now + 270_000);
    expect(pairs.size).toBe(0);
  });

  it('after a burst of 20, holds the contact for the 2 minutes it borrowed', () => {
    const pairs = new PairRate();
    for (let i = 0; i < 20; i += 1) pairs.record('a', now);
    expect(pairs.waitFor('a', now + 1000)).toBe(0);
    expect(pairs.waitFor('a', now + 10_000)).toBe(110_000);
    expect(pairs.waitFor('a', now + 120_000)).toBe(0);
  });

  it('forgets, while it records others, the contacts who owe nothing, and keeps those who do', () => {
    const pairs = new PairRate();
    for (let i = 0; i < 1000; i += 1) pairs.record(`once-${i}`, now + i);
    for (let i = 0; i < 3; i += 1) pairs.record('burst', now + i);
    expect(pairs.size).toBe(1001);
    pairs.record('later', now + 7000);
    expect(pairs.size).toBe(2);
    expect(pairs.waitFor('burst', now + 7000)).toBe(18_000 - 7000);
  });

  it('holds a contact Meta refused (131056) until the given time, burst or not', () => {
    const pairs = new PairRate();
    pairs.record('a', now);
    pairs.holdUntil('a', now + 4000);
    expect(pairs.waitFor('a', now + 1000)).toBe(5000);
    pairs.holdUntil('a', now + 64_000);
    expect(pairs.waitFor('a', now + 6000)).toBe(58_000);
    expect(pairs.waitFor('a', now + 64_000)).toBe(0);
    pairs.prune(now + 70_000);
    expect(pairs.size).toBe(0);
  });
});
