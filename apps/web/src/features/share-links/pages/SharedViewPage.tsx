import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { Spin } from 'antd';
import { SHARE_MESSAGES } from '@mirante/shared';
import { isApiError } from '../../../shared/api/ApiError';
import { StatusScreen } from '../../../shared/status/StatusScreen';
import { useDocumentTitle } from '../../../shared/routing/useDocumentTitle';
import { useOpenSharedView } from '../api';
import { SharedBanner } from '../components/SharedBanner';
import { SharedLotHistory } from '../components/SharedLotHistory';
import { SharedMap } from '../components/SharedMap';
import { SharedPasswordForm } from '../components/SharedPasswordForm';
import { SHARE_TEXTS } from '../texts';
import { viewSummary } from '../viewSummary';
import '../../map/map.css';
import '../share-links.css';

const PASSWORD_CODES = new Set(['SHARE_PASSWORD_REQUIRED', 'SHARE_PASSWORD_WRONG']);

/** `/compartilhado/:token`: the read-only view a share link opens, without sign-in. */
export default function SharedViewPage() {
  const { token = '' } = useParams();
  const opening = useOpenSharedView(token);
  const started = useRef(false);
  useDocumentTitle(`${SHARE_MESSAGES.banner} — Mirante`);

  useEffect(() => {
    // Once per page: every opening counts one view.
    if (started.current) return;
    started.current = true;
    opening.mutate(undefined);
  }, [opening]);

  const view = opening.data;
  if (view)
    return (
      <div className="shared-view" data-testid="shared-view">
        <SharedBanner view={view} summary={viewSummary(view)} />
        <main className="shared-view__stage">
          {view.kind === 'lot' ? <SharedLotHistory view={view} /> : <SharedMap view={view} />}
        </main>
      </div>
    );

  const error = opening.error;
  const code = isApiError(error) ? error.code : null;
  if (code && PASSWORD_CODES.has(code))
    return (
      <SharedPasswordForm
        error={code === 'SHARE_PASSWORD_WRONG' ? (error?.message ?? null) : null}
        pending={opening.isPending}
        onSubmit={(password) => opening.mutate(password)}
      />
    );
  if (error)
    return (
      <StatusScreen
        status="warning"
        title={SHARE_TEXTS.unavailableTitle}
        subTitle={error.message || SHARE_MESSAGES.unavailable}
        testId="shared-unavailable"
      />
    );
  return <Spin fullscreen tip={SHARE_TEXTS.opening} />;
}
