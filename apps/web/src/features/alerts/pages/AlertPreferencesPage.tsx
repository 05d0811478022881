import '../alerts.css';
import { Alert, Card, Empty, Spin } from 'antd';
import { useAlertPreferences } from '../api';
import { ProjectAlertForm } from '../components/ProjectAlertForm';
import { ALERT_TEXTS } from '../texts';

/** 'Preferências de alertas': per project, the kinds of change that reach the user and how. */
export default function AlertPreferencesPage() {
  const preferences = useAlertPreferences();
  return (
    <div className="page-wide alert-preferences">
      <Card title={ALERT_TEXTS.pageTitle} className="page-card">
        <p className="page-card__intro">{ALERT_TEXTS.pageIntro}</p>
        {preferences.isPending && <Spin />}
        {preferences.isError && <Alert type="error" showIcon title={ALERT_TEXTS.loadFailed} />}
        {preferences.data?.length === 0 && <Empty description={ALERT_TEXTS.noProjects} />}
        {preferences.data?.map((preference) => (
          <ProjectAlertForm key={preference.project_id} preference={preference} />
        ))}
      </Card>
    </div>
  );
}
