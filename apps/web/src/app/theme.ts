import { theme as antdTheme, type ThemeConfig } from 'antd';

const PRESET_COLOURS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'volcano',
  'geekblue',
] as const;
const PALE_PRESET_COLOURS = ['yellow', 'lime', 'gold'] as const;
const palette = antdTheme.getDesignToken();

/**
 * A tag's text is its colour's 7th shade over the 1st, under 4.5:1 for green, orange, cyan, volcano and the pale
 * colours (WCAG 1.4.3): one shade darker (two for the pale ones) reads on its light background.
 */
const readableTagColours = Object.fromEntries([
  ...PRESET_COLOURS.map((colour) => [`${colour}7`, palette[`${colour}8`]]),
  ...PALE_PRESET_COLOURS.map((colour) => [`${colour}7`, palette[`${colour}9`]]),
]);

/** Green and earth tones: vegetation, soil and survey maps. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#2f7a4f',
    colorInfo: '#2f7a4f',
    colorSuccess: '#4a9a3c',
    colorWarning: '#c98a1b',
    colorError: '#c0453a',
    colorLink: '#2f7a4f',
    colorBgLayout: '#f4f1ea',
    colorTextBase: '#23302a',
    // antd's greys are black at 65 %, 45 % and 25 %: the lighter two fall under 4.5:1 on the sand background and
    // on white (descriptions, form hints, empty tables, placeholders). Solid inks that keep 4.5:1 on both.
    colorTextSecondary: '#3f4a44',
    colorTextTertiary: '#5a635e',
    colorTextDescription: '#5a635e',
    colorTextPlaceholder: '#5a635e',
    borderRadius: 8,
    fontFamily:
      "'Inter', 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Menu: {
      darkItemBg: 'transparent',
      darkPopupBg: '#1b4d34',
      darkItemSelectedBg: 'rgba(233, 196, 106, 0.18)',
      darkItemSelectedColor: '#f3d98b',
      darkItemColor: 'rgba(255, 255, 255, 0.82)',
      darkItemHoverColor: '#ffffff',
    },
    Button: { primaryShadow: 'none' },
    // An empty table's 'Não há dados' is written in the disabled grey, which nothing exempts there.
    Table: { colorTextDisabled: '#5a635e' },
    // Status tags write in their status colour over its pale background: darker inks that keep 4.5:1.
    Tag: {
      ...readableTagColours,
      colorSuccess: '#2d6a24',
      colorSuccessBg: '#eef6ea',
      colorWarning: '#8a5a00',
      colorError: '#a8071a',
      colorInfo: '#1f5f3f',
      colorInfoBg: '#e8f1eb',
    },
  },
};

/**
 * The theme for a person who asked their system for less motion (`prefers-reduced-motion: reduce`): antd's
 * zoom, slide and fade animations off, so menus, lists and dialogs are usable the moment they appear.
 */
export function themeFor(reducedMotion: boolean): ThemeConfig {
  return reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme;
}
