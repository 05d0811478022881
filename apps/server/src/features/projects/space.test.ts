import { describe, expect, it } from 'vitest';
import { freeSpace, spaceBase } from './space';

describe('spaceBase', () => {
  it('turns a Portuguese name into lower-case ASCII words joined by hyphens', () => {
    expect(spaceBase('Jardim das Palmeiras - Etapas 1 a 3')).toBe('jardim-das-palmeiras-etapas-1-a-3');
    expect(spaceBase('  Residencial São João  (Fase Ⅱ)')).toBe('residencial-sao-joao-fase');
    expect(spaceBase('Loteamento Açaí & Cia.')).toBe('loteamento-acai-e-cia');
  });

  it("falls back to 'projeto' for a name with no letter or digit", () => {
    expect(spaceBase('*** ///')).toBe('projeto');
  });

  it('stays within 60 characters and never ends with a hyphen', () => {
    const space = spaceBase(`${'a'.repeat(59)} b`);
    expect(space.length).toBeLessThanOrEqual(60);
    expect(space).toMatch(/^[a-z0-9][a-z0-9-]*[a-z0-9]$/);
  });
});

describe('freeSpace', () => {
  it('keeps the base when free and numbers it from 2 on a clash', () => {
    expect(freeSpace('vila-nova', [])).toBe('vila-nova');
    expect(freeSpace('vila-nova', ['vila-nova'])).toBe('vila-nova-2');
    expect(freeSpace('vila-nova', ['vila-nova', 'vila-nova-2', 'vila-nova-4'])).toBe('vila-nova-3');
  });
});
