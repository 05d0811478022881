import { Alert, Button, Empty, List, Modal, Popconfirm, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { SCHEDULED_REPORT_MESSAGES, type ReportSchedule, type ReportScheduleInput } from '@mirante/shared';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { serverReason } from '../../admin/messages';
import { useDeleteReportSchedule, useReportSchedules, useSaveReportSchedule, useSendReportNow } from '../api';
import { brasiliaTime, runText } from '../runText';
import { ScheduleForm } from './ScheduleForm';

/** The project's scheduled reports: the list with 'Enviar agora', edit and delete, and the form of a new one. */
export function ScheduledReportsModal({
  projectId,
  projectName,
  open,
  onClose,
}: {
  projectId: number;
  projectName: string;
  open: boolean;
  onClose(): void;
}) {
  const message = useFeedback();
  const query = useReportSchedules(projectId, open);
  const save = useSaveReportSchedule(projectId);
  const remove = useDeleteReportSchedule(projectId);
  const send = useSendReportNow(projectId);
  // null: no form; 'new': a new schedule; a schedule: editing it.
  const [form, setForm] = useState<'new' | ReportSchedule | null>(null);

  const submit = (body: ReportScheduleInput) =>
    save.mutate(
      { scheduleId: form && form !== 'new' ? form.id : null, body },
      {
        onSuccess: () => {
          void message.success(
            form === 'new' ? SCHEDULED_REPORT_MESSAGES.created : SCHEDULED_REPORT_MESSAGES.updated,
          );
          setForm(null);
        },
        onError: (error) =>
          void message.error(`${SCHEDULED_REPORT_MESSAGES.saveFailed} ${serverReason(error)}`),
      },
    );

  const sendNow = (schedule: ReportSchedule) =>
    send.mutate(schedule.id, {
      onSuccess: () => void message.success(SCHEDULED_REPORT_MESSAGES.sendQueued),
      onError: (error) =>
        void message.error(`${SCHEDULED_REPORT_MESSAGES.sendFailed} ${serverReason(error)}`),
    });

  const removeSchedule = (schedule: ReportSchedule) =>
    remove.mutate(schedule.id, {
      onSuccess: () => void message.success(SCHEDULED_REPORT_MESSAGES.deleted),
      onError: (error) => void message.error(serverReason(error)),
    });

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={760}
      title={`Relatórios por e-mail — ${projectName}`}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        O relatório vai em PDF (mapa com a situação dos lotes na data mais recente, contagens, mudanças desde
        o relatório anterior, invasões com imagens de antes e depois e, para quem tem acesso, os totais
        financeiros), com a planilha de detecções anexa. Envio às 07:00 (horário de Brasília).
      </Typography.Paragraph>
      {query.isPending && <Spin />}
      {query.isError && <Alert type="error" showIcon message={SCHEDULED_REPORT_MESSAGES.listFailed} />}
      {query.data && (
        <>
          {form ? (
            <ScheduleForm
              key={form === 'new' ? 'new' : form.id}
              candidates={query.data.candidates}
              editing={form === 'new' ? null : form}
              saving={save.isPending}
              onSave={submit}
              onCancel={() => setForm(null)}
            />
          ) : (
            <Button type="primary" onClick={() => setForm('new')} style={{ marginBottom: 12 }}>
              Novo agendamento
            </Button>
          )}
          {query.data.schedules.length === 0 ? (
            !form && <Empty description="Nenhum relatório agendado para este projeto." />
          ) : (
            <List
              className="scheduled-reports__list"
              dataSource={query.data.schedules}
              renderItem={(schedule) => (
                <List.Item
                  data-testid={`report-schedule-${schedule.id}`}
                  actions={[
                    <Button
                      key="send"
                      size="small"
                      loading={send.isPending && send.variables === schedule.id}
                      onClick={() => sendNow(schedule)}
                    >
                      Enviar agora
                    </Button>,
                    <Button key="edit" size="small" type="link" onClick={() => setForm(schedule)}>
                      Editar
                    </Button>,
                    <Popconfirm
                      key="delete"
                      title="Excluir este agendamento?"
                      okText="Excluir"
                      cancelText="Cancelar"
                      onConfirm={() => removeSchedule(schedule)}
                    >
                      <Button size="small" type="link" danger>
                        Excluir
                      </Button>
                    </Popconfirm>,
                  ]}
                >
                  <List.Item.Meta
                    title={
                      <Space>
                        <Tag color="blue">{schedule.frequency === 'weekly' ? 'Semanal' : 'Mensal'}</Tag>
                        {schedule.description}
                      </Space>
                    }
                    description={
                      <>
                        <div>Para: {schedule.recipients.map((r) => r.name).join(', ')}</div>
                        <div>Próximo envio: {brasiliaTime(schedule.next_run_at)}</div>
                        <div data-testid="report-last-run">Último envio: {runText(schedule.last_run)}</div>
                      </>
                    }
                  />
                </List.Item>
              )}
            />
          )}
        </>
      )}
    </Modal>
  );
}
