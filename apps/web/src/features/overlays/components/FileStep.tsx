import { Button, Form, Input, Upload } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import type { FormInstance } from 'antd';
import { useEffect } from 'react';
import { OVERLAY_MESSAGES } from '@mirante/shared';

export interface FileStepValues {
  name: string;
  file: File | null;
}

export interface FileStepProps {
  form: FormInstance<FileStepValues>;
  file: File | null;
  onFile(file: File | null): void;
}

/** Step 1: the overlay's name and the PDF plan (sent to the server when continuing). */
export function FileStep({ form, file, onFile }: FileStepProps) {
  // Once a file is chosen, a 'required' left from an earlier Continuar goes (checked with the new file, after the
  // render that gives the rule its closure: validating in beforeUpload still saw no file and kept the error).
  useEffect(() => {
    if (file && form.getFieldError('file').length > 0) void form.validateFields(['file']);
  }, [file, form]);
  return (
    <Form form={form} layout="vertical" data-testid="overlay-step-file" requiredMark>
      <Form.Item
        label="Nome"
        name="name"
        rules={[{ required: true, whitespace: true, message: OVERLAY_MESSAGES.required }]}
      >
        <Input maxLength={255} placeholder="Ex.: Planta do térreo" />
      </Form.Item>
      <Form.Item
        label="Arquivo PDF"
        required
        name="file"
        rules={[
          {
            validator: () =>
              file ? Promise.resolve() : Promise.reject(new Error(OVERLAY_MESSAGES.required)),
          },
        ]}
      >
        <Upload
          accept="application/pdf"
          maxCount={1}
          fileList={file ? [{ uid: 'plan', name: file.name, status: 'done' }] : []}
          beforeUpload={(chosen) => {
            onFile(chosen);
            return false;
          }}
          onRemove={() => onFile(null)}
        >
          <Button icon={<FilePdfOutlined aria-hidden />}>Selecionar PDF</Button>
        </Upload>
      </Form.Item>
    </Form>
  );
}
