import { describe, expect, it } from 'vitest';
import { theme, themeFor } from './theme';

describe('themeFor', () => {
  it('turns antd motion off when reduced motion is asked for, keeping the colours', () => {
    const reduced = themeFor(true);
    expect(reduced.token?.motion).toBe(false);
    expect(reduced.token?.colorPrimary).toBe(theme.token?.colorPrimary);
  });

  it('keeps the default theme (motion on) otherwise', () => {
    expect(themeFor(false)).toBe(theme);
    expect(themeFor(false).token?.motion).toBeUndefined();
  });
});
