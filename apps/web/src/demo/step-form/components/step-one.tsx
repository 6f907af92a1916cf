import { DatePicker, Form, Input, Select, type FormInstance } from '@arco-design/web-react';
import { channelStepOneSchema, channelTypes } from '@atrium/contracts/demo/step-form/calls';
import { zodRule } from '../../../lib/form-rules';
import { formatDate } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import type { StepValues } from '../lib/draft';

const shape = channelStepOneSchema.shape;

/** Step 1: campaign name, channel type, promotion period, link. */
export function StepOne({ form, initialValues, onValuesChange }: { form: FormInstance<StepValues>; initialValues: StepValues; onValuesChange: () => void }) {
  const t = useT();
  // English labels ("Promotion period") get a wider label column rather than wrapping.
  const wide = useLocale() !== 'zh-CN';
  const today = formatDate(new Date());
  return (
    <Form id="step-one" form={form} labelCol={{ span: wide ? 8 : 6 }} wrapperCol={{ span: wide ? 16 : 18 }} initialValues={initialValues} onValuesChange={onValuesChange} autoComplete="off">
      <Form.Item label={t('stepForm.form.label.activityName')} field="activityName" required rules={[zodRule(shape.activityName, t)]}>
        <Input placeholder={t('stepForm.placeholder.activityName')} maxLength={{ length: 20, errorOnly: true }} />
      </Form.Item>
      <Form.Item label={t('stepForm.form.label.channelType')} field="channelType" required rules={[zodRule(shape.channelType, t)]}>
        <Select placeholder={t('stepForm.placeholder.channelType')} options={channelTypes.map((value) => ({ value, label: t(`stepForm.channelType.${value}`) }))} />
      </Form.Item>
      <Form.Item label={t('stepForm.form.label.promotionTime')} field="promotionTime" required rules={[zodRule(shape.promotionTime, t)]}>
        <DatePicker.RangePicker style={{ width: '100%' }} format="YYYY-MM-DD" disabledDate={(date) => date.format('YYYY-MM-DD') < today} />
      </Form.Item>
      <Form.Item
        label={t('stepForm.form.label.promoteLink')}
        field="promoteLink"
        required
        rules={[zodRule(shape.promoteLink, t)]}
        extra={t('stepForm.form.tip.promoteLink')}
      >
        <Input placeholder={t('stepForm.placeholder.promoteLink')} />
      </Form.Item>
    </Form>
  );
}
