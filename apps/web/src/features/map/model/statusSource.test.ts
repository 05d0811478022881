import { describe, expect, it } from 'vitest';
import { statusSourceText } from './statusSource';

describe('statusSourceText', () => {
  it('gives the AI its confidence', () => {
    expect(statusSourceText({ source: 'ai', precision: 0.874, author: null })).toEqual({
      label: 'IA',
      detail: 'Confiança 87%',
    });
  });

  it('gives a manual edit its editor and no confidence', () => {
    expect(statusSourceText({ source: 'manual', precision: null, author: 'Ana Administradora' })).toEqual({
      label: 'Edição manual',
      detail: 'por Ana Administradora',
    });
    // An edit from before editors were recorded.
    expect(statusSourceText({ source: 'manual', precision: null, author: null })).toEqual({
      label: 'Edição manual',
      detail: null,
    });
  });

  it('says imports and demo data are what they are, with no confidence', () => {
    expect(statusSourceText({ source: 'import', precision: null, author: null })).toEqual({
      label: 'Importação',
      detail: null,
    });
    expect(statusSourceText({ source: 'demo-ground-truth', precision: null, author: null })).toEqual({
      label: 'Dado de demonstração',
      detail: null,
    });
  });
});
