import { Input, type InputProps, type TextAreaProps } from '@arco-design/web-react';
import { textLength } from '@atrium/contracts/text';

/**
 * Arco's word limit counts UTF-16 units, so an emoji reads as two characters. These controls show the
 * same counter (Arco's classes and look) counted as the contracts count a maximum length: code points.
 * Over the limit the control turns red and the field's rule explains why; nothing is cut off.
 */
type Counted<P> = Omit<P, 'maxLength' | 'showWordLimit'> & { maxLength: number };

function useCount(value: unknown, maxLength: number) {
  const count = textLength(typeof value === 'string' ? value : '');
  return { count, over: count > maxLength };
}

export function CountedInput({ maxLength, ...props }: Counted<InputProps>) {
  const { count, over } = useCount(props.value, maxLength);
  const limit = <span className={over ? 'arco-input-word-limit arco-input-word-limit-error' : 'arco-input-word-limit'}>{`${count}/${maxLength}`}</span>;
  return <Input {...props} status={props.status ?? (over ? 'error' : undefined)} suffix={limit} />;
}

export function CountedTextArea({ maxLength, ...props }: Counted<TextAreaProps>) {
  const { count, over } = useCount(props.value, maxLength);
  return (
    <div className="arco-textarea-wrapper">
      <Input.TextArea {...props} status={props.status ?? (over ? 'error' : undefined)} />
      <span className={over ? 'arco-textarea-word-limit arco-textarea-word-limit-error' : 'arco-textarea-word-limit'}>{`${count}/${maxLength}`}</span>
    </div>
  );
}
