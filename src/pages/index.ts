import type Router from '@koa/router';
import type { AppContext } from '../http/appContext';
import { accountDataRoutes } from './accountData';
import { applicationPageRoutes } from './application';
import { accountSettingsRoutes } from './accountSettings';
import { credentialRoutes } from './credentials';
import { adminPageRoutes } from './admin';
import { adminDepartmentPageRoutes } from './adminDepartments';
import { authPageRoutes } from './auth';
import { endorsementPageRoutes } from './endorsements';
import { departmentPageRoutes } from './departments';
import { documentPageRoutes } from './documents';
import { verificationPageRoutes } from './verifications';
import { homeRoutes } from './home';
import { importPageRoutes } from './imports';
import { mediaRoutes } from './media';
import { profilePageRoutes } from './profiles';
import { profileListFormRoutes } from './profileListForms';
import { portraitPageRoutes } from './portraits';
import { readinessPageRoutes } from './readiness';
import { reminderRoutes } from './reminders';
import { shareRoutes } from './share';
import { signOutRoutes } from './signOut';
import { trackerPageRoutes } from './tracker';

/** Every page router. The catch-all 404 lives in app.ts. */
export function pageRouters(context: AppContext): Router[] {
  // The profile router last: its /{username} route takes any one-segment path the others leave.
  return [
    homeRoutes(context),
    authPageRoutes(context),
    accountSettingsRoutes(context),
    accountDataRoutes(context),
    adminPageRoutes(context),
    adminDepartmentPageRoutes(context),
    signOutRoutes(),
    profileListFormRoutes(context),
    endorsementPageRoutes(context),
    portraitPageRoutes(context),
    documentPageRoutes(context),
    applicationPageRoutes(context),
    trackerPageRoutes(context),
    mediaRoutes(context),
    reminderRoutes(context),
    readinessPageRoutes(context),
    departmentPageRoutes(context),
    verificationPageRoutes(context),
    shareRoutes(context),
    importPageRoutes(context),
    credentialRoutes(context),
    profilePageRoutes(context),
  ];
}
