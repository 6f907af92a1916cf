import { Button, Card, Form, Result, Spin, Steps, Typography } from '@arco-design/web-react';
import { channelFormSchema } from '@atrium/contracts/demo/step-form/calls';
import type { FieldIssue } from '@atrium/contracts/envelope';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../lib/api';
import { applyFieldIssues, zodIssues } from '../../lib/form-rules';
import { useT } from '../../lib/i18n';
import { useIsMobile } from '../../stores/settings';
import { submitChannel } from './api/step-form-queries';
import { StepOne } from './components/step-one';
import { StepTwo } from './components/step-two';
import { clearDraft, emptyDraft, readDraft, stepOfField, writeDraft, type StepValues } from './lib/draft';
import styles from './step-form.module.css';

type Step = 0 | 1 | 2;

/** The failure handed to the error page in the navigation state (result/error-page.tsx shows it). */
interface StepFormFailure {
  source: 'stepForm';
  errorKey: string;
  message: string;
  traceId: string;
}

/**
 * 分步表单 (step form): two steps of input and a result. Both step forms stay mounted (one is hidden),
 * so values survive moving between steps and a server error on either step can be shown in place.
 */
export default function StepFormPage() {
  const t = useT();
  // On a phone the steps stand one under the other, their titles and descriptions whole.
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const [initial] = useState(readDraft);
  const [step, setStep] = useState<Step>(initial.step);
  const [channelId, setChannelId] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [stepOne] = Form.useForm<StepValues>();
  const [stepTwo] = Form.useForm<StepValues>();
  const stepRef = useRef<Step>(initial.step);

  const values = useCallback((): StepValues => ({ ...stepOne.getFieldsValue(), ...stepTwo.getFieldsValue() }), [stepOne, stepTwo]);

  const saveDraft = useCallback(
    (nextStep: Step = stepRef.current) => {
      if (nextStep === 2) return;
      writeDraft({ step: nextStep, values: values() });
    },
    [values],
  );

  const goTo = (next: Step) => {
    stepRef.current = next;
    setStep(next);
    saveDraft(next);
  };

  /** Puts issues on the fields of both steps and shows the step holding the first one. */
  const showIssues = (issues: FieldIssue[]) => {
    const flat = issues.map((issue) => ({ ...issue, path: issue.path.replace(/^data\./, '').split(/[.[]/)[0] ?? issue.path }));
    applyFieldIssues(stepOne, flat.filter((i) => stepOfField(i.path) === 0));
    applyFieldIssues(stepTwo, flat.filter((i) => stepOfField(i.path) === 1));
    if (flat[0]) goTo(stepOfField(flat[0].path));
  };

  const next = async () => {
    try {
      await stepOne.validate();
    } catch {
      return;
    }
    goTo(1);
  };

  const submit = async () => {
    try {
      await stepTwo.validate();
    } catch {
      return;
    }
    const parsed = channelFormSchema.safeParse(values());
    if (!parsed.success) {
      showIssues(zodIssues(parsed.error, t));
      return;
    }
    setSubmitting(true);
    try {
      const { id } = await submitChannel(parsed.data);
      clearDraft();
      setChannelId(id);
      stepRef.current = 2;
      setStep(2);
    } catch (error) {
      if (isApiError(error) && error.key === 'VALIDATION_FAILED') {
        showIssues(error.fieldIssues);
      } else if (!(isApiError(error) && error.httpStatus === 401)) {
        // 403, 5xx, network: the error page explains; the draft stays for 返回修改.
        const failure: StepFormFailure = {
          source: 'stepForm',
          errorKey: isApiError(error) ? error.key : 'UNAVAILABLE',
          message: isApiError(error) ? error.message : '',
          traceId: isApiError(error) ? error.traceId : '',
        };
        navigate('/result/error', { state: failure });
      }
    } finally {
      setSubmitting(false);
    }
  };

  const again = () => {
    clearDraft();
    const fresh = emptyDraft().values;
    stepOne.resetFields();
    stepTwo.resetFields();
    stepOne.setFieldsValue(fresh);
    stepTwo.setFieldsValue(fresh);
    setChannelId(null);
    stepRef.current = 0;
    setStep(0);
  };

  return (
    <Card bordered={false} title={t('stepForm.step.title')}>
      <div className={styles.steps}>
        <Steps current={step + 1} lineless direction={mobile ? 'vertical' : 'horizontal'}>
          <Steps.Step title={t('stepForm.step.title.baseInfo')} description={t('stepForm.step.subTitle.baseInfo')} />
          <Steps.Step title={t('stepForm.step.title.channel')} description={t('stepForm.step.subTitle.channel')} />
          <Steps.Step title={t('stepForm.step.title.finish')} description={t('stepForm.step.subTitle.finish')} />
        </Steps>
      </div>
      <Spin loading={submitting} block>
        <div className={styles.body} hidden={step !== 0}>
          <StepOne form={stepOne} initialValues={initial.values} onValuesChange={() => saveDraft()} />
          <div className={styles.buttons}>
            <Button type="primary" onClick={next}>
              {t('stepForm.button.next')}
            </Button>
          </div>
        </div>
        <div className={styles.body} hidden={step !== 1}>
          <StepTwo form={stepTwo} initialValues={initial.values} onValuesChange={() => saveDraft()} />
          <div className={styles.buttons}>
            <Button type="secondary" onClick={() => goTo(0)}>
              {t('stepForm.button.prev')}
            </Button>
            <Button type="primary" loading={submitting} onClick={submit}>
              {t('stepForm.button.submit')}
            </Button>
          </div>
        </div>
      </Spin>
      {step === 2 && (
        <div className={styles.done}>
          <Result
            status="success"
            title={t('stepForm.success.title')}
            subTitle={t('stepForm.success.subTitle')}
            extra={[
              <Button key="view" type="primary" onClick={() => navigate(channelId ? `/result/success?id=${channelId}` : '/result/success')}>
                {t('stepForm.button.view')}
              </Button>,
              <Button key="again" type="secondary" onClick={again}>
                {t('stepForm.button.again')}
              </Button>,
            ]}
          />
          <div className={styles.description}>
            <Typography.Title heading={6}>{t('stepForm.form.description.title')}</Typography.Title>
            <Typography.Paragraph className={styles.descriptionText}>{t('stepForm.form.description.text')}</Typography.Paragraph>
          </div>
        </div>
      )}
    </Card>
  );
}
