import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import {
  DECIMAL_MESSAGES,
  DecimalField,
  decimalValue,
  formatHundredths,
  parseDecimalInput,
  type DecimalFieldProps,
} from '../decimal-field';
import { lightTheme } from '../theme';

/** fr-FR groups thousands with a narrow no-break space. */
const NNBSP = '\u202f';

describe('parseDecimalInput', () => {
  it.each([
    ['4 500,50', 450050], // French
    [`4${NNBSP}500,50`, 450050], // as fr-FR formats it (a PDF, Excel)
    ['4\u00a0500,50', 450050],
    ['4500,50', 450050],
    ['4500.50', 450050], // English
    ['1 234 567.8', 123456780], // mixed: French grouping, English mark
    ['4,75', 475],
    ['4.75', 475],
    ['2', 200],
    [',5', 50],
    ['5,', 500],
    ['0,500', 50], // a 0 whole part can only be decimals
    ['1 234,500', 123450], // the grouping says the mark is decimal
    ['-12,5', -1250],
    ['\u221212,5', -1250],
    ['  1 500,00 € ', 150000],
  ])('reads %j as %i hundredths', (text, hundredths) => {
    expect(parseDecimalInput(text)).toEqual({ hundredths });
  });

  it('keeps exact cents where floats do not (0.29 × 100 = 28.999…)', () => {
    expect(parseDecimalInput('0,29')).toEqual({ hundredths: 29 });
    expect(parseDecimalInput('1.15')).toEqual({ hundredths: 115 });
    expect(parseDecimalInput('19,99')).toEqual({ hundredths: 1999 });
    expect(parseDecimalInput('9 999 999 999,99')).toEqual({ hundredths: 999999999999 });
  });

  it.each(['4.500,50', '4,500.50', '1.234.567', '1,234,567', '4,500', '4.500', '12,345'])('refuses %j as ambiguous', (text) => {
    expect(parseDecimalInput(text)).toEqual({ error: DECIMAL_MESSAGES.ambiguous });
  });

  it.each(['abc', '4 5', '45 00', '1e5', '12a', ',', '-', '4,5,a', '12345678901234'])('refuses %j as not a number', (text) => {
    expect(parseDecimalInput(text)).toEqual({ error: DECIMAL_MESSAGES.invalid });
  });

  it('refuses more than two decimals that matter', () => {
    expect(parseDecimalInput('16,6651')).toEqual({ error: DECIMAL_MESSAGES.decimals });
    expect(parseDecimalInput('1 234,565')).toEqual({ error: DECIMAL_MESSAGES.decimals });
    expect(parseDecimalInput('4,5000')).toEqual({ hundredths: 450 });
  });

  it('reads nothing as empty', () => {
    expect(parseDecimalInput('')).toEqual({ empty: true });
    expect(parseDecimalInput('   ')).toEqual({ empty: true });
  });
});

describe('formatting', () => {
  it('writes money with two decimals and quantities with those that matter', () => {
    expect(formatHundredths(450050)).toBe(`4${NNBSP}500,50`);
    expect(formatHundredths(6000)).toBe('60,00');
    expect(formatHundredths(-1250)).toBe('-12,50');
    expect(formatHundredths(475, { fixed: false })).toBe('4,75');
    expect(formatHundredths(450, { fixed: false })).toBe('4,5');
    expect(formatHundredths(200, { fixed: false })).toBe('2');
    expect(formatHundredths(123456789, { grouped: false })).toBe('1234567,89');
  });

  it('gives the form a plain number, or the text when it is not one', () => {
    expect(decimalValue('4 500,50')).toBe('4500.5');
    expect(decimalValue('0,05')).toBe('0.05');
    expect(decimalValue('')).toBe('');
    expect(decimalValue('4.500,50')).toBe('4.500,50');
  });
});

function Harness({ initial = '', onValue, ...props }: Partial<DecimalFieldProps> & { initial?: string; onValue?: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <ThemeProvider theme={lightTheme}>
      <DecimalField
        label="Montant (€)"
        {...props}
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue?.(next);
        }}
      />
      <button type="button">Ailleurs</button>
      <button type="button" onClick={() => setValue('12.5')}>
        Remplacer
      </button>
    </ThemeProvider>
  );
}

