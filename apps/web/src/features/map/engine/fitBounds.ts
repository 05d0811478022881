import { MAP_LIMITS } from '@mirante/shared';

/** How every map frames a place (a project, a detection): 40 px around it, at most zoom 18. */
export const FIT_BOUNDS_OPTIONS = { padding: 40, maxZoom: MAP_LIMITS.fitBoundsMaxZoom } as const;
