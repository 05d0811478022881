import { z } from 'zod';

/** What can be wrong with one feature of an imported file. */
export const IMPORT_PROBLEM_CODES = [
  /** The topology engine refuses the geometry (self-intersection, ring crossing, too few points…). */
  'INVALID_GEOMETRY',
  'EMPTY_GEOMETRY',
  /** A geometry kind a layer cannot hold (a GeometryCollection, a lot that is not a polygon…). */
  'UNSUPPORTED_GEOMETRY',
  /** The coordinates fall outside Brazil: the CRS is probably wrong. */
  'OUTSIDE_BRAZIL',
  /** A lot without lot number (warning: named by its position). */
  'MISSING_NAME',
  /** Two features of the file are the same lot (same customer code, or same quadra + lote). */
  'DUPLICATE_LOT',
  /** A repeated lot kept with a suffixed code or lot number (warning: the conflict named). */
  'DUPLICATE_LOT_RENAMED',
  /** A type value not among the entities and their fields (warning: stored as DEFAULT). */
  'UNKNOWN_TYPE',
  /** DXF: an open polyline or a line, not a closed shape (warning: ignored). */
  'OPEN_SHAPE',
  /** DXF: a text inside no polygon, or a polygon with several lot numbers (warning). */
  'TEXT_PLACEMENT',
] as const;
export type ImportProblemCode = (typeof IMPORT_PROBLEM_CODES)[number];

/** One problem of an import, with the feature it concerns and where (lon/lat) it is. */
export const importProblemSchema = z.object({
  code: z.enum(IMPORT_PROBLEM_CODES),
  /** `error` refuses the feature (the file, without skipInvalid); `warning` only informs. */
  severity: z.enum(['error', 'warning']),
  /** pt-BR, naming the feature (e.g. 'Feição 12 (lote 7, quadra B): autointerseção'). */
  message: z.string(),
  /** Position of the feature in the file, from 0; null for a problem of no single feature. */
  index: z.number().int().nullable(),
  /** The feature's own id in the file (id, FID, DXF handle, lot number), when it has one. */
  featureId: z.string().nullable(),
  /** [longitude, latitude] of the problem (the crossing point, or the feature's centre); null if unknown. */
  location: z.tuple([z.number(), z.number()]).nullable(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;
