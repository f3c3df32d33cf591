import { niceScale } from '../monthly-revenue';

describe('revenue chart axis', () => {
  it('rounds the axis up to a readable step', () => {
    expect(niceScale(1234)).toEqual({ top: 2000, step: 500 });
    expect(niceScale(80)).toEqual({ top: 80, step: 20 });
    expect(niceScale(0)).toEqual({ top: 4, step: 1 });
  });
});
