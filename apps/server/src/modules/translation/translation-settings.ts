import type { TranslationSettings, TranslationSettingsEdit } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { AppError } from '../../platform/http/errors.js';
import type { TranslationSetup } from './setup.js';
import { readSettings, type StoredSettings, saveSettings } from './translation-repository.js';

/** The agents' language until a tenant sets one: the console's own default language. */
export const DEFAULT_AGENT_LANGUAGE = 'zh';

/**
 * Whether a tenant that never chose may send customer text to the provider: yes for the embedded
 * simulated provider (the text goes to this installation's own sandbox and nowhere else), no for
 * a real provider, which is a third party (decision 0015).
 */
export const allowedByDefault = (setup: TranslationSetup) => setup.simulated;

function settingsReply(setup: TranslationSetup, stored: StoredSettings | undefined): TranslationSettings {
  // A consent given for another provider does not carry over: the text would go somewhere else.
  const chosen = stored?.allowed_provider === setup.provider ? stored.allowed : null;
  return {
    allowed: chosen ?? allowedByDefault(setup),
    allowed_is_default: chosen === null,
    agent_language: stored?.agent_language ?? DEFAULT_AGENT_LANGUAGE,
    provider: setup.provider,
    simulated: setup.simulated,
    updated_at: stored?.updated_at ?? null,
  };
}

/** A tenant's translation settings, its default applied. */
export async function translationSettingsOf(
  db: Db,
  setup: TranslationSetup,
  tenantId: string,
): Promise<TranslationSettings> {
  return settingsReply(setup, await readSettings(db, tenantId));
}

export async function editTranslationSettings(
  db: Db,
  setup: TranslationSetup,
  scope: Scope,
  edit: TranslationSettingsEdit,
): Promise<TranslationSettings> {
  return settingsReply(setup, await saveSettings(db, scope.tenantId, scope.userId, setup.provider, edit));
}

/** Refuses, naming the setting, when the tenant does not let customer text go to the provider. */
export async function ensureTranslationAllowed(db: Db, setup: TranslationSetup, tenantId: string): Promise<void> {
  const settings = await translationSettingsOf(db, setup, tenantId);
  if (settings.allowed) return;
  throw new AppError('forbidden', {
    zh: `allowed: 本租户未允许将客户文本发送给翻译服务（${setup.provider}），请在翻译设置中开启`,
    en: `allowed: this tenant does not allow sending customer text to the translation provider (${setup.provider}); turn it on in the translation settings`,
  });
}
