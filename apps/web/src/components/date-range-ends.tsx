import { DatePicker, Form, type DatePickerProps } from '@arco-design/web-react';
import styles from './range-inputs.module.css';

interface DateRangeEndsProps {
  /** The form's names of the two ends. */
  from: string;
  to: string;
  /** Each end's placeholder (开始日期, 结束日期; 开始时间, 结束时间 with a time). */
  placeholders: [string, string];
  /** Named after the filter's label as well as the end (`创建日期 开始日期`); by the placeholder alone without one. */
  label?: string;
  /** A date and a time: once a day is chosen, the start's time is the start of that day and the end's its end. */
  showTime?: boolean;
  disabledDate?: DatePickerProps['disabledDate'];
}

/**
 * A date (or date and time) range filter as two pickers, either of which may stay empty: "since", "until"
 * or both. Arco's RangePicker holds both ends or none (2.66 has no `allowEmpty`), so each end has its own.
 * Inside a Form.Item of the filter's label, without a field of its own: the ends are the form's fields.
 */
export function DateRangeEnds({ from, to, placeholders, label, showTime, disabledDate }: DateRangeEndsProps) {
  const end = (field: string, placeholder: string, defaultTime: string) => (
    <Form.Item field={field} noStyle>
      <DatePicker
        showTime={showTime ? { defaultValue: defaultTime } : undefined}
        format={showTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD'}
        disabledDate={disabledDate}
        placeholder={placeholder}
        inputProps={{ 'aria-label': label ? `${label} ${placeholder}` : placeholder }}
      />
    </Form.Item>
  );
  return (
    <div className={styles.range}>
      {end(from, placeholders[0], '00:00:00')}
      <span className={styles.rangeSeparator} aria-hidden="true">
        ~
      </span>
      {end(to, placeholders[1], '23:59:59')}
    </div>
  );
}
