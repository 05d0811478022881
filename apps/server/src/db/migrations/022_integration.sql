-- ERP integration (issue 18, spec 2.8, 3, 7 "Integration"): one customer's configuration per ERP, the allotments
-- synchronised from each ERP, their wallet links, the unit-field and sales-status mappings, and the log of runs.

-- Credentials are AES-256-GCM ciphertext (version byte, 12-byte IV, 16-byte tag, ciphertext of the JSON), the
-- key from INTEGRATION_KEY; the customer and ERP are the authenticated data, so a row copied elsewhere fails.
CREATE TABLE integration_configs (
  customer_id             integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  erp                     text NOT NULL CHECK (erp IN ('mega', 'uau', 'sienge')),
  credentials             bytea,
  credentials_updated_at  timestamptz,
  notification_email      text CHECK (char_length(notification_email) <= 255),
  notification_frequency  integer CHECK (notification_frequency IN (1, 7, 15, 30)),
  -- When the wizard was last completed (its last step saved): the first synchronisation is queued then.
  completed_at            timestamptz,
  -- When the last notification e-mail was sent (its summary covers the runs since).
  last_notified_at        timestamptz,
  PRIMARY KEY (customer_id, erp)
);

-- The allotments synchronised from an ERP: a project is synchronised from one ERP at most.
CREATE TABLE integration_projects (
  project_id   integer PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  customer_id  integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  erp          text NOT NULL CHECK (erp IN ('mega', 'uau', 'sienge'))
);
CREATE INDEX integration_projects_customer_idx ON integration_projects (customer_id, erp);

-- Wallet links (spec 3): an ERP allotment (its code, `customer_code`) feeding a project, or one stage of it.
CREATE TABLE integration_wallet_links (
  id             serial PRIMARY KEY,
  project_id     integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  customer_code  text NOT NULL CHECK (char_length(customer_code) BETWEEN 1 AND 100),
  layer_id       integer REFERENCES layers(id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX integration_wallet_links_unique_idx
  ON integration_wallet_links (project_id, customer_code, coalesce(layer_id, 0));

-- The customer's unit-field and sales-status mappings (spec 3); null: nothing saved, the defaults apply.
CREATE TABLE integration_mappings (
  customer_id   integer PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
  unit_fields   jsonb,
  sales_status  jsonb
);

-- One synchronisation of one customer's ERP: when, how many units read and changed, the errors.
CREATE TABLE integration_sync_runs (
  id               serial PRIMARY KEY,
  customer_id      integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  erp              text NOT NULL CHECK (erp IN ('mega', 'uau', 'sienge')),
  trigger          text NOT NULL CHECK (trigger IN ('wizard', 'schedule', 'manual')),
  status           text NOT NULL DEFAULT 'queued'
                     CHECK (status IN ('queued', 'running', 'succeeded', 'partial', 'failed')),
  queued_at        timestamptz NOT NULL DEFAULT now(),
  started_at       timestamptz,
  finished_at      timestamptz,
  units_read       integer NOT NULL DEFAULT 0,
  units_changed    integer NOT NULL DEFAULT 0,
  units_unmatched  integer NOT NULL DEFAULT 0,
  -- [{project_id, project_name, customer_code, message}]
  errors           jsonb NOT NULL DEFAULT '[]'
);
CREATE INDEX integration_sync_runs_customer_idx ON integration_sync_runs (customer_id, erp, queued_at DESC);
-- At most one waiting or running run per customer and ERP.
CREATE UNIQUE INDEX integration_sync_runs_pending_idx ON integration_sync_runs (customer_id, erp)
  WHERE status IN ('queued', 'running');
