/** The activities feature's public surface: what other features may import. */
export { activitiesApi, DASHBOARD_ACTIVITY_LIMIT, useGetRecentActivityQuery } from './activities.api';
export { ActivityChanges } from './activity-changes';
export { objectTypeLabel, objectTypeTone } from './activity-labels';
