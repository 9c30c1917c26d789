import { type ThemePalette, withPrimary } from '../theme/themes.js';

/** The side menu's Ant Design tokens for a theme. */
export function menuComponentTokens(palette: ThemePalette, primary: string) {
  const active = withPrimary(palette.siderActiveBg, primary);
  const activeText = withPrimary(palette.siderActiveText, primary);
  return {
    itemBg: 'transparent',
    subMenuItemBg: 'transparent',
    popupBg: palette.siderBg === 'transparent' ? '#1b2350' : withPrimary(palette.siderBg, primary),
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
