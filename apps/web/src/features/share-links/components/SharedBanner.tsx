import { EyeOutlined } from '@ant-design/icons';
import { SHARE_MESSAGES, type SharedView } from '@mirante/shared';
import dayjs from 'dayjs';
import { BrandLogo } from '../../../shared/ui/BrandLogo';
import { SHARE_TEXTS } from '../texts';

/** The shared view's top bar: 'Visualização compartilhada', the project, what is shown and until when. */
export function SharedBanner({ view, summary }: { view: SharedView; summary: string }) {
  return (
    <header className="shared-banner" data-testid="shared-banner">
      <BrandLogo size={28} light />
      <span className="shared-banner__badge">
        <EyeOutlined aria-hidden /> {SHARE_MESSAGES.banner}
      </span>
      <span className="shared-banner__project">{view.project.name}</span>
      <span className="shared-banner__summary">{summary}</span>
      <span className="shared-banner__meta">
        {SHARE_TEXTS.readOnly} · {SHARE_TEXTS.validUntil} {dayjs(view.expires_at).format('DD/MM/YYYY')}
      </span>
    </header>
  );
}
