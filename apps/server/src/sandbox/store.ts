import { hash32, Prng, streamSeed } from './prng.js';
import {
  type LoggedMessage,
  MessageLog,
  type PersistedState,
  type SandboxCustomer,
  type SandboxGroup,
  type SandboxMedia,
  type SandboxNumber,
  type SandboxTemplate,
  type SandboxWaba,
} from './state.js';

const FIRST_NAMES = [
  'Ana',
  'Ben',
  'Chen',
  'Divya',
  'Emeka',
  'Farah',
  'Gabriel',
  'Hana',
  'Ivan',
  'Julia',
  'Kenji',
  'Lina',
];
const LAST_NAMES = ['Silva', 'Nguyen', 'Okafor', 'Müller', 'Haddad', 'Kowalski', 'Tanaka', 'Rossi', 'Patel', 'Garcia'];
const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Whether a message id is one this sandbox gave to a message sent by a business number. */
export function isOutboundMessageId(id: string): boolean {
  if (!id.startsWith('wamid.HBgL')) return false;
  return Buffer.from(id.slice('wamid.HBgL'.length), 'base64').toString('latin1').includes('\u0015\u0002\u0000\u0011');
}

const templateKey = (wabaId: string, name: string, language: string) => `${wabaId}\u0000${name}\u0000${language}`;

/** A customer's profile name: the one set, or a made-up one that stays the same for the wa_id. */
export function customerName(customer: SandboxCustomer): string {
  if (customer.name) return customer.name;
  const hash = hash32(customer.waId);
  return `${FIRST_NAMES[hash % FIRST_NAMES.length]} ${LAST_NAMES[(hash >>> 8) % LAST_NAMES.length]}`;
}

/** How many logged messages the state file keeps (the in-memory log may hold more). */
const PERSISTED_MESSAGES = 2_000;

/**
 * The sandbox's records with their indexes, and the ids it hands out. Ids come from a seeded
 * stream, so a fresh sandbox with the same seed creates the same ids.
 */
export class SandboxStore {
  readonly wabas = new Map<string, SandboxWaba>();
  readonly numbers = new Map<string, SandboxNumber>();
  readonly numbersByToken = new Map<string, SandboxNumber>();
  readonly templates = new Map<string, SandboxTemplate>();
  private readonly templatesByKey = new Map<string, SandboxTemplate>();
  readonly customers = new Map<string, SandboxCustomer>();
  /** BSUID to the customer and WABA it was given for. */
  readonly customersByUserId = new Map<string, { customer: SandboxCustomer; wabaId: string }>();
  readonly groups = new Map<string, SandboxGroup>();
  readonly groupsByInvite = new Map<string, SandboxGroup>();
  readonly media = new Map<string, SandboxMedia>();
  readonly messages: MessageLog;
  private sequence = 0;
  private idRng: Prng;
  /** Called whenever something the state file keeps has changed. */
  onChange: () => void = () => undefined;

  constructor(
    readonly seed: number,
    messageLogLimit: number,
  ) {
    this.messages = new MessageLog(messageLogLimit);
    this.idRng = new Prng(streamSeed(seed, 'ids'));
  }

  changed(): void {
    this.onChange();
  }

  /** A numeric Graph id of 15 or 16 digits that no record uses yet. */
  numericId(): string {
    for (;;) {
      const id = `${1 + Math.floor(this.idRng.next() * 9)}${this.digits(14)}`;
      if (!this.isKnownId(id)) return id;
    }
  }

  /** An access token shaped like Meta's (they start with EAA). */
  accessToken(): string {
    return `EAAS${this.code(120)}`;
  }

  /** A short code, e.g. for group invite links. */
  code(length: number): string {
    let code = '';
    for (let index = 0; index < length; index++)
      code += TOKEN_ALPHABET[Math.floor(this.idRng.next() * TOKEN_ALPHABET.length)];
    return code;
  }

  digits(count: number): string {
    let digits = '';
    for (let index = 0; index < count; index++) digits += Math.floor(this.idRng.next() * 10);
    return digits;
  }

  /**
   * A WhatsApp message id, unique across restarts thanks to the persisted sequence. Laid out like
   * Meta's (base64 of the wa_id and a direction byte: 0x11 sent by the business, 0x12 received).
   */
  messageId(waId: string, direction: 'out' | 'in'): string {
    this.sequence++;
    const marker = direction === 'out' ? '\u0011' : '\u0012';
    const inner = `${waId}\u0015\u0002\u0000${marker}\u0018\u0012${this.seed.toString(16)}:${this.sequence.toString(16).toUpperCase()}`;
    return `wamid.HBgL${Buffer.from(inner, 'latin1').toString('base64')}`;
  }

