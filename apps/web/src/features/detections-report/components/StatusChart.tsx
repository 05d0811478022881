import { useEffect, useRef } from 'react';
import { PieChart } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { detectionTypeOf, type StatusCount } from '@mirante/shared';

echarts.use([PieChart, TooltipComponent, LegendComponent, CanvasRenderer]);

/** Pie of the first 5 statuses (spec 9), in the detection types' colours; loaded lazily with ECharts. */
export default function StatusChart({ statuses }: { statuses: StatusCount[] }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return undefined;
    const chart = echarts.init(element.current);
    const data = statuses.slice(0, 5).map((item) => ({
      name: item.name,
      value: item.value,
      itemStyle: { color: detectionTypeOf(item.key)?.color },
    }));
    chart.setOption({
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { bottom: 0, type: 'scroll' },
      series: [{ type: 'pie', radius: ['35%', '65%'], center: ['50%', '42%'], data, label: { show: false } }],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [statuses]);
  return <div ref={element} className="detections-chart" data-testid="status-chart" />;
}
