import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Progress, Typography, Upload } from 'antd';
import { useState } from 'react';
import { ELEVATION_MESSAGES } from '@mirante/shared';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { DSM_ACCEPT, dsmFileProblem, uploadDsm } from '../dsmUpload';

interface Props {
  sceneId: number;
  /** How the scene is named to the user (the inspection's date and phase). */
  label: string;
  hasDsm: boolean;
  onClose(): void;
  onUploaded(): void;
}

/** ★ Attaches (or replaces) the elevation model of an inspection's scene: a single-band float GeoTIFF. */
export function DsmUploadModal({ sceneId, label, hasDsm, onClose, onUploaded }: Props) {
  const message = useFeedback();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const sending = percent !== null;

  const choose = (chosen: File) => {
    const wrong = dsmFileProblem(chosen);
    setProblem(wrong);
    setFile(wrong ? null : chosen);
    return false;
  };

  const send = async () => {
    if (!file) {
      setProblem(ELEVATION_MESSAGES.fileRequired);
      return;
    }
    setProblem(null);
    setPercent(0);
    try {
      await uploadDsm(sceneId, file, (fraction) => setPercent(Math.round(fraction * 100)));
      void message.success(ELEVATION_MESSAGES.uploaded);
      onUploaded();
      onClose();
    } catch (error) {
      setProblem(`${ELEVATION_MESSAGES.uploadFailed} ${(error as Error).message}`);
      setFile(null);
      setPercent(null);
    }
  };

  return (
    <Modal
      open
      title="Modelo de elevação"
      onCancel={sending ? undefined : onClose}
      closable={!sending}
      maskClosable={false}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={sending}>
          Cancelar
        </Button>,
        <Button key="send" type="primary" loading={sending} onClick={() => void send()}>
          Enviar
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        Vistoria {label}. Envie o modelo digital de superfície (GeoTIFF de uma banda com as alturas em metros,
        em projeção métrica) para medir volumes sobre esta imagem.
        {hasDsm && ' A imagem já possui um modelo de elevação: o novo arquivo o substitui.'}
      </Typography.Paragraph>
      <Upload
        accept={DSM_ACCEPT}
        maxCount={1}
        beforeUpload={choose}
        fileList={file ? [{ uid: 'dsm', name: file.name, status: 'done' }] : []}
        onRemove={() => setFile(null)}
        disabled={sending}
      >
        <Button icon={<UploadOutlined aria-hidden />} disabled={sending}>
          Escolher arquivo
        </Button>
      </Upload>
      {sending && <Progress percent={percent} aria-label="Envio do modelo de elevação" />}
      {problem && <Alert type="error" showIcon message={problem} style={{ marginTop: 12 }} />}
    </Modal>
  );
}
