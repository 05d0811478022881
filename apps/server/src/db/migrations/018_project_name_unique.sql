-- A customer's project names are unique, case and surrounding blanks ignored, as the registration compares them
-- (`projects.repo.ts` nameTaken: lower(btrim(name))): two ADMINs registering one name at the same moment get one
-- project and the pt-BR refusal, not two projects. Names that already clash (registered before this index) get
-- their id appended; the oldest project keeps its name.
UPDATE projects p SET name = p.name || ' (' || p.id || ')'
WHERE EXISTS (
  SELECT 1 FROM projects o
  WHERE o.customer_id = p.customer_id AND lower(btrim(o.name)) = lower(btrim(p.name)) AND o.id < p.id
);
CREATE UNIQUE INDEX projects_customer_name_key ON projects (customer_id, lower(btrim(name)));
