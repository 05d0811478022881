import type { Role } from '@mirante/shared';

export const DEMO_PASSWORD = 'mirante2026';
/** A fixed sign-in link token for the demo USER, so the README can show "entrar por token". */
export const DEMO_ACCESS_TOKEN = 'demo-acesso-jardim-das-palmeiras';

export interface DemoAccount {
  email: string;
  name: string;
  role: Role;
  customer: 'A' | 'B';
  active: boolean;
  description: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'admin@mirante.app.br',
    name: 'Ana Administradora',
    role: 'ADMIN',
    customer: 'A',
    active: true,
    description: 'ADMIN: todos os projetos e o painel de administração',
  },
  {
    email: 'gerente@horizonte.com.br',
    name: 'Gustavo Gerente',
    role: 'MANAGER',
    customer: 'A',
    active: true,
    description: 'MANAGER da Horizonte: os três projetos, todos os módulos',
  },
  {
    email: 'usuario@horizonte.com.br',
    name: 'Úrsula Usuária',
    role: 'USER',
    customer: 'A',
    active: true,
    description: 'USER da Horizonte: loteamento e obra, sem financeiro',
  },
  {
    email: 'usuario@valeverde.com.br',
    name: 'Vitor Vale',
    role: 'USER',
    customer: 'B',
    active: true,
    description: 'USER do outro cliente (Vale Verde)',
  },
  {
    email: 'inativo@horizonte.com.br',
    name: 'Igor Inativo',
    role: 'USER',
    customer: 'A',
    active: false,
    description: 'usuário inativo (login recusado)',
  },
];
