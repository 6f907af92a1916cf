import { Form, Input, Select, Switch, type FormInstance } from '@arco-design/web-react';
import { channelStepTwoSchema } from '@atrium/contracts/demo/step-form/calls';
import { CountedTextArea } from '../../../components/counted-input';
import { zodRule } from '../../../lib/form-rules';
import { useLocale, useT } from '../../../lib/i18n';
import type { StepValues } from '../lib/draft';

const shape = channelStepTwoSchema.shape;
const keywordOptions = ['toutiao', 'huoshan'] as const;

/** Step 2: source, medium, keywords (new ones can be typed), push, ad content. */
export function StepTwo({ form, initialValues, onValuesChange }: { form: FormInstance<StepValues>; initialValues: StepValues; onValuesChange: () => void }) {
  const t = useT();
  // English labels ("Promotion period") get a wider label column rather than wrapping.
  const wide = useLocale() !== 'zh-CN';
  return (
    <Form id="step-two" form={form} labelCol={{ span: wide ? 8 : 6 }} wrapperCol={{ span: wide ? 16 : 18 }} initialValues={initialValues} onValuesChange={onValuesChange} autoComplete="off">
      <Form.Item label={t('stepForm.form.label.advertisingSource')} field="advertisingSource" required rules={[zodRule(shape.advertisingSource, t)]}>
        <Input placeholder={t('stepForm.placeholder.advertisingSource')} />
      </Form.Item>
      <Form.Item label={t('stepForm.form.label.advertisingMedia')} field="advertisingMedia" required rules={[zodRule(shape.advertisingMedia, t)]}>
        <Input placeholder={t('stepForm.placeholder.advertisingMedia')} />
      </Form.Item>
      <Form.Item label={t('stepForm.form.label.keyword')} field="keyword" required rules={[zodRule(shape.keyword, t)]}>
        <Select
          mode="multiple"
          allowCreate
          allowClear
          placeholder={t('stepForm.placeholder.keyword')}
          options={keywordOptions.map((value) => ({ value, label: t(`stepForm.keyword.${value}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('stepForm.form.label.pushNotify')} field="pushNotify" triggerPropName="checked">
        <Switch aria-label={t('stepForm.form.label.pushNotify')} />
      </Form.Item>
      <Form.Item label={t('stepForm.form.label.advertisingContent')} field="advertisingContent" required rules={[zodRule(shape.advertisingContent, t)]}>
        <CountedTextArea
          placeholder={t('stepForm.placeholder.advertisingContent')}
          maxLength={200}
          autoSize={{ minRows: 3, maxRows: 6 }}
        />
      </Form.Item>
    </Form>
  );
}
