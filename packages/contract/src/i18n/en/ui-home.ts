/** Web texts of the home page (ui.home.*). Same keys in en, kr and vi. */
export const homeUi = {
  heroTitle: 'IT projects, run together.',
  heroBody:
    'Teamline brings clients, professionals and managers into one workspace: timelines, settlement by working time, documents and subscriptions.',
  getStarted: 'Get started',
  login: 'Log in',
  featureTimeline: 'Timelines of milestones and stories',
  featureSettlement: 'Settlement of pay by working time',
  featureDocs: 'Documents and AI-generated reports',
  projectsClient: 'My projects as a client',
  projectsProfessional: 'My projects as a professional',
  empty: 'You have no projects in this mode yet.',
  create: 'Create project',
  members_one: '{{count}} member',
  members_other: '{{count}} members',
  noDates: 'No dates set',
  active: 'ACTIVE',
  inactive: 'INACTIVE',
  open: 'Open {{name}}',
};
