import { HourglassOutlined } from '@ant-design/icons';
import { StatusScreen } from './StatusScreen';

export function ProcessingNotFinishedScreen() {
  return (
    <StatusScreen
      icon={<HourglassOutlined aria-hidden className="status-icon" />}
      title="O processamento do projeto ainda não foi finalizado"
      subTitle="Volte em breve: as análises estão sendo preparadas."
      testId="processing-not-finished"
    />
  );
}
