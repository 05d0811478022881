-- Foundation: tenants, people, permissions, projects, sessions and password tokens.

CREATE TABLE customers (
  id          serial PRIMARY KEY,
  name        text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE modules (
  id                        serial PRIMARY KEY,
  code                      text NOT NULL UNIQUE,
  name                      text NOT NULL,
  description               text NOT NULL,
  project_type              text NOT NULL CHECK (project_type IN ('ALLOTMENT', 'CONSTRUCTION', 'ENVIRONMENT'))
);

INSERT INTO modules (code, name, description, project_type) VALUES
  ('allotment.map',            'Mapa',           'Mapa do loteamento com imagens datadas',        'ALLOTMENT'),
  ('allotment.detections',     'Detecções',      'Relatório de detecções por lote',               'ALLOTMENT'),
  ('allotment.finance',        'Financeiro',     'Análise da carteira',                           'ALLOTMENT'),
  ('allotment.integration',    'Integração',     'Integração com ERPs',                           'ALLOTMENT'),
  ('allotment.analysis',       'Análise',        'Análise do loteamento',                         'ALLOTMENT'),
  ('allotment.security',       'Segurança',      'Usuários e grupos do loteamento',               'ALLOTMENT'),
  ('construction.map',         'Mapa',           'Mapa da obra com imagens de drone',             'CONSTRUCTION'),
  ('construction.inspections', 'Vistorias',      'Vistorias da obra',                             'CONSTRUCTION'),
  ('construction.overlays',    'Sobreposições',  'Sobreposições georreferenciadas',               'CONSTRUCTION'),
  ('construction.notes',       'Anotações',      'Anotações das vistorias',                       'CONSTRUCTION'),
  ('construction.security',    'Segurança',      'Usuários e grupos da obra',                     'CONSTRUCTION'),
  ('environment.map',          'Mapa',           'Mapa da área ambiental',                        'ENVIRONMENT'),
  ('environment.analysis',     'Análise',        'Análises de antes e depois',                    'ENVIRONMENT'),
  ('environment.report',       'Relatório',      'Relatório de análise (PDF)',                    'ENVIRONMENT'),
  ('environment.security',     'Segurança',      'Usuários e grupos da área ambiental',           'ENVIRONMENT');

CREATE TABLE groups (
  id           serial PRIMARY KEY,
  name         text NOT NULL,
  customer_id  integer REFERENCES customers(id) ON DELETE RESTRICT,
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE group_modules (
  group_id   integer NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  module_id  integer NOT NULL REFERENCES modules(id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, module_id)
);

CREATE TABLE projects (
  id                        serial PRIMARY KEY,
  customer_id               integer NOT NULL REFERENCES customers(id) ON DELETE RESTRICT,
  name                      text NOT NULL,
  space                     text NOT NULL UNIQUE CHECK (space ~ '^[a-z0-9][a-z0-9-]*$'),
  project_type              text NOT NULL CHECK (project_type IN ('ALLOTMENT', 'CONSTRUCTION', 'ENVIRONMENT')),
  is_default                boolean NOT NULL DEFAULT false,
  delimiter                 jsonb NOT NULL,
  bbox                      double precision[] NOT NULL CHECK (array_length(bbox, 1) = 4),
  center                    double precision[] NOT NULL CHECK (array_length(center, 1) = 2),
  area_m2                   double precision NOT NULL,
  perimeter_m               double precision NOT NULL,
  default_zoom              double precision NOT NULL DEFAULT 16,
  has_stage                 boolean NOT NULL DEFAULT false,
  has_report                boolean NOT NULL DEFAULT false,
  has_information           boolean NOT NULL DEFAULT false,
  has_price_visualization   boolean NOT NULL DEFAULT false,
  use_provider_map_layer    boolean NOT NULL DEFAULT false,
  customer_code             text,
  release_date              date,
  stage                     text CHECK (stage IN ('P', 'C', 'D')),
  team                      text,
  blocks                    integer,
  lots                      integer,
  address                   text,
  city                      text,
  state                     text,
  detail                    text,
  valor_inadimplencia       numeric(14, 2),
  created_at                timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX projects_customer_idx ON projects (customer_id);

CREATE TABLE users (
  id             serial PRIMARY KEY,
  customer_id    integer NOT NULL REFERENCES customers(id) ON DELETE RESTRICT,
  group_id       integer REFERENCES groups(id) ON DELETE RESTRICT,
  name           text NOT NULL,
  email          text NOT NULL,
  password_hash  text,
  role           text NOT NULL DEFAULT 'USER' CHECK (role IN ('ADMIN', 'MANAGER', 'USER')),
  user_type      text NOT NULL DEFAULT 'CLIENT' CHECK (user_type IN ('TRIAL', 'CLIENT')),
  status         boolean NOT NULL DEFAULT true,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_idx ON users (lower(email));
CREATE INDEX users_customer_idx ON users (customer_id);

CREATE TABLE user_projects (
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  project_id  integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, project_id)
);

CREATE TABLE sessions (
  id            bigserial PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash    text NOT NULL UNIQUE,
  from_token    boolean NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at  timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  revoked_at    timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- Single-use tokens e-mailed to define or recover a password.
CREATE TABLE password_tokens (
  id          bigserial PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash  text NOT NULL UNIQUE,
  purpose     text NOT NULL CHECK (purpose IN ('definition', 'recovery')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);

-- Reusable sign-in links ("entrar por token"), e.g. for embedding a project view; revocable.
CREATE TABLE access_tokens (
  id          bigserial PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash  text NOT NULL UNIQUE,
  description text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);
