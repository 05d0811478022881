import { describe, expect, it } from 'vitest';
import { alertKindsFor } from './alerts';

describe('alertKindsFor', () => {
  it('gives an allotment user without the finance module no finance alert', () => {
    const kinds = alertKindsFor({ role: 'USER', modules: ['allotment.map'], active: true }, 'ALLOTMENT');
    expect(kinds).toEqual(['scene_published', 'ai_readings', 'status_changes']);
  });

  it('gives the finance and ERP alerts to a holder of those modules', () => {
    const kinds = alertKindsFor(
      {
        role: 'MANAGER',
        modules: ['allotment.map', 'allotment.finance', 'allotment.integration'],
        active: true,
      },
      'ALLOTMENT',
    );
    expect(kinds).toContain('finance_imagery');
    expect(kinds).toContain('sync_failed');
    expect(kinds).not.toContain('environment_proposals');
  });

  it('gives an inactive user nothing, whatever his modules', () => {
    expect(alertKindsFor({ role: 'ADMIN', modules: [], active: false }, 'ALLOTMENT')).toEqual([]);
  });

  it('gives an ADMIN every kind of the project type', () => {
    expect(alertKindsFor({ role: 'ADMIN', modules: [], active: true }, 'ENVIRONMENT')).toEqual([
      'scene_published',
      'environment_proposals',
    ]);
  });
});
