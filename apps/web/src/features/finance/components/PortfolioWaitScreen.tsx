import { HourglassOutlined } from '@ant-design/icons';
import { StatusScreen } from '../../../shared/status/StatusScreen';

/** The portfolio's 404: the wait page of the finance page. */
export function PortfolioWaitScreen() {
  return (
    <StatusScreen
      icon={<HourglassOutlined aria-hidden className="status-icon" />}
      title="A carteira deste empreendimento ainda está sendo preparada"
      subTitle="Aguarde: assim que os dados do loteamento estiverem disponíveis, eles aparecerão aqui."
      testId="portfolio-wait"
    />
  );
}
