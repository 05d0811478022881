import pg from 'pg';
import { lonLatToUtm } from '@mirante/demo/projection';
import { seedLots } from '../map/seed-lots';

/** The new allotment the bench adds: a copy of the demo allotment's record (same customer, users, modules). */
export const NEW_SPACE = 'loteamento-novo-bench';
const DEMO_ALLOTMENT_SPACE = 'jardim-das-palmeiras';

export interface BenchProject {
  id: number;
  /** [lon, lat] */
  center: [number, number];
  /** The top-left corner (EPSG:31982 m) of a `sideM`-metre square centred on the project. */
  originFor(sideM: number): [number, number];
}

/**
 * A new allotment (no scene, no AI dictionary yet) with `lots` lots and a sale on each: the AI learns it from
 * scratch, and the finance spreadsheets have one row per lot.
 */
export async function createBenchProject(connectionString: string, lots: number): Promise<BenchProject> {
  const client = new pg.Client(connectionString);
  await client.connect();
  try {
    const { rows: columns } = await client.query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = 'projects' AND column_name NOT IN ('id', 'space', 'name')
          AND is_generated = 'NEVER'`,
    );
    const list = columns.map((column) => `"${column.name}"`).join(', ');
    const { rows } = await client.query<{ id: number; center: [number, number] }>(
      `INSERT INTO projects (space, name, ${list})
       SELECT $1, 'Loteamento Novo (bench)', ${list} FROM projects WHERE space = $2
       ON CONFLICT (space) DO UPDATE SET name = EXCLUDED.name RETURNING id, center`,
      [NEW_SPACE, DEMO_ALLOTMENT_SPACE],
    );
    const project = rows[0];
    if (!project) throw new Error(`o projeto ${DEMO_ALLOTMENT_SPACE} não existe`);
    await client.query(
      `INSERT INTO user_projects (user_id, project_id)
       SELECT user_id, $1 FROM user_projects WHERE project_id = (SELECT id FROM projects WHERE space = $2)
       ON CONFLICT DO NOTHING`,
      [project.id, DEMO_ALLOTMENT_SPACE],
    );
    await seedLots(connectionString, NEW_SPACE, lots);
    await client.query(
      `INSERT INTO lot_informations (layer_id, project_id, codigo_comprador, nome_comprador, status_unidade, status,
         valor_venda, valor_inadimplencia, qtde_parcelas_vencidas, codigo_venda, data_venda)
       SELECT l.id, l.project_id, 'C' || l.id, 'Comprador ' || l.id || ' da Silva', 'Vendida', 'Adimplente',
         60000 + (l.id % 97) * 1500, 0, 0, 'V' || l.id, DATE '2023-01-01' + (l.id % 1000)
       FROM layers l WHERE l.project_id = $1 AND l.type = 'LOT'
       ON CONFLICT (layer_id) DO NOTHING`,
      [project.id],
    );
    const center = project.center;
    return {
      id: project.id,
      center,
      originFor(sideM) {
        const [x, y] = lonLatToUtm(center);
        return [Math.round(x - sideM / 2), Math.round(y + sideM / 2)];
      },
    };
  } finally {
    await client.end();
  }
}
