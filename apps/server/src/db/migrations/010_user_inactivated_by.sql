-- Who inactivated a user (and with which role then): a lower role may not re-activate what a higher one closed.
ALTER TABLE users ADD COLUMN inactivated_by integer REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE users ADD COLUMN inactivated_by_role text CHECK (inactivated_by_role IN ('ADMIN', 'MANAGER', 'USER'));
