import type { LightMyRequestResponse } from 'fastify';
import { demoRows } from './demo-rows';
import { factories } from './factories';
import { bearer, type TestContext } from './test-app';

const pad = (value: number) => String(value).padStart(2, '0');

/** YYYY-MM-DD of `day` in the month `shift` months from now (server time zone). */
export function dayOfMonth(shift: number, day = 15): string {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth() + shift, day);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** YYYY-MM of the month `shift` months from now. */
export const monthOf = (shift: number) => dayOfMonth(shift).slice(0, 7);

export const formatted = (isoDate: string) => isoDate.split('-').reverse().join('/');

/** Calls and fixtures shared by the analyses API tests. */
export function analysesKit(ctx: TestContext) {
  const make = factories(ctx);
  return {
    projectId: demoRows(ctx).projectId,
    async call(
      token: string | null,
      method: 'GET' | 'POST',
      url: string,
      body?: unknown,
    ): Promise<LightMyRequestResponse> {
      return ctx.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: token ? bearer(token) : {},
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
    },

    /** A scene row straight in the database (a fixture: the ingest itself is the scenes feature's test). */
    insertScene(projectId: number, date: string, status: 'ready' | 'failed' = 'ready'): Promise<number> {
      return make.buildScene(projectId, { date, status });
    },

    async detection(id: number) {
      return ctx.db.selectFrom('detections').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}
