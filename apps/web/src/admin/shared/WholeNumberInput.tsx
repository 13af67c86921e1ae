import { InputNumber, type InputNumberProps } from 'antd';
import { numberInput } from '@portal/shared';

/** A whole number within what the server stores (numberInput), typed without the spinner buttons. */
export function WholeNumberInput(props: Omit<InputNumberProps<number>, 'min' | 'max' | 'precision' | 'controls'>) {
  return <InputNumber<number> min={numberInput.min} max={numberInput.max} precision={0} controls={false} {...props} />;
}
