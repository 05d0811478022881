import { useEffect } from 'react';
import { Result } from 'antd';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@mirante/shared';

/** The business limits: the redirect after a password is set waits 4000 ms. */
const REDIRECT_AFTER_PASSWORD_SET_MS = 4000;

export function PasswordSetSuccess() {
  const navigate = useNavigate();

  useEffect(() => {
    const timer = window.setTimeout(
      () => navigate('/page/area', { replace: true }),
      REDIRECT_AFTER_PASSWORD_SET_MS,
    );
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <Result
      status="success"
      title={MESSAGES.passwordConfigured}
      subTitle="Você será levado ao Mirante em instantes."
      data-testid="password-set"
    />
  );
}
