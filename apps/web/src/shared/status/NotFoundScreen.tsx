import { Button } from 'antd';
import { Link } from 'react-router';
import { MESSAGES } from '@mirante/shared';
import { StatusScreen } from './StatusScreen';

export function NotFoundScreen() {
  return (
    <StatusScreen
      status="404"
      title={MESSAGES.notFoundPage}
      subTitle="O endereço acessado não existe ou foi removido."
      extra={
        <Link to="/">
          <Button type="primary">Voltar ao início</Button>
        </Link>
      }
      testId="not-found"
    />
  );
}
