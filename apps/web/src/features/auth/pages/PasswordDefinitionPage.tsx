import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { LoadingScreen } from '../../../shared/status/LoadingScreen';
import { usePasswordTokenValidation } from '../api';
import { AuthFrame } from '../components/AuthFrame';
import type { LoginState } from '../loginState';
import { PasswordDefinitionForm } from '../components/PasswordDefinitionForm';
import { PasswordSetSuccess } from '../components/PasswordSetSuccess';

export default function PasswordDefinitionPage() {
  const [search] = useSearchParams();
  const passwordToken = search.get('t');
  const recovery = search.get('m') === '1';
  const validation = usePasswordTokenValidation(passwordToken);
  const [done, setDone] = useState(false);
  const invalid = !passwordToken || validation.isError;

  // The error catalogue: token validation errors (or no token) redirect to '/', which says the link expired and offers recovery.
  if (invalid) return <Navigate to="/" replace state={{ passwordLinkExpired: true } satisfies LoginState} />;
  if (validation.isPending) return <LoadingScreen label="Validando link…" />;

  const title = recovery ? 'Recuperar senha' : 'Definir senha';
  const subtitle = done
    ? 'Tudo pronto! Sua senha foi salva.'
    : recovery
      ? `Olá, ${validation.data.name}. Defina uma nova senha para ${validation.data.email}.`
      : `Bem-vindo(a), ${validation.data.name}. Crie a senha de acesso para ${validation.data.email}.`;

  return (
    <AuthFrame title={title} subtitle={subtitle}>
      {done ? (
        <PasswordSetSuccess />
      ) : (
        <PasswordDefinitionForm passwordToken={passwordToken} onDone={() => setDone(true)} />
      )}
    </AuthFrame>
  );
}
