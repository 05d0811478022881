import type { EnvironmentFeature } from '@mirante/shared';
import { useCredentials } from '../../../shared/session/SessionContext';
import { useCurrentProject } from '../../projects/ProjectContext';
import { previewUrl } from '../reportApi';

/** The detector's before and after crops of one proposal, its polygon drawn; nothing for manual detections. */
export function ProposalPreviews({ feature }: { feature: EnvironmentFeature }) {
  const project = useCurrentProject();
  const { api_token: apiToken } = useCredentials();
  if (!feature.has_previews) return null;
  const ids = { projectId: project.id, detectId: feature.detectId, featureId: feature.id };
  return (
    <div className="environment-previews">
      {(['before', 'after'] as const).map((side) => (
        <figure key={side}>
          <a href={previewUrl(ids, side, apiToken)} target="_blank" rel="noreferrer">
            <img
              src={previewUrl(ids, side, apiToken)}
              alt={`${side === 'before' ? 'Antes' : 'Depois'}: ${feature.category_name}`}
              loading="lazy"
            />
          </a>
          <figcaption>{side === 'before' ? 'Antes' : 'Depois'}</figcaption>
        </figure>
      ))}
    </div>
  );
}
