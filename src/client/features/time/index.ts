/** The time feature's public surface (issue 28): what other features may import. */
export { ProjectBudget } from './project-budget';
export { RunningTimer } from './running-timer';
export { TimeRoundingSection } from './time-rounding-section';
export { timeApi } from './time.api';
