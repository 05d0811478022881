import '../gis-keys.css';
import { useContext } from 'react';
import { Collapse } from 'antd';
import { Link } from 'react-router';
import { ProjectContext } from '../../projects/ProjectContext';
import { gisUrls } from '../gisUrls';
import { GIS_KEY_TEXTS } from '../texts';
import { GisAddressFields } from './GisAddressFields';
import { QgisSteps } from './QgisSteps';

/**
 * The help modal's entry on GIS clients: the selected project's WMTS and OGC API addresses to copy, and how to
 * add them to QGIS (outside a project, only the steps).
 */
export function GisHelpEntry({ onNavigate }: { onNavigate: () => void }) {
  const project = useContext(ProjectContext)?.project;
  const urls = project ? gisUrls(window.location.origin, project.id) : null;
  return (
    <Collapse
      size="small"
      className="help-modal__gis"
      items={[
        {
          key: 'gis',
          label: GIS_KEY_TEXTS.helpEntryTitle,
          children: (
            <section aria-label={GIS_KEY_TEXTS.helpEntryTitle}>
              <p>
                {GIS_KEY_TEXTS.helpEntryIntro}
                <Link to="/page/gis-keys" onClick={onNavigate}>
                  {GIS_KEY_TEXTS.title}
                </Link>
                .
              </p>
              {project && urls && (
                <>
                  <p>
                    <strong>{project.name}</strong>
                  </p>
                  <GisAddressFields urls={urls} />
                </>
              )}
              <QgisSteps />
            </section>
          ),
        },
      ]}
    />
  );
}
