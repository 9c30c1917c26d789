import type { Language } from '@ws/contract';
import { useSyncExternalStore } from 'react';
import { createStore, readItem, writeItem } from '../storage.js';

const KEY = 'language';

const store = createStore<Language>(readItem(KEY) === 'en' ? 'en' : 'zh');

export const currentLanguage = store.get;

export function setLanguage(language: Language): void {
  writeItem(KEY, language);
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  store.set(language);
}

export function useLanguage(): Language {
  return useSyncExternalStore(store.subscribe, store.get);
}