  isKnownId(id: string): boolean {
    return (
      this.numbers.has(id) || this.wabas.has(id) || this.templates.has(id) || this.media.has(id) || this.groups.has(id)
    );
  }

  addNumber(number: SandboxNumber): void {
    this.numbers.set(number.id, number);
    this.numbersByToken.set(number.accessToken, number);
    this.changed();
  }

  setToken(number: SandboxNumber, token: string): void {
    this.numbersByToken.delete(number.accessToken);
    number.accessToken = token;
    this.numbersByToken.set(token, number);
    this.changed();
  }

  numbersOf(wabaId: string): SandboxNumber[] {
    return [...this.numbers.values()].filter((number) => number.wabaId === wabaId);
  }

  templatesOf(wabaId: string): SandboxTemplate[] {
    return [...this.templates.values()].filter((template) => template.wabaId === wabaId);
  }

  findTemplate(wabaId: string, name: string, language: string): SandboxTemplate | undefined {
    return this.templatesByKey.get(templateKey(wabaId, name, language));
  }

  addTemplate(template: SandboxTemplate): void {
    this.templates.set(template.id, template);
    this.templatesByKey.set(templateKey(template.wabaId, template.name, template.language), template);
    this.changed();
  }

  removeTemplate(template: SandboxTemplate): void {
    this.templates.delete(template.id);
    this.templatesByKey.delete(templateKey(template.wabaId, template.name, template.language));
    this.changed();
  }

  /** The customer with this wa_id, created with default behaviour when the sandbox has none. */
  customer(waId: string): SandboxCustomer {
    let customer = this.customers.get(waId);
    if (!customer) {
      customer = this.newCustomer(waId, undefined);
      this.customers.set(waId, customer);
      this.changed();
    }
    return customer;
  }

  newCustomer(waId: string, name: string | undefined): SandboxCustomer {
    const customer: SandboxCustomer = { waId, rng: streamSeed(this.seed, waId), pairDue: {} };
    if (name) customer.name = name;
    return customer;
  }

  addGroup(group: SandboxGroup): void {
    this.groups.set(group.id, group);
    this.groupsByInvite.set(group.inviteCode, group);
    this.changed();
  }

  setInviteCode(group: SandboxGroup, code: string): void {
    this.groupsByInvite.delete(group.inviteCode);
    group.inviteCode = code;
    this.groupsByInvite.set(code, group);
    this.changed();
  }

  removeGroup(group: SandboxGroup): void {
    this.groups.delete(group.id);
    this.groupsByInvite.delete(group.inviteCode);
    this.changed();
  }

  logMessage(message: LoggedMessage): void {
    this.messages.add(message);
  }

  clear(): void {
    for (const map of [
      this.wabas,
      this.numbers,
      this.numbersByToken,
      this.templates,
      this.templatesByKey,
      this.customers,
      this.customersByUserId,
      this.groups,
      this.groupsByInvite,
      this.media,
    ]) {
      map.clear();
    }
    this.messages.clear();
    this.sequence = 0;
    this.idRng = new Prng(streamSeed(this.seed, 'ids'));
    this.changed();
  }

  toJSON(): PersistedState {
    return {
      version: 1,
      seed: this.seed,
      sequence: this.sequence,
      idRng: this.idRng.state,
      wabas: [...this.wabas.values()],
      numbers: [...this.numbers.values()],
      templates: [...this.templates.values()],
      customers: [...this.customers.values()],
      groups: [...this.groups.values()],
      media: [...this.media.values()].map(({ data: _data, ...meta }) => meta),
      messages: this.messages.list().slice(-PERSISTED_MESSAGES),
    };
  }

  /** Replaces the records with a saved state (the seed stays the one given at start). */
  load(state: PersistedState): void {
    this.clear();
    this.sequence = state.sequence;
    this.idRng = new Prng(state.idRng);
    // A state saved before subscriptions were modelled got every webhook: it keeps getting them.
    for (const waba of state.wabas)
      this.wabas.set(waba.id, { ...waba, webhooksSubscribed: waba.webhooksSubscribed ?? true });
    for (const number of state.numbers) this.addNumber(number);
    for (const template of state.templates) this.addTemplate(template);
    for (const customer of state.customers) {
      // A state saved before bursts were modelled kept the last send's time instead.
      const saved = customer as SandboxCustomer & { lastOutbound?: Record<string, number> };
      customer.pairDue = saved.pairDue ?? saved.lastOutbound ?? {};
      delete saved.lastOutbound;
      this.customers.set(customer.waId, customer);
      for (const [wabaId, userId] of Object.entries(customer.userIds ?? {}))
        this.customersByUserId.set(userId, { customer, wabaId });
    }
    for (const group of state.groups) this.addGroup(group);
    for (const media of state.media) this.media.set(media.id, media);
    for (const message of state.messages) this.messages.add(message);
  }
}
