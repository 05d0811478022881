import { Checkbox, Form } from 'antd';
import { PROJECT_TYPES, PROJECT_TYPE_LABELS, hasModule, type Credentials } from '@mirante/shared';
import { useModules } from '../api';

/**
 * Module checkboxes grouped by project type. Modules the signed-in user does not hold are disabled: nobody
 * grants what they do not have (the server refuses it too).
 */
export function ModulePicker({ credentials }: { credentials: Credentials }) {
  const modules = useModules();
  return (
    <Form.Item label="Módulos" name="modules">
      <Checkbox.Group className="module-picker">
        {PROJECT_TYPES.map((type) => (
          <fieldset key={type} className="module-picker__type">
            <legend>{PROJECT_TYPE_LABELS[type]}</legend>
            {(modules.data ?? [])
              .filter((module) => module.project_type === type)
              .map((module) => (
                <Checkbox key={module.id} value={module.id} disabled={!hasModule(credentials, module.code)}>
                  {module.name}
                </Checkbox>
              ))}
          </fieldset>
        ))}
      </Checkbox.Group>
    </Form.Item>
  );
}
