import * as contract from '@ws/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codesTexts } from '../../i18n/locales/codes.js';
import { codeName, languageName } from './code-names.js';

const contractEnums = Object.entries(contract as Record<string, unknown>).flatMap(([name, value]) =>
  value instanceof z.ZodEnum ? [[name, value.options.map(String)] as const] : [],
);

describe('the names of codes', () => {
  it('names every value of every enum of the contract in both languages', () => {
    expect(contractEnums.length).toBeGreaterThan(10);
    const unnamed = contractEnums.flatMap(([group, codes]) =>
      codes.flatMap((code) =>
        (['zh', 'en'] as const)
          .filter((language) => {
            const names: Record<string, Record<string, string>> = codesTexts[language];
            return !names[group]?.[code]?.trim();
          })
          .map((language) => `${language} ${group}.${code}`),
      ),
    );
    expect(unnamed).toEqual([]);
  });

  it('names nothing the contract does not have', () => {
    const groups = new Set(contractEnums.map(([group]) => group));
    expect(Object.keys(codesTexts.zh).filter((group) => !groups.has(group))).toEqual([]);
  });

  it('names Meta codes and shows codes it does not know as they are', () => {
    expect(codeName('zh', 'MetaNumberStatus', 'CONNECTED')).toBe('已连接');
    expect(codeName('en', 'MessagingTier', 'TIER_10K')).toBe('10,000 a day');
    expect(codeName('en', 'MetaNumberStatus', 'SOMETHING_NEW')).toBe('SOMETHING_NEW');
    expect(codeName('en', 'MetaNumberStatus', 'toString')).toBe('toString');
  });

  it('names language codes as Meta writes them', () => {
    expect(languageName('en', 'en_US')).toBe('American English');
    // The exact wording is the browser's (ICU); it names the language, never the code.
    expect(languageName('zh', 'en_US')).toContain('英语');
    expect(languageName('zh', 'zh_CN')).toContain('中文');
    expect(languageName('en', 'not a code!')).toBe('not a code!');
  });
});
