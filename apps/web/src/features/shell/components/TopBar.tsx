import { Link, useLocation } from 'react-router';
import { BrandLogo } from '../../../shared/ui/BrandLogo';
import { withToken } from '../../../shared/routing/withToken';
import { AlertBell } from '../../alerts/components/AlertBell';
import '../../alerts/alerts.css';
import { HelpButton } from '../../notify/components/HelpButton';
import { ProjectSelector } from '../../projects/components/ProjectSelector';
import { MainMenu } from './MainMenu';
import { UserMenu } from './UserMenu';

export function TopBar() {
  const location = useLocation();
  return (
    <header className="top-bar">
      <Link to={withToken('/page', location.search)} className="top-bar__brand" aria-label="Mirante — início">
        <BrandLogo size={30} light />
      </Link>
      <ProjectSelector />
      <MainMenu />
      <div className="top-bar__actions">
        <AlertBell />
        <HelpButton />
        <UserMenu />
      </div>
    </header>
  );
}
