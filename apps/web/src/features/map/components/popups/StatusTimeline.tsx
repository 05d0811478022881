import { Button, Empty, Tag, Timeline } from 'antd';
import { useState } from 'react';
import {
  detectionTypeOf,
  displayDate,
  MAP_LIMITS,
  MAP_MESSAGES,
  type StatusHistoryItem,
} from '@mirante/shared';
import { statusSourceText } from '../../model/statusSource';

const SOURCE_COLORS: Record<StatusHistoryItem['source'], string> = {
  ai: 'blue',
  manual: 'purple',
  import: 'cyan',
  'demo-ground-truth': 'gold',
};

/** Status history: 3 entries at first, 3 more per click, each saying who wrote it (AI, manual edit, import…). */
export function StatusTimeline({ items }: { items: readonly StatusHistoryItem[] }) {
  const [count, setCount] = useState<number>(MAP_LIMITS.timelinePageSize);
  if (items.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MAP_MESSAGES.noRecords} />;
  return (
    <div data-testid="status-timeline">
      <Timeline
        items={items.slice(0, count).map((item) => {
          const source = statusSourceText(item);
          return {
            key: item.date,
            color: detectionTypeOf(item.status)?.color ?? 'gray',
            children: (
              <div className="timeline-entry" data-testid="status-timeline-entry">
                <strong>{item.text}</strong>
                <span>{displayDate(item.date)}</span>
                <Tag color={SOURCE_COLORS[item.source]}>{source.label}</Tag>
                {source.detail && <span className="timeline-entry__detail">{source.detail}</span>}
              </div>
            ),
          };
        })}
      />
      {count < items.length && (
        <Button size="small" onClick={() => setCount((value) => value + MAP_LIMITS.timelinePageSize)}>
          Carregar mais
        </Button>
      )}
    </div>
  );
}
