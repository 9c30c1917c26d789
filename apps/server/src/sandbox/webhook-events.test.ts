import { describe, expect, it } from 'vitest';
import { MessageStatus } from '../whatsapp/meta/webhook-payload.js';
import { ByteWriter } from './byte-writer.js';
import { webhookErrors } from './graph-errors.js';
import type { LoggedMessage } from './state.js';
import { statusOf, writeStatusJson } from './webhook-events.js';

const message = (fields: Partial<LoggedMessage> = {}): LoggedMessage => ({
  id: 'wamid.HBgLMTY1MDU1NTAwMDEVAgARGBIxOjAwMDAwMDAwMDAwMDAwMDE=',
  direction: 'out',
  phoneNumberId: '106540352242922',
  waId: '16505550001',
  recipientType: 'individual',
  type: 'template',
  status: 'accepted',
  category: 'marketing',
  timestamp: 1_750_000_000_000,
  body: {},
  ...fields,
});

describe('status webhooks', () => {
  const cases: [string, LoggedMessage, 'sent' | 'delivered' | 'read' | 'failed', object][] = [
    ['a sent template', message(), 'sent', {}],
    ['a delivered free-form reply', message({ category: 'service', type: 'text' }), 'delivered', {}],
    ['a read utility template', message({ category: 'utility' }), 'read', {}],
    ['a failed one', message(), 'failed', { error: webhookErrors.marketingStopped() }],
    ['one with callback data', message({ callbackData: 'campaign "7"' }), 'sent', {}],
    [
      'one to a group participant',
      message({ recipientType: 'group', waId: 'Z3JvdXA' }),
      'read',
      { participant: '16505550002' },
    ],
  ];

  it.each(cases)(
    'serialize %s exactly as the typed builder does, in a shape intake accepts',
    (_name, sent, status, extra) => {
      const at = 1_750_000_123_456;
      const out = new ByteWriter(16);
      writeStatusJson(out, sent, status, at, extra);
      const json = out.toString();
      expect(json).toBe(JSON.stringify(statusOf(sent, status, at, extra)));
      expect(MessageStatus.safeParse(JSON.parse(json)).success).toBe(true);
    },
  );
});
