import { createPersistedStore, useStore } from '@ws/web-kit/storage';
import { settings } from '../../settings/settings.js';
import { THEME_NAMES, type ThemeName } from './themes.js';

const isThemeName = (value: unknown): value is ThemeName => THEME_NAMES.includes(value as ThemeName);
const isColor = (value: unknown): value is string => typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);

/** The chosen theme and primary colour, kept in storage. */
const themeStore = createPersistedStore<ThemeName>('theme', 'default', isThemeName);
const colorStore = createPersistedStore<string>('color', settings.defaultColor, isColor);

export const setTheme = (theme: ThemeName) => themeStore.set(theme);
export function setColor(color: string): void {
  if (isColor(color)) colorStore.set(color.toUpperCase());
}

export const useTheme = () => useStore(themeStore);
export const useColor = () => useStore(colorStore);
