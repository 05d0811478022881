import { useEffect, useState } from 'react';
import { Button, Spin } from 'antd';
import { INTEGRATION_MESSAGES, INTEGRATION_RETRY_FORCE_MS } from '@mirante/shared';

interface Props {
  label: string;
  /** Abandons the pending request and asks again. */
  onForceRetry(): void;
}

/** A spinner; after 30 s without an answer, 'Tentar novamente' (retry-force timeout 30 s). */
export function LoadingWithForceRetry({ label, onForceRetry }: Props) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (late) return;
    const timer = window.setTimeout(() => setLate(true), INTEGRATION_RETRY_FORCE_MS);
    return () => window.clearTimeout(timer);
  }, [late]);
  return (
    <div className="integration-loading" role="status" aria-busy="true">
      <Spin size="large" description={label} />
      {late && (
        <Button
          onClick={() => {
            setLate(false);
            onForceRetry();
          }}
        >
          {INTEGRATION_MESSAGES.retry}
        </Button>
      )}
    </div>
  );
}
