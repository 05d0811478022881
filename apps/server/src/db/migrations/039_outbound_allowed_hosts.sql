-- Hosts that outbound calls to user-supplied URLs (the ERPs' addresses) may reach although they resolve to an
-- internal address (loopback, private, link-local): an on-premise ERP an ADMIN allows by name, or the demo's ERP
-- simulator, which the server starts on 127.0.0.1 and records here for every process of the installation.
-- port NULL: any port of the host. OUTBOUND_ALLOWED_HOSTS adds hosts from the environment.

CREATE TABLE outbound_allowed_hosts (
  id         serial PRIMARY KEY,
  host       text NOT NULL CHECK (host <> '' AND length(host) <= 255),
  port       integer CHECK (port BETWEEN 1 AND 65535),
  source     text NOT NULL CHECK (source IN ('admin', 'demo')),
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX outbound_allowed_hosts_host_port_key ON outbound_allowed_hosts (host, coalesce(port, 0));
