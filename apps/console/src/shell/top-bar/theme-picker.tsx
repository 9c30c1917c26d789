import { BgColorsOutlined, CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { setTheme, useColor, useTheme } from '../theme/theme-store.js';
import { THEME_NAMES, THEMES, withPrimary } from '../theme/themes.js';
import { MenuButton } from './menu-button.js';

/** The theme picker: the nine themes, each with a swatch of its menu and top bar. */
export function ThemePicker() {
  const { t } = useTranslation();
  const current = useTheme();
  const color = useColor();
  const items = THEME_NAMES.map((name) => {
    const palette = THEMES[name];
    const swatch =
      palette.backgroundImage ?? `linear-gradient(90deg, ${palette.siderBg} 0 40%, ${palette.headerBg} 40%)`;
    return {
      key: name,
      'data-theme-option': name,
      label: (
        <span className="theme-option">
          {/* The menu renders outside the layout, where the shell's colour property is not set. */}
          <span className="theme-swatch" style={{ background: withPrimary(swatch, color) }} />
          {t(`themes.${name}`)}
          {name === current && <CheckOutlined />}
        </span>
      ),
    };
  });
  return (
    <MenuButton
      title={t('theme')}
      icon={<BgColorsOutlined />}
      menu={{ items, selectable: true, selectedKeys: [current], onClick: ({ key }) => setTheme(key as typeof current) }}
      data-testid="theme-picker"
    />
  );
}
