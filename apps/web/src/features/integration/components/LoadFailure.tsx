import { Alert, Button } from 'antd';

/** A failed load inside a step: the spec's text with the server's reason, and a way to ask again. */
export function LoadFailure({ text, onRetry }: { text: string; onRetry(): void }) {
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={text}
      action={<Button onClick={onRetry}>Recarregar</Button>}
    />
  );
}
