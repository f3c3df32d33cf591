import { eurosText, groupThousands } from '../money';

describe('amounts in messages, the French way whatever the runtime (issue 28)', () => {
  it('groups thousands with spaces', () => {
    expect(groupThousands(1_000_000_000)).toBe('1 000 000 000');
    expect(groupThousands(10_000_000)).toBe('10 000 000');
    expect(groupThousands(999)).toBe('999');
    expect(groupThousands(1000)).toBe('1 000');
    expect(groupThousands(0)).toBe('0');
    expect(groupThousands(-12345)).toBe('-12 345');
    expect(groupThousands(1234.5)).toBe('1 234,5');
  });

  it('writes euros with cents only when there are some', () => {
    expect(eurosText(1_000_000_000)).toBe('1 000 000 000 €');
    expect(eurosText(1234.5)).toBe('1 234,50 €');
    expect(eurosText(0.07)).toBe('0,07 €');
    expect(eurosText(-20)).toBe('-20 €');
  });
});
