import { Alert, Button } from 'antd';

/** A list that failed to load: the spec's text with the server's reason and a retry link. */
export function LoadError({ text, onRetry }: { text: string; onRetry(): void }) {
  return (
    <Alert
      type="error"
      showIcon
      message={text}
      action={
        <Button size="small" type="link" onClick={onRetry}>
          Tentar novamente
        </Button>
      }
    />
  );
}
