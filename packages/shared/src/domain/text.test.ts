import { describe, expect, it } from 'vitest';
import { firstName, normalizeForSearch, projectDisplayName } from './text';

describe('normalizeForSearch', () => {
  it('ignores accents and case', () => {
    expect(normalizeForSearch('  São José ')).toBe('sao jose');
    expect(normalizeForSearch('Residencial Ipê')).toContain('ipe');
  });
});

describe('projectDisplayName', () => {
  const project = { id: 7, name: 'Jardim das Águas - Etapa 1' };
  it('prefixes the id for ADMIN', () =>
    expect(projectDisplayName(project, 'ADMIN')).toBe('7 - Jardim das Águas - Etapa 1'));
  it('shortens for USER', () => expect(projectDisplayName(project, 'USER')).toBe('Jardim das Águas'));
  it('keeps the name for MANAGER', () => expect(projectDisplayName(project, 'MANAGER')).toBe(project.name));
});

describe('firstName', () => {
  it('takes the first word', () => expect(firstName('Maria Clara Souza')).toBe('Maria'));
});
