import { allotmentAnalysesApi } from '@mirante/shared';
import type { Router } from '../../http/route';
import type { AllotmentAnalysesService } from './allotment-analyses.service';

/** The allotment analysis page's list of analyses. */
export function registerAllotmentAnalysesRoutes(route: Router, analyses: AllotmentAnalysesService): void {
  route(allotmentAnalysesApi.list, ({ user, params }) => analyses.list(user, params.id));
}