describe('DecimalField', () => {
  it('is a text field (no spinbutton: the browser language does not matter) with the decimal keypad', () => {
    render(<Harness initial="60" />);
    const input = screen.getByRole('textbox', { name: 'Montant (€)' });
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveValue('60,00');
  });

  it.each([
    ['4 500,50', '4500.5'],
    ['4500,50', '4500.5'],
    ['4500.50', '4500.5'],
  ])('reads %j, holds %j and shows it the French way once left', async (typed, held) => {
    const user = userEvent.setup();
    const onValue = jest.fn();
    render(<Harness onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Montant (€)' });
    await user.type(input, typed);
    expect(input).toHaveValue(typed); // as typed while focused
    expect(onValue).toHaveBeenLastCalledWith(held);
    await user.tab();
    expect(input).toHaveValue(`4${NNBSP}500,50`);
    expect(input).not.toHaveAttribute('aria-invalid');
    // Back in the field: the plain number, ready to edit.
    await user.click(input);
    expect(input).toHaveValue('4500,50');
  });

  it('replaces the whole number when the field is entered with Tab, as text fields do', async () => {
    const user = userEvent.setup();
    const onValue = jest.fn();
    render(
      <>
        <button type="button">Avant</button>
        <Harness initial="1440" onValue={onValue} />
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Montant (€)' });
    expect(input).toHaveValue(`1${NNBSP}440,00`);
    await user.click(screen.getByRole('button', { name: 'Avant' }));
    await user.tab();
    expect(input).toHaveFocus();
    expect(input).toHaveValue('1440,00');
    await user.keyboard('1000');
    expect(input).toHaveValue('1000');
    expect(onValue).toHaveBeenLastCalledWith('1000');
  });

  it('shows hours and quantities with the decimals that matter', async () => {
    const user = userEvent.setup();
    render(<Harness label="Temps réel (heures)" format="quantity" />);
    const input = screen.getByRole('textbox', { name: 'Temps réel (heures)' });
    await user.type(input, '4.75');
    await user.tab();
    expect(input).toHaveValue('4,75');
  });

  it('refuses ambiguous text in French once left, and clears the message when fixed', async () => {
    const user = userEvent.setup();
    const onValue = jest.fn();
    render(<Harness onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Montant (€)' });
    await user.type(input, '4.500,50');
    expect(screen.queryByText(DECIMAL_MESSAGES.ambiguous)).not.toBeInTheDocument(); // not while typing
    await user.tab();
    expect(input).toHaveValue('4.500,50');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(DECIMAL_MESSAGES.ambiguous);
    // The form holds the text: its own check refuses it.
    expect(onValue).toHaveBeenLastCalledWith('4.500,50');

    await user.clear(input);
    await user.type(input, '4500,50');
    expect(screen.queryByText(DECIMAL_MESSAGES.ambiguous)).not.toBeInTheDocument();
    await user.tab();
    expect(input).toHaveValue(`4${NNBSP}500,50`);
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('starts a zero empty, to be typed over, and leaves it at zero when nothing is typed', async () => {
    const user = userEvent.setup();
    const onValue = jest.fn();
    render(<Harness initial="0" onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Montant (€)' });
    expect(input).toHaveValue('0,00');
    await user.click(input);
    expect(input).toHaveValue('');
    await user.tab();
    expect(input).toHaveValue('0,00');
    expect(onValue).not.toHaveBeenCalled();
    await user.type(input, '200');
    expect(onValue).toHaveBeenLastCalledWith('200');
  });

  it("shows the form's error when the text is a number", () => {
    render(<Harness initial="0" error="Saisissez un montant supérieur à 0." />);
    expect(screen.getByRole('textbox', { name: 'Montant (€)' })).toHaveAccessibleDescription('Saisissez un montant supérieur à 0.');
  });

  it('shows a value changed by the form while focused', async () => {
    const user = userEvent.setup();
    render(<Harness initial="3" />);
    const input = screen.getByRole('textbox', { name: 'Montant (€)' });
    await user.click(input);
    expect(input).toHaveValue('3,00');
    // Keyboard-free: a click elsewhere would blur the field.
    screen.getByRole('button', { name: 'Remplacer' }).click();
    expect(await screen.findByDisplayValue('12,50')).toBe(input);
  });
});
