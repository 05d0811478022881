import * as shared from '@mirante/shared';
import type { EndpointDefinition } from '@mirante/shared';

function isEndpoint(value: unknown): value is EndpointDefinition {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<EndpointDefinition>;
  return typeof candidate.method === 'string' && typeof candidate.path === 'string' && !!candidate.response;
}

/** Every endpoint of the contract: each `…Api` group exported by @mirante/shared, found by shape. */
export function contractEndpoints(): EndpointDefinition[] {
  const found = new Set<EndpointDefinition>();
  for (const group of Object.values(shared)) {
    if (typeof group !== 'object' || group === null) continue;
    for (const value of Object.values(group)) if (isEndpoint(value)) found.add(value);
  }
  return [...found].sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}
