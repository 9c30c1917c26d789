import type { ThemePalette } from '../theme/themes.js';

/** A palette value with the primary-colour placeholder resolved (antd tokens need real colours). */
const resolve = (value: string, primary: string) => (value.includes('var(--shell-primary)') ? primary : value);

/** The side menu's Ant Design tokens for a theme. */
export function menuComponentTokens(palette: ThemePalette, primary: string) {
  const active = resolve(palette.siderActiveBg, primary);
  const activeText = resolve(palette.siderActiveText, primary);
  return {
    itemBg: 'transparent',
    subMenuItemBg: 'transparent',
    popupBg: palette.siderBg === 'transparent' ? '#1b2350' : resolve(palette.siderBg, primary),
    itemColor: palette.siderText,
    itemHoverColor: activeText === '#ffffff' ? '#ffffff' : activeText,
    itemHoverBg: 'rgba(128,128,128,0.12)',
    itemSelectedBg: active,
    itemSelectedColor: activeText,
    itemActiveBg: active,
    subMenuItemSelectedColor: palette.siderOpenText ?? activeText,
    groupTitleColor: palette.siderText,
    itemBorderRadius: 6,
    itemMarginInline: 8,
    activeBarBorderWidth: 0,
  };
}
