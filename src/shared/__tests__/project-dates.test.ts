import { PROJECT_DATE_MESSAGES, projectDateErrors } from '../projects-tasks';

describe('projectDateErrors (issue 28: a project cannot end before it starts)', () => {
  it('puts the message on the end date or the deadline that precedes the start', () => {
    expect(projectDateErrors({ start_date: '2026-03-10', completed_date: '2026-03-09' })).toEqual({
      completed_date: PROJECT_DATE_MESSAGES.completedBeforeStart,
    });
    expect(projectDateErrors({ start_date: '2026-03-10', due_date: '2025-12-31' })).toEqual({ due_date: PROJECT_DATE_MESSAGES.dueBeforeStart });
  });

  it('accepts the same day, dates in order and missing dates', () => {
    expect(projectDateErrors({ start_date: '2026-03-10', due_date: '2026-03-10', completed_date: '2026-03-10' })).toEqual({});
    expect(projectDateErrors({ start_date: '2026-03-10', due_date: '2026-04-01', completed_date: '2026-12-31' })).toEqual({});
    expect(projectDateErrors({ start_date: null, due_date: '2020-01-01', completed_date: '2020-01-01' })).toEqual({});
    expect(projectDateErrors({ start_date: '2026-03-10', due_date: '', completed_date: null })).toEqual({});
  });
});
