import { useState } from 'react';
import { Button, Input, Tag } from 'antd';
import { ListError } from '../../security/components/ListError';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { serverReason } from '../messages';
import { useOutboundHosts, useSaveOutboundHosts } from './api';
import { OUTBOUND_HOST_TEXTS as T } from './texts';

/** 'Hosts liberados': the internal hosts (an on-premise ERP) that the URLs users type may reach. */
export function OutboundHostsTab() {
  const message = useFeedback();
  const hosts = useOutboundHosts();
  const save = useSaveOutboundHosts();
  /** What the ADMIN typed; null while he has typed nothing since the list was loaded or saved. */
  const [draft, setDraft] = useState<string | null>(null);
  const own = (hosts.data ?? []).filter((host) => host.source === 'admin').map((host) => host.host);
  const others = (hosts.data ?? []).filter((host) => host.source !== 'admin');
  const text = draft ?? own.join('\n');

  const submit = async () => {
    try {
      await save.mutateAsync(
        text
          .split(/[\n,]+/)
          .map((line) => line.trim())
          .filter(Boolean),
      );
      setDraft(null);
      void message.success(T.saved);
    } catch (error) {
      void message.error(`${T.saveFailed} ${serverReason(error)}`);
    }
  };

  if (hosts.isError) return <ListError text={T.loadFailed} onRetry={() => void hosts.refetch()} />;
  return (
    <div className="admin-tab">
      <p>{T.intro}</p>
      <label htmlFor="outbound-hosts">{T.label}</label>
      <Input.TextArea
        id="outbound-hosts"
        rows={6}
        value={text}
        placeholder={T.placeholder}
        disabled={hosts.isLoading}
        onChange={(event) => setDraft(event.target.value)}
      />
      <Button type="primary" loading={save.isPending} onClick={() => void submit()} style={{ marginTop: 12 }}>
        {T.save}
      </Button>
      {others.length > 0 && (
        <>
          <h2 className="admin-tab__heading">{T.others}</h2>
          <ul aria-label={T.others}>
            {others.map((host) => (
              <li key={`${host.source}:${host.host}`}>
                {host.host} <Tag>{host.source === 'environment' ? T.environment : T.demo}</Tag>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
