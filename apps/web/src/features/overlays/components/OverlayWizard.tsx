import { Alert, Button, Form, Modal, Space, Spin, Steps } from 'antd';
import { useState } from 'react';
import { OVERLAY_MESSAGES, OVERLAY_OPACITY, type OverlayFile } from '@mirante/shared';
import { useCurrentProject } from '../../projects/ProjectContext';
import { useCredentials } from '../../../shared/session/SessionContext';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { planImageUrl, useCreateOverlay, useUploadPlan } from '../api';
import { useSiteStyle } from '../hooks/useSiteStyle';
import {
  clearPoint,
  fitOf,
  isComplete,
  markPoint,
  toControlPoint,
  type DraftPoint,
} from '../model/controlPoints';
import { FileStep, type FileStepValues } from './FileStep';
import { PointsStep } from './PointsStep';
import { PreviewStep } from './PreviewStep';
import '../overlays.css';

export interface OverlayWizardProps {
  projectId: number;
  onClose(): void;
}

const STEP_TITLES = ['Nome e arquivo', 'Ponto A', 'Ponto B', 'Pré-visualização'];

/**
 * The overlay wizard 'Cadastrar nova sobreposição' (newer variant: a PDF plan), 4 steps: name and PDF (uploaded and
 * converted when continuing), point A, point B (and any further points), preview with opacity, Save.
 */
export function OverlayWizard({ projectId, onClose }: OverlayWizardProps) {
  const project = useCurrentProject();
  const { api_token: apiToken } = useCredentials();
  const feedback = useFeedback();
  const [form] = Form.useForm<FileStepValues>();
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [plan, setPlan] = useState<{ file: File; result: OverlayFile } | null>(null);
  const [points, setPoints] = useState<DraftPoint[]>([{}]);
  const [active, setActive] = useState(0);
  const [opacity, setOpacity] = useState<number>(OVERLAY_OPACITY.default);
  const siteStyle = useSiteStyle(projectId, apiToken);
  const upload = useUploadPlan(projectId);
  const create = useCreateOverlay(projectId);

  const planFile = plan?.result ?? null;
  const { fit, error: fitError } = planFile ? fitOf(points, planFile) : { fit: null, error: null };

  const continueFromFile = async () => {
    await form.validateFields();
    if (!file) return;
    if (plan?.file === file) return setStep(1);
    try {
      const result = await upload.mutateAsync(file);
      setPlan({ file, result });
      setPoints([{}]);
      setActive(0);
      setStep(1);
    } catch (error) {
      // The error catalogue: the server's message, and the file is cleared.
      feedback.error(`${OVERLAY_MESSAGES.convertFailed} ${(error as Error).message}`);
      setFile(null);
      form.setFieldValue('file', undefined);
    }
  };

  const save = async () => {
    if (!planFile || !fit) return;
    try {
      await create.mutateAsync({
        project_id: projectId,
        name: String(form.getFieldValue('name')).trim(),
        hash: planFile.hash,
        bounds: fit.bounds,
        points: points.filter(isComplete).map(toControlPoint),
        opacity,
      });
      feedback.success(OVERLAY_MESSAGES.created);
      onClose();
    } catch (error) {
      feedback.error(`${OVERLAY_MESSAGES.saveFailed} ${(error as Error).message}`);
    }
  };

  const canContinue =
    step === 0 ||
    (step === 1 && isComplete(points[0])) ||
    (step === 2 && points.length >= 2 && points.every(isComplete) && fit !== null);

  const goTo = (next: number) => {
    setStep(next);
    if (next === 1) setActive(0);
    if (next === 2) setActive(isComplete(points[1]) ? Math.max(1, points.length - 1) : 1);
  };

  const pointsStep = (which: 0 | 1) =>
    planFile &&
    siteStyle && (
      <PointsStep
        step={which}
        active={active}
        onActive={(index) => which === 1 && index >= 1 && setActive(index)}
        points={points}
        residuals={fit?.residuals ?? null}
        fitError={fitError}
        plan={planFile}
        planSrc={planImageUrl(planFile.hash, apiToken, true)}
        siteStyle={siteStyle}
        bounds={project.bounds}
        onMap={(index, map) => setPoints((current) => markPoint(current, index, { map }))}
        onImage={(index, image) => setPoints((current) => markPoint(current, index, { image }))}
        onClear={(index) => {
          setPoints((current) => clearPoint(current, index));
          if (index === 0) setActive(0);
          else setActive(which === 1 ? 1 : 0);
        }}
        onAdd={() => {
          setPoints((current) => [...current, {}]);
          setActive(points.length);
        }}
        onOutside={(message) => feedback.warning(message)}
      />
    );

  return (
    <Modal
      open
      title="Cadastrar nova sobreposição"
      width={1100}
      style={{ top: 16 }}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Space>
          {step > 0 && <Button onClick={() => goTo(step - 1)}>Voltar</Button>}
          {step < 3 ? (
            <Button
              type="primary"
              disabled={!canContinue}
              loading={upload.isPending}
              onClick={() => (step === 0 ? void continueFromFile() : goTo(step + 1))}
            >
              Continuar
            </Button>
          ) : (
            <Button type="primary" loading={create.isPending} onClick={() => void save()}>
              Salvar
            </Button>
          )}
        </Space>
      }
    >
      <Steps
        size="small"
        current={step}
        items={STEP_TITLES.map((title) => ({ title }))}
        className="overlay-steps"
      />
      {step === 0 && (
        <Spin spinning={upload.isPending} tip="Convertendo o PDF…">
          <FileStep form={form} file={file} onFile={setFile} />
        </Spin>
      )}
      {(step === 1 || step === 2) && !siteStyle && <Spin />}
      {step === 1 && pointsStep(0)}
      {step === 2 && pointsStep(1)}
      {step === 3 && planFile && siteStyle && fit && (
        <PreviewStep
          siteStyle={siteStyle}
          fit={fit}
          planUrl={planImageUrl(planFile.hash, apiToken, false, window.location.origin)}
          opacity={opacity}
          onOpacity={setOpacity}
        />
      )}
      {step === 3 && !fit && (
        <Alert type="warning" showIcon message={fitError ?? OVERLAY_MESSAGES.required} />
      )}
    </Modal>
  );
}
