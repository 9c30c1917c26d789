import { BgColorsOutlined, CheckOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { setTheme, useColor, useTheme } from '../theme/theme-store.js';
import { THEME_NAMES, THEMES, withPrimary } from '../theme/themes.js';

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
    <Dropdown
      trigger={['click']}
      menu={{ items, selectable: true, selectedKeys: [current], onClick: ({ key }) => setTheme(key as typeof current) }}
    >
      <Tooltip title={t('theme')} placement="bottom">
        <Button
          type="text"
          className="shell-header-button"
          aria-label={t('theme')}
          data-testid="theme-picker"
          icon={<BgColorsOutlined />}
        />
      </Tooltip>
    </Dropdown>
  );
}
