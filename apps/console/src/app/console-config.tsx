import { ANTD_LOCALES, useLanguage } from '@ws/web-kit/i18n';
import { App, theme as antdTheme, ConfigProvider } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useColor, useTheme } from '../shell/theme/theme-store.js';
import { THEMES } from '../shell/theme/themes.js';

/** Ant Design set up as the user chose: theme, primary colour and the language of its own texts. */
export function ConsoleConfig({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const color = useColor();
  const themeName = useTheme();
  const themeConfig = useMemo(
    () => ({
      token: { colorPrimary: color, colorLink: color },
      algorithm: THEMES[themeName].darkContent ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    }),
    [color, themeName],
  );
  return (
    <ConfigProvider theme={themeConfig} locale={ANTD_LOCALES[language]}>
      <App>{children}</App>
    </ConfigProvider>
  );
}
