import type { ThemeConfig } from 'antd';

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
  },
};

/**
 * The theme for a person who asked their system for less motion (`prefers-reduced-motion: reduce`): antd's
 * zoom, slide and fade animations off, so menus, lists and dialogs are usable the moment they appear.
 */
export function themeFor(reducedMotion: boolean): ThemeConfig {
  return reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme;
}
