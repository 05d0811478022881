import { Alert, Button } from 'antd';

/** A list that failed to load: the spec's message and a retry button. */
export function ListError({ text, onRetry }: { text: string; onRetry(): void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={text}
      action={
        <Button size="small" onClick={onRetry}>
          Tentar novamente
        </Button>
      }
    />
  );
}
