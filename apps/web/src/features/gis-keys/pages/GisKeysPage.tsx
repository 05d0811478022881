import { useState } from 'react';
import '../gis-keys.css';
import { Card } from 'antd';
import type { CreatedGisKey } from '@mirante/shared';
import { useCurrentProject } from '../../projects/ProjectContext';
import { CreateGisKeyForm } from '../components/CreateGisKeyForm';
import { CreatedGisKeyModal } from '../components/CreatedGisKeyModal';
import { GisAddresses } from '../components/GisAddresses';
import { GisKeysTable } from '../components/GisKeysTable';
import { GIS_KEY_TEXTS } from '../texts';

/** 'Chaves de acesso GIS': create (shown once), list with last use, revoke; the project's GIS addresses. */
export default function GisKeysPage() {
  const project = useCurrentProject();
  const [created, setCreated] = useState<CreatedGisKey | null>(null);
  return (
    <div className="page-wide gis-keys">
      <Card title={GIS_KEY_TEXTS.title} className="page-card">
        <p className="page-card__intro">{GIS_KEY_TEXTS.intro}</p>
        <CreateGisKeyForm onCreated={setCreated} />
        <GisKeysTable />
        <GisAddresses projectId={project.id} projectName={project.name} />
      </Card>
      <CreatedGisKeyModal created={created} projectId={project.id} onClose={() => setCreated(null)} />
    </div>
  );
}
