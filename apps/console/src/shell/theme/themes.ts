/** The nine themes of the theme picker (CONSOLE-SHELL.md). */
export const THEME_NAMES = ['default', 'white', 'dark', 'star', 'smart', 'iview', 'vip', 'd2', 'lte'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

/** `PRIMARY` in a palette stands for the colour chosen with the colour picker. */
export const PRIMARY = 'var(--shell-primary)';

/**
 * A palette value with `PRIMARY` replaced by the chosen colour, for places the shell's custom
 * property does not reach (antd tokens, pop-ups rendered outside the layout).
 */
export const withPrimary = (value: string, primary: string) => value.replaceAll(PRIMARY, primary);

/** How a theme paints the shell: side menu, logo area, top bar, tab bar and the page background. */
export interface ThemePalette {
  siderBg: string;
  siderText: string;
  siderActiveText: string;
  siderActiveBg: string;
  /** The title of the group holding the current page, when the active text would not read on the menu. */
  siderOpenText?: string;
  logoBg: string;
  logoText: string;
  headerBg: string;
  headerText: string;
  tabsBg: string;
  tabBg: string;
  tabText: string;
  tabActiveBg: string;
  tabActiveText: string;
  /** Tabs as cards on a strip, or as rounded pills. */
  tabShape: 'card' | 'pill';
  mainBg: string;
  /** Page content in Ant Design's dark algorithm. */
  darkContent: boolean;
  backgroundImage?: string;
}

const light = {
  headerBg: '#ffffff',
  headerText: 'rgba(0,0,0,0.78)',
  tabsBg: '#ffffff',
  tabBg: '#ffffff',
  tabText: 'rgba(0,0,0,0.65)',
  tabActiveBg: '#ffffff',
  tabActiveText: PRIMARY,
  tabShape: 'card',
  mainBg: '#f0f2f5',
  darkContent: false,
} as const;

/** A field of small stars drawn with gradients, over a deep night sky. */
const STARRY_SKY = [
  'radial-gradient(1px 1px at 20px 30px, #fff, transparent)',
  'radial-gradient(1px 1px at 90px 140px, #fff, transparent)',
  'radial-gradient(1.5px 1.5px at 160px 60px, #dfe9ff, transparent)',
  'radial-gradient(1px 1px at 230px 190px, #fff, transparent)',
  'radial-gradient(2px 2px at 300px 90px, #fff8d6, transparent)',
  'radial-gradient(1px 1px at 50px 220px, #fff, transparent)',
  'radial-gradient(1px 1px at 270px 20px, #cfe0ff, transparent)',
].join(', ');

export const THEMES: Record<ThemeName, ThemePalette> = {
  default: {
    ...light,
    siderBg: '#20222a',
    siderText: 'rgba(255,255,255,0.7)',
    siderActiveText: '#ffffff',
    siderActiveBg: PRIMARY,
    logoBg: '#20222a',
    logoText: '#ffffff',
  },
  white: {
    ...light,
    siderBg: '#ffffff',
    siderText: '#666666',
    siderActiveText: PRIMARY,
    siderActiveBg: '#f0f5ff',
    logoBg: PRIMARY,
    logoText: '#ffffff',
    headerBg: PRIMARY,
    headerText: '#ffffff',
  },
  dark: {
    siderBg: '#2c3643',
    siderText: 'rgba(255,255,255,0.7)',
    siderActiveText: '#ffffff',
    siderActiveBg: '#1f2732',
    logoBg: '#2c3643',
    logoText: '#ffffff',
    headerBg: '#2c3643',
    headerText: '#e6e9ee',
    tabsBg: '#27303b',
    tabBg: '#2c3643',
    tabText: '#c3c9d1',
    tabActiveBg: '#3a4655',
    tabActiveText: '#ffffff',
    tabShape: 'card',
    mainBg: '#222a34',
    darkContent: true,
  },
  star: {
    siderBg: 'transparent',
    siderText: 'rgba(255,255,255,0.8)',
    siderActiveText: '#ffffff',
    siderActiveBg: 'rgba(255,255,255,0.16)',
    logoBg: 'transparent',
    logoText: '#ffffff',
    headerBg: 'transparent',
    headerText: '#ffffff',
    tabsBg: 'transparent',
    tabBg: 'rgba(255,255,255,0.08)',
    tabText: 'rgba(255,255,255,0.8)',
    tabActiveBg: 'rgba(255,255,255,0.22)',
    tabActiveText: '#ffffff',
    tabShape: 'card',
    mainBg: 'transparent',
    darkContent: true,
    backgroundImage: `${STARRY_SKY}, linear-gradient(160deg, #0b1026 0%, #1b2350 55%, #2a1d4f 100%)`,
  },
  smart: {
    ...light,
    siderBg: '#004ca7',
    siderText: 'rgba(255,255,255,0.78)',
    siderActiveText: '#ffffff',
    siderActiveBg: '#003d86',
    logoBg: '#004ca7',
    logoText: '#ffffff',
    headerBg: '#004ca7',
    headerText: '#ffffff',
  },
  iview: {
    ...light,
    siderBg: '#001529',
    siderText: 'rgba(255,255,255,0.65)',
    siderActiveText: '#ffffff',
    siderActiveBg: PRIMARY,
    logoBg: '#001529',
    logoText: '#ffffff',
    tabsBg: '#f0f0f0',
    tabBg: '#ffffff',
    tabActiveBg: '#ffffff',
    tabShape: 'pill',
  },
  vip: {
    ...light,
    siderBg: '#20222a',
    siderText: 'rgba(246,202,157,0.75)',
    siderActiveText: '#20222a',
    siderActiveBg: '#f6ca9d',
    siderOpenText: '#f6ca9d',
    logoBg: '#20222a',
    logoText: '#f6ca9d',
    headerBg: '#20222a',
    headerText: '#f6ca9d',
    tabActiveText: '#b7813f',
  },
  d2: {
    ...light,
    siderBg: '#ebf1f6',
    siderText: '#475669',
    siderActiveText: PRIMARY,
    siderActiveBg: '#dfe8f1',
    logoBg: '#ebf1f6',
    logoText: '#475669',
    headerBg: '#ebf1f6',
    headerText: '#475669',
    tabsBg: '#ebf1f6',
    tabBg: '#f5f8fb',
    tabActiveBg: '#ffffff',
    mainBg: '#ebf1f6',
  },
  lte: {
    ...light,
    siderBg: '#263238',
    siderText: '#8a9aa3',
    siderActiveText: '#ffffff',
    siderActiveBg: '#1e282c',
    logoBg: PRIMARY,
    logoText: '#ffffff',
  },
};

/** The palette as CSS custom properties for the shell's stylesheet. */
export function cssVariablesOf(palette: ThemePalette, primary: string): Record<string, string> {
  return {
    '--shell-primary': primary,
    '--shell-sider-bg': palette.siderBg,
    '--shell-sider-text': palette.siderText,
    '--shell-sider-active-text': palette.siderActiveText,
    '--shell-sider-active-bg': palette.siderActiveBg,
    '--shell-logo-bg': palette.logoBg,
    '--shell-logo-text': palette.logoText,
    '--shell-header-bg': palette.headerBg,
    '--shell-header-text': palette.headerText,
    '--shell-tabs-bg': palette.tabsBg,
    '--shell-tab-bg': palette.tabBg,
    '--shell-tab-text': palette.tabText,
    '--shell-tab-active-bg': palette.tabActiveBg,
    '--shell-tab-active-text': palette.tabActiveText,
    '--shell-main-bg': palette.mainBg,
    '--shell-background-image': palette.backgroundImage ?? 'none',
  };
}
