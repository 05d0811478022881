import { useEffect, useState } from 'react';
import { App } from 'antd';
import { Navigate, useSearchParams } from 'react-router';
import { LoadingScreen } from '../../../shared/status/LoadingScreen';
import { usePasswordTokenValidation } from '../api';
import { AuthFrame } from '../components/AuthFrame';
import { PasswordDefinitionForm } from '../components/PasswordDefinitionForm';
import { PasswordSetSuccess } from '../components/PasswordSetSuccess';

const INVALID_LINK = 'O link de definição de senha é inválido ou expirou.';

export default function PasswordDefinitionPage() {
  const [search] = useSearchParams();
  const passwordToken = search.get('t');
  const recovery = search.get('m') === '1';
  const validation = usePasswordTokenValidation(passwordToken);
  const [done, setDone] = useState(false);
  const { message } = App.useApp();
  const invalid = !passwordToken || validation.isError;

  useEffect(() => {
    // Spec 8: token validation errors (or no token) show an error and redirect to '/'.
    if (invalid) void message.error(validation.error?.message ?? INVALID_LINK);
  }, [invalid, message, validation.error]);

  if (invalid) return <Navigate to="/" replace />;
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
