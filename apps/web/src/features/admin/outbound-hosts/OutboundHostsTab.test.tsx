import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OutboundHost } from '@mirante/shared';
import { renderWithApp, setupUser } from '../../../test/render';
import { api, server } from '../../../test/server';
import { OutboundHostsTab } from './OutboundHostsTab';

const LISTED: OutboundHost[] = [
  { host: 'erp.empresa.local', source: 'admin' },
  { host: '10.0.0.5:8443', source: 'environment' },
  { host: '127.0.0.1:41234', source: 'demo' },
];

describe("'Hosts liberados' (the admin panel)", () => {
  it("shows the ADMIN's hosts to edit and the others apart, and saves the edited list", async () => {
    const user = setupUser();
    const sent: unknown[] = [];
    server.use(
      http.get(api('/outbound-hosts'), () => HttpResponse.json(LISTED)),
      http.post(api('/outbound-hosts'), async ({ request }) => {
        const body = (await request.json()) as { hosts: string[] };
        sent.push(body);
        return HttpResponse.json([
          ...body.hosts.map((host) => ({ host, source: 'admin' })),
          ...LISTED.slice(1),
        ]);
      }),
    );
    renderWithApp(<OutboundHostsTab />);
    const box = await screen.findByDisplayValue('erp.empresa.local');
    expect(screen.getByText(/variável OUTBOUND_ALLOWED_HOSTS/)).toBeTruthy();
    expect(screen.getByText(/ERP simulado da demonstração/)).toBeTruthy();

    await user.type(box, '\n[[fd00::5]:443\n');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Hosts liberados salvos.')).toBeTruthy();
    expect(sent).toEqual([{ hosts: ['erp.empresa.local', '[fd00::5]:443'] }]);
  });

  it("says why a list was refused, with the server's reason, and keeps what was typed", async () => {
    const user = setupUser();
    const reason =
      '"http://erp" não é um host: use nome, nome:porta, IP ou [IPv6]:porta (sem http:// nem caminho).';
    server.use(
      http.get(api('/outbound-hosts'), () => HttpResponse.json([])),
      http.post(api('/outbound-hosts'), () => HttpResponse.json({ message: reason }, { status: 422 })),
    );
    renderWithApp(<OutboundHostsTab />);
    const box = await screen.findByLabelText('Hosts liberados pelo administrador');
    await waitFor(() => expect((box as HTMLTextAreaElement).disabled).toBe(false));
    await user.type(box, 'http://erp');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(`Não foi possível salvar os hosts liberados: ${reason}`)).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('http://erp');
  });
});
