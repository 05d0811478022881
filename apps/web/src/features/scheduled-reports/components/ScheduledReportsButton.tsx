import { MailOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { managesProjects } from '@mirante/shared';
import { useCredentials } from '../../../shared/session/SessionContext';

const ScheduledReportsModal = lazy(() =>
  import('./ScheduledReportsModal').then((module) => ({ default: module.ScheduledReportsModal })),
);

/** 'Relatórios por e-mail', for the ADMINs and MANAGERs who schedule them; nothing for a USER. */
export function ScheduledReportsButton({
  projectId,
  projectName,
}: {
  projectId: number;
  projectName: string;
}) {
  const credentials = useCredentials();
  const [open, setOpen] = useState(false);
  if (!managesProjects(credentials)) return null;
  return (
    <>
      <Button icon={<MailOutlined aria-hidden />} onClick={() => setOpen(true)}>
        Relatórios por e-mail
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ScheduledReportsModal
            projectId={projectId}
            projectName={projectName}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
