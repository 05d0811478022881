import { MESSAGES, notifyApi } from '@mirante/shared';
import type { Router } from '../../http/route';
import type { NotifyService } from './notify.service';

export function registerNotifyRoutes(route: Router, notify: NotifyService): void {
  route(notifyApi.requestHelp, async ({ user, body }) => {
    await notify.requestHelp(user, body);
    return { message: MESSAGES.supportEmailSent };
  });
}
