-- Lot information / sale data of the finance portfolio (spec 2.7, 2.11, 3 "Information" and "Sale information").
-- One row per lot layer; a lot without a row has no sale data yet (the portfolio lists it with empty values).
-- Limits of spec 5 are enforced here too, so no writer (import, integration, SQL by hand) can break them.
CREATE TABLE lot_informations (
  layer_id                integer PRIMARY KEY REFERENCES layers(id) ON DELETE CASCADE,
  project_id              integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  codigo_comprador        text CHECK (char_length(codigo_comprador) <= 10),
  nome_comprador          text CHECK (char_length(nome_comprador) <= 100),
  status_unidade          text CHECK (char_length(status_unidade) <= 255),
  -- financial status (spec 3 Information `status`)
  status                  text CHECK (char_length(status) <= 255),
  valor_venda             numeric(14, 2) CHECK (valor_venda >= 0),
  valor_inadimplencia     numeric(14, 2) CHECK (valor_inadimplencia >= 0),
  qtde_parcelas_vencidas  integer CHECK (qtde_parcelas_vencidas >= 0),
  codigo_venda            text CHECK (char_length(codigo_venda) <= 10),
  data_venda              date,
  inscricao_iptu          text CHECK (char_length(inscricao_iptu) <= 255),
  termo_posse             boolean,
  escritura               boolean,
  registro                boolean,
  status_construcao       text CHECK (char_length(status_construcao) <= 255),
  status_escritura        text CHECK (char_length(status_escritura) <= 255),
  notas                   text CHECK (char_length(notas) <= 5000),
  updated_at              timestamptz NOT NULL DEFAULT now(),
  updated_by              integer REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX lot_informations_project_idx ON lot_informations (project_id);

-- Who changed what and when (old → new), one row per changed field. The author's name is copied so the history
-- stays readable after the user is deleted. `source`: the lot dialog, a spreadsheet import, an ERP integration
-- or the demo loader.
CREATE TABLE lot_information_changes (
  id            bigserial PRIMARY KEY,
  layer_id      integer NOT NULL REFERENCES layers(id) ON DELETE CASCADE,
  project_id    integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  field         text NOT NULL,
  old_value     text,
  new_value     text,
  changed_by    integer REFERENCES users(id) ON DELETE SET NULL,
  changed_by_name text,
  changed_at    timestamptz NOT NULL DEFAULT now(),
  source        text NOT NULL CHECK (source IN ('manual', 'import', 'integration', 'demo'))
);
CREATE INDEX lot_information_changes_layer_idx ON lot_information_changes (layer_id, changed_at DESC, id DESC);

-- Months after a sale that a sold or paid-off lot may stay empty before the portfolio flags it (spec ★ alerts).
ALTER TABLE projects ADD COLUMN sale_alert_months integer NOT NULL DEFAULT 12
  CHECK (sale_alert_months BETWEEN 1 AND 120);

-- The price map reads sale values through the layer list (withAllotmentValue): a sale change changes that list.
CREATE FUNCTION layer_list_changed_by_informations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO layer_list_changes (project_id) SELECT DISTINCT project_id FROM new_rows ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO layer_list_changes (project_id) SELECT DISTINCT project_id FROM old_rows ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER lot_informations_list_insert AFTER INSERT ON lot_informations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION layer_list_changed_by_informations();
CREATE TRIGGER lot_informations_list_update AFTER UPDATE ON lot_informations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION layer_list_changed_by_informations();
CREATE TRIGGER lot_informations_list_delete AFTER DELETE ON lot_informations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION layer_list_changed_by_informations();
