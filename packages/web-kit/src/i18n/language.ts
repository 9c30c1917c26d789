import type { Language } from '@ws/contract';
import { kitSettings } from '../settings.js';
import { createPersistedStore, useStore } from '../storage/storage.js';

export const LANGUAGES: readonly Language[] = ['zh', 'en'];

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The chosen language, kept in storage; zh until the user picks another. */
const store = createPersistedStore<Language>('language', kitSettings.defaultLanguage, isLanguage);

export const currentLanguage = store.get;
export const subscribeLanguage = store.subscribe;

export function setLanguage(language: Language): void {
  store.set(language);
}

export function useLanguage(): Language {
  return useStore(store);
}
