import { useEffect, useState } from 'react';
import { Alert, Button } from 'antd';
import { Navigate, useLocation } from 'react-router';
import { INACTIVE_NOTICE_STORAGE_KEY } from '@mirante/shared';
import { useSession } from '../../../shared/session/SessionContext';
import { LoadingScreen } from '../../../shared/status/LoadingScreen';
import { withToken } from '../../../shared/routing/withToken';
import { AuthFrame } from '../components/AuthFrame';
import { EXPIRED_LINK_HELP, EXPIRED_LINK_TITLE, type LoginState } from '../loginState';
import { LoginForm } from '../components/LoginForm';
import { RecoveryForm } from '../components/RecoveryForm';

/** `onSubmitted`: called as the credentials are sent (the app preloads the signed-in pages meanwhile). */
export default function LoginPage({ onSubmitted }: { onSubmitted?: () => void }) {
  const { credentials, signingInByToken, tokenError } = useSession();
  const location = useLocation();
  const [mode, setMode] = useState<'login' | 'recovery'>('login');
  const [notice] = useState(() => localStorage.getItem(INACTIVE_NOTICE_STORAGE_KEY));
  const state = location.state as LoginState | null;
  const linkExpired = state?.passwordLinkExpired === true && mode === 'login';

  useEffect(() => {
    // Shown once: the notice left by an inactive-user session loss.
    localStorage.removeItem(INACTIVE_NOTICE_STORAGE_KEY);
  }, []);

  if (signingInByToken) return <LoadingScreen label="Entrando…" />;
  if (credentials) {
    const from = state?.from;
    return <Navigate to={from ?? withToken('/page', location.search)} replace />;
  }

  return (
    <AuthFrame
      title={mode === 'login' ? 'Acesse sua conta' : 'Recuperar conta'}
      subtitle={
        mode === 'login'
          ? 'Entre com o email e a senha cadastrados.'
          : 'Vamos ajudar você a voltar a acessar o Mirante.'
      }
    >
      {notice && <Alert className="form-alert" type="warning" showIcon title={notice} />}
      {linkExpired && (
        <Alert
          className="form-alert"
          type="warning"
          showIcon
          role="alert"
          title={EXPIRED_LINK_TITLE}
          description={
            <>
              <p className="form-alert__text">{EXPIRED_LINK_HELP}</p>
              <Button size="small" onClick={() => setMode('recovery')}>
                Pedir novo link
              </Button>
            </>
          }
        />
      )}
      {tokenError && <Alert className="form-alert" type="error" showIcon title={tokenError} />}
      {mode === 'login' ? (
        <LoginForm onForgotPassword={() => setMode('recovery')} onSubmitted={onSubmitted} />
      ) : (
        <RecoveryForm onRemembered={() => setMode('login')} />
      )}
    </AuthFrame>
  );
}
