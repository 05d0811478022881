import '../alerts.css';
import { useEffect, useRef } from 'react';
import { Alert, Button, Card, Spin } from 'antd';
import { ALERT_MESSAGES } from '@mirante/shared';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/ApiError';
import { BrandLogo } from '../../../shared/ui/BrandLogo';
import { useUnsubscribe, type UnsubscribeKind } from '../api';
import { ALERT_TEXTS } from '../texts';

/**
 * The e-mail's one-click link: stops that project's alert e-mails, or that scheduled report, as soon as it
 * opens, no sign-in needed.
 */
export default function UnsubscribePage({ kind = 'alerts' }: { kind?: UnsubscribeKind }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe(kind);
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current || !token) return;
    asked.current = true;
    unsubscribe.mutate(token);
  }, [token, unsubscribe]);
  const failure = !token
    ? ALERT_MESSAGES.unsubscribeInvalid
    : unsubscribe.error instanceof ApiError
      ? unsubscribe.error.message
      : unsubscribe.error
        ? String(unsubscribe.error)
        : null;
  return (
    <div className="alert-unsubscribe">
      <Card title={<BrandLogo size={28} />}>
        <h1 className="page-card__intro">
          {kind === 'alerts' ? ALERT_TEXTS.unsubscribeTitle : ALERT_TEXTS.reportUnsubscribeTitle}
        </h1>
        {failure && <Alert type="error" showIcon title={failure} role="alert" />}
        {!failure && !unsubscribe.data && <Spin description={ALERT_TEXTS.unsubscribing} />}
        {unsubscribe.data && <Alert type="success" showIcon title={unsubscribe.data.message} role="status" />}
        <p style={{ marginTop: 16 }}>
          <Link to="/">
            <Button>{ALERT_TEXTS.backToApp}</Button>
          </Link>
        </p>
      </Card>
    </div>
  );
}
