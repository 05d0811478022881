import { useEffect } from 'react';
import { App, Form, Modal } from 'antd';
import { PROJECT_MESSAGES, type EditProjectInput, type RegisteredProject } from '@mirante/shared';
import { serverReason } from '../messages';
import { useEditProject } from './api';
import { ProjectFormFields } from './ProjectFormFields';
import { fromProject, toEditBody, type ProjectFormValues } from './projectFormValues';
import { PROJECT_TAB_TEXTS } from './texts';
import { EnterSubmits } from '../../../shared/forms/EnterSubmits';

function withoutUntouchedBoundary(body: EditProjectInput, touched: boolean): EditProjectInput {
  if (touched) return body;
  const { delimiter: _unchanged, ...rest } = body;
  return rest;
}

/** 'Editar projeto': the registration fields but the customer, filled with the project. */
export function EditProjectModal({
  project,
  onClose,
}: {
  project: RegisteredProject | null;
  onClose(): void;
}) {
  const [form] = Form.useForm<ProjectFormValues>();
  const { message } = App.useApp();
  const edit = useEditProject();

  useEffect(() => {
    if (project) form.setFieldsValue(fromProject(project));
  }, [project, form]);

  const submit = (values: ProjectFormValues) => {
    if (!project) return;
    edit.mutate(
      // The boundary is sent only when changed here: sending back one derived from the lots would mark it as given.
      {
        id: project.id,
        body: withoutUntouchedBoundary(toEditBody(values), form.isFieldTouched('delimiter')),
      },
      {
        onSuccess: () => {
          void message.success(PROJECT_MESSAGES.updated);
          onClose();
        },
        onError: (error) => void message.error(`${PROJECT_TAB_TEXTS.updateFailed} ${serverReason(error)}`),
      },
    );
  };

  return (
    <Modal
      open={project !== null}
      title={project ? `Editar projeto ${project.id} - ${project.name}` : 'Editar projeto'}
      width={760}
      okText="Salvar"
      cancelText="Cancelar"
      confirmLoading={edit.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form<ProjectFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        name="edit-project"
        aria-label="Editar projeto"
      >
        <ProjectFormFields withCustomer={false} panelOpen />
        <EnterSubmits />
      </Form>
    </Modal>
  );
}
