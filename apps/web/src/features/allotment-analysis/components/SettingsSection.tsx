import { Divider, Switch } from 'antd';
import { DETECTION_TYPES, type Scene } from '@mirante/shared';
import { OffsetEditor } from '../../map/components/panels/OffsetEditor';

export interface AnalysisSettings {
  /** Lots filled with their detection's colour (off: every lot grey). */
  detectionColors: boolean;
  lots: boolean;
  blocks: boolean;
}

export interface SettingsSectionProps {
  projectId: number;
  scene: Scene | null;
  settings: AnalysisSettings;
  onChange(settings: AnalysisSettings): void;
}

/** Accordion 'Configurações' (what a USER may set): image offset, detection colours, labels. */
export function SettingsSection({ projectId, scene, settings, onChange }: SettingsSectionProps) {
  const toggle = (key: keyof AnalysisSettings, label: string) => (
    <label className="layers-tab__toggle">
      <Switch
        size="small"
        checked={settings[key]}
        onChange={(value) => onChange({ ...settings, [key]: value })}
      />
      {label}
    </label>
  );
  return (
    <div className="analysis-settings" data-testid="analysis-settings">
      <OffsetEditor projectId={projectId} scene={scene} />
      <Divider size="small" />
      {toggle('detectionColors', 'Cores das detecções')}
      {settings.detectionColors && (
        <ul className="analysis-settings__colors" aria-label="Cores das detecções">
          {DETECTION_TYPES.filter((type) => type.showInDetectionsPageFilters).map((type) => (
            <li key={type.key}>
              <span className="analysis-totals__swatch" style={{ background: type.color }} />
              {type.name}
            </li>
          ))}
        </ul>
      )}
      <Divider size="small" />
      {toggle('lots', 'Identificador dos lotes')}
      {toggle('blocks', 'Identificador das quadras')}
    </div>
  );
}
