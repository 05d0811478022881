import { Alert } from 'antd';

interface Props {
  error: string | null;
  onClose(): void;
}

/** A failure inside a dialog: shown in it, above the form (not over its title), until dismissed or retried. */
export function DialogError({ error, onClose }: Props) {
  if (!error) return null;
  return (
    <Alert className="dialog-error" type="error" showIcon closable={{ onClose }} title={error} role="alert" />
  );
}
