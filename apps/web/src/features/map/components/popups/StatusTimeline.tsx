import { Button, Empty, Tag, Timeline } from 'antd';
import { useState } from 'react';
import { detectionTypeOf, MAP_LIMITS, MAP_MESSAGES, type StatusHistoryItem } from '@mirante/shared';
import { formatConfidence, formatIsoDate } from '../../model/format';

/** Status history: 3 entries at first, 3 more per click, each with its confidence. */
export function StatusTimeline({ items }: { items: readonly StatusHistoryItem[] }) {
  const [count, setCount] = useState<number>(MAP_LIMITS.timelinePageSize);
  if (items.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MAP_MESSAGES.noRecords} />;
  return (
    <div data-testid="status-timeline">
      <Timeline
        items={items.slice(0, count).map((item) => ({
          key: item.date,
          color: detectionTypeOf(item.status)?.color ?? 'gray',
          children: (
            <div className="timeline-entry">
              <strong>{item.text}</strong>
              <span>{formatIsoDate(item.date)}</span>
              <Tag>Confiança {formatConfidence(item.precision)}</Tag>
              {item.source === 'demo-ground-truth' && <Tag color="gold">Dado de demonstração</Tag>}
            </div>
          ),
        }))}
      />
      {count < items.length && (
        <Button size="small" onClick={() => setCount((value) => value + MAP_LIMITS.timelinePageSize)}>
          Carregar mais
        </Button>
      )}
    </div>
  );
}
