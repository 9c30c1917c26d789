import { z } from 'zod';
import { defineCall } from './call.js';
import { envelopeOf } from './envelope.js';
import { ImportStarted } from './number-import.js';
import { NumberRef, RegistrationNumber } from './registration.js';

/**
 * Where this product's numbers are reached by default: its own local sandbox (the Cloud API
 * emulator, on unless SANDBOX=off) or Meta. The console offers sandbox numbers only for the sandbox.
 */
export const WA_TARGETS = ['sandbox', 'meta'] as const;
export const WaTarget = z.object({ target: z.enum(WA_TARGETS) });
export type WaTarget = z.infer<typeof WaTarget>;

/** Meta's throughput levels and messaging-limit tiers, as the sandbox models them. */
export const SANDBOX_THROUGHPUTS = ['STANDARD', 'HIGH'] as const;
export const SANDBOX_TIERS = ['TIER_250', 'TIER_2K', 'TIER_10K', 'TIER_100K', 'TIER_UNLIMITED'] as const;
export const MAX_SANDBOX_NUMBERS = 50;

const SandboxNumberTraits = z.object({
  throughput: z.enum(SANDBOX_THROUGHPUTS),
  tier: z.enum(SANDBOX_TIERS),
});

/** How many sandbox numbers to make and import, and how they behave. */
export const CreateSandboxNumbers = SandboxNumberTraits.extend({
  count: z.number().int().min(1).max(MAX_SANDBOX_NUMBERS),
});
export type CreateSandboxNumbers = z.infer<typeof CreateSandboxNumbers>;

/** A sandbox number waiting to be registered (like one just added in WhatsApp Manager). */
export const CreateSandboxRegistrationNumber = SandboxNumberTraits;
export type CreateSandboxRegistrationNumber = z.infer<typeof CreateSandboxRegistrationNumber>;

/** The code the sandbox "texted" to a number under registration; null until one was requested. */
export const SandboxCode = z.object({ code: z.string().nullable() });
export type SandboxCode = z.infer<typeof SandboxCode>;

export const sandboxNumberCalls = {
  waTarget: defineCall({
    id: 'wa.target',
    method: 'GET',
    path: '/api/wa/target',
    tag: 'sandbox',
    summary: 'Whether numbers are reached through the local sandbox or through Meta',
    access: 'signed-in',
    kind: 'read',
    reply: envelopeOf(WaTarget),
  }),
  createSandboxNumbers: defineCall({
    id: 'wa.sandbox.numbers',
    method: 'POST',
    path: '/api/wa/sandbox/numbers',
    tag: 'sandbox',
    summary: `Create 1–${MAX_SANDBOX_NUMBERS} numbers in the local sandbox and import them (409 when the target is Meta)`,
    access: ['admin', 'operator'],
    kind: 'create',
    body: CreateSandboxNumbers,
    reply: envelopeOf(ImportStarted),
  }),
  createSandboxRegistrationNumber: defineCall({
    id: 'wa.sandbox.registration',
    method: 'POST',
    path: '/api/wa/sandbox/registration',
    tag: 'sandbox',
    summary:
      'Create an unregistered number in the local sandbox and record it for registration (409 when the target is Meta)',
    access: ['admin'],
    kind: 'create',
    body: CreateSandboxRegistrationNumber,
    reply: envelopeOf(RegistrationNumber),
  }),
  sandboxCode: defineCall({
    id: 'wa.sandbox.code',
    method: 'POST',
    path: '/api/wa/sandbox/code',
    tag: 'sandbox',
    summary:
      'The verification code the local sandbox "texted" to a number under registration (409 when the target is Meta)',
    access: ['admin'],
    kind: 'read',
    body: NumberRef,
    reply: envelopeOf(SandboxCode),
  }),
} as const;
