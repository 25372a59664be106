import { InputNumber, type InputNumberProps } from 'antd';
import { useAppContext } from '../../app/app-context';
import { decimalSeparatorOf, parseDecimalInput } from '../../lib/format';

/**
 * A number with up to two decimals (money, percentages): shown with the language's decimal mark, read
 * with either a comma or a dot (see parseDecimalInput), so "45,5" never becomes 455.
 */
export function DecimalInput(props: Omit<InputNumberProps<number>, 'parser' | 'decimalSeparator'>) {
  const { language } = useAppContext();
  return (
    <InputNumber<number>
      precision={2}
      style={{ width: '100%' }}
      {...props}
      decimalSeparator={decimalSeparatorOf(language)}
      // rc-input-number takes the parsed text as a decimal string ("" when empty).
      parser={(text) => parseDecimalInput(text) as unknown as number}
    />
  );
}
