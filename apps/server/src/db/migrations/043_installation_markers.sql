-- Facts about this installation recorded once: 'demo' (the database was seeded as the demonstration; only such a
-- database ever gets the demo's accounts and link) and 'credentials-path-key-upgraded' (the ERP credentials that
-- earlier releases encrypted with the key derived from the data folder's path were encrypted again with the
-- server's random secret).
CREATE TABLE installation_markers (
  name         text PRIMARY KEY CHECK (char_length(name) <= 100),
  recorded_at  timestamptz NOT NULL DEFAULT now()
);

-- Databases seeded before the marker existed: the demo's ADMIN is the demo's signature.
INSERT INTO installation_markers (name)
SELECT 'demo' WHERE EXISTS (SELECT 1 FROM users WHERE email = 'admin@mirante.app.br');
