-- Construction notes (spec 2.10, 3 "Note" and "Note category", 5): a line, marker or polygon drawn over an
-- inspection, with a category. Categories belong to a customer (shared by its construction projects).
-- Spec 5's limits are CHECKs too, so no writer can break them.
CREATE TABLE note_categories (
  id           serial PRIMARY KEY,
  customer_id  integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  name         text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 50),
  color        text NOT NULL CHECK (color ~ '^#[0-9A-Fa-f]{6}$'),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX note_categories_customer_name_idx ON note_categories (customer_id, lower(name));

CREATE TABLE notes (
  id             serial PRIMARY KEY,
  project_id     integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  inspection_id  integer NOT NULL REFERENCES inspections(id) ON DELETE CASCADE,
  category_id    integer NOT NULL REFERENCES note_categories(id),
  name           text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 50),
  date           date NOT NULL,
  description    text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 500),
  note_type      text NOT NULL CHECK (note_type IN ('line', 'marker', 'polygon')),
  -- GeoJSON geometry (lon/lat): LineString, Point or Polygon by note_type.
  geometry       jsonb NOT NULL,
  -- Geodesic length (m) of a line, area (m²) of a polygon, null for a marker; computed by the server.
  area           double precision CHECK (area >= 0),
  volume         double precision NOT NULL DEFAULT 0 CHECK (volume >= 0),
  created_by     integer REFERENCES users(id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notes_inspection_idx ON notes (inspection_id, id);
