import { describe, expect, it } from 'vitest';
import { brasiliaTime, runText } from './runText';

const run = {
  id: 1,
  kind: 'now' as const,
  state: 'sent' as const,
  created_at: '2026-12-07T10:00:00.000Z',
  finished_at: '2026-12-07T10:00:05.000Z',
  sent_count: 2,
  skipped_count: 1,
  error: null,
};

describe('runText', () => {
  it('says when and to how many the last report went, in Brasília time', () => {
    expect(brasiliaTime('2026-12-07T10:00:00.000Z')).toBe('07/12/2026 07:00');
    expect(runText(run)).toBe(
      'Enviado em 07/12/2026 07:00 para 2 destinatário(s); 1 sem acesso, não enviado(s).',
    );
    expect(runText(null)).toBe('Nenhum envio ainda.');
    expect(runText({ ...run, state: 'failed', error: 'Não foi possível gerar o relatório.' })).toBe(
      'Falhou em 07/12/2026 07:00: Não foi possível gerar o relatório.',
    );
  });
});
