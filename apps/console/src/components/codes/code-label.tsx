import { useLanguage } from '@ws/web-kit/i18n';
import { Tooltip } from 'antd';
import { useCallback } from 'react';
import { type CodeGroup, codeName, languageName, optInSourceName } from './code-names.js';

/** A code by its name in the current language, the code itself in the tooltip (for searching Meta's docs). */
export function CodeLabel({
  group,
  code,
  'data-testid': testId,
}: {
  group: CodeGroup;
  code: string;
  'data-testid'?: string;
}) {
  const language = useLanguage();
  return <Named name={codeName(language, group, code)} code={code} testId={testId} />;
}

/** A language code (en_US) by its name in the current language, the code in the tooltip. */
export function LanguageLabel({ code }: { code: string }) {
  const language = useLanguage();
  return <Named name={languageName(language, code)} code={code} />;
}

function Named({ name, code, testId }: { name: string; code: string; testId?: string }) {
  const label = (
    <span data-code={code} data-testid={testId}>
      {name}
    </span>
  );
  return name === code ? label : <Tooltip title={code}>{label}</Tooltip>;
}

/** The name of a code in the current language, for places that take text (options, messages). */
export function useCodeName(): (group: CodeGroup, code: string) => string {
  const language = useLanguage();
  return useCallback((group, code) => codeName(language, group, code), [language]);
}

/** A contact's opt-in source by its name in the current language (see optInSourceName). */
export function useOptInSourceName(): (source: string) => string {
  const language = useLanguage();
  return useCallback((source) => optInSourceName(language, source), [language]);
}
