import { App, Button, Form } from 'antd';
import { PROJECT_MESSAGES, type RegisteredProject } from '@mirante/shared';
import { serverReason } from '../messages';
import { useCreateProject } from './api';
import { ProjectFormFields } from './ProjectFormFields';
import { toCreateBody, type ProjectFormValues } from './projectFormValues';
import { PROJECT_TAB_TEXTS } from './texts';

/** The registration form of the 'Cadastrar projeto' tab. */
export function CreateProjectForm({ onCreated }: { onCreated?(project: RegisteredProject): void }) {
  const [form] = Form.useForm<ProjectFormValues>();
  const { message } = App.useApp();
  const create = useCreateProject();

  const submit = (values: ProjectFormValues) =>
    create.mutate(toCreateBody(values), {
      onSuccess: (project) => {
        void message.success(`${PROJECT_MESSAGES.created}: ${project.name}`);
        form.resetFields();
        onCreated?.(project);
      },
      onError: (error) => void message.error(`${PROJECT_TAB_TEXTS.createFailed} ${serverReason(error)}`),
    });

  return (
    <Form<ProjectFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      className="admin-form admin-project-form"
      name="create-project"
      aria-label="Cadastrar projeto"
      initialValues={{ projectType: 'ALLOTMENT' }}
    >
      <ProjectFormFields withCustomer panelOpen={false} />
      <Button type="primary" htmlType="submit" loading={create.isPending}>
        Cadastrar projeto
      </Button>
    </Form>
  );
}
