/** The console's fixed destinations (spec 3 §2): where login lands and where refusals go. */
export const ADMIN_HOME_PATH = '/AdminDashboard/AllVideos';
export const LOGIN_PATH = '/login';
/** The dashboard's home and first tab (/AdminDashboard): the business overview (issue 18, decision 0032). */
export const DASHBOARD_HOME_PATH = '/AdminDashboard/Overview';
