import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { route } from '../../platform/http/route.js';
import { detectLanguage } from '../../platform/translation/detect-language.js';
import { translateTexts } from './translate-texts.js';
import { translationLanguages } from './translation-languages.js';
import { editTranslationSettings, translationSettingsOf } from './translation-settings.js';

export function registerTranslationRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.translateText, ({ scope, body }) => translateTexts(context, scope.tenantId, body));
  route(app, context, calls.translateDetect, async ({ body }) => {
    const found = await detectLanguage(body.text);
    return {
      language: found.language ?? null,
      confidence: found.confidence,
      detected: found.detected,
      reliable: found.reliable,
    };
  });
  route(app, context, calls.translateLanguages, () => translationLanguages(context));
  route(app, context, calls.translateSettings, ({ scope }) =>
    translationSettingsOf(context.pool, context.translation, scope.tenantId),
  );
  route(app, context, calls.translateSettingsEdit, async ({ scope, body, audit }) => {
    const settings = await editTranslationSettings(context.pool, context.translation, scope, body);
    audit(`translation settings: allowed ${settings.allowed}, agent language ${settings.agent_language}`);
    return settings;
  });
}
