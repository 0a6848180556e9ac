import type Router from '@koa/router';
import type { AppContext } from '../http/appContext';
import { accountDataRoutes } from './accountData';
import { accountSettingsRoutes } from './accountSettings';
import { credentialRoutes } from './credentials';
import { adminPageRoutes } from './admin';
import { adminDepartmentPageRoutes } from './adminDepartments';
import { authPageRoutes } from './auth';
import { endorsementPageRoutes } from './endorsements';
import { departmentPageRoutes } from './departments';
import { verificationPageRoutes } from './verifications';
import { homeRoutes } from './home';
import { mediaRoutes } from './media';
import { profilePageRoutes } from './profiles';
import { profileListFormRoutes } from './profileListForms';
import { portraitPageRoutes } from './portraits';
import { reminderRoutes } from './reminders';
import { shareRoutes } from './share';
import { signOutRoutes } from './signOut';

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
    mediaRoutes(context),
    reminderRoutes(context),
    departmentPageRoutes(context),
    verificationPageRoutes(context),
    shareRoutes(context),
    credentialRoutes(context),
    profilePageRoutes(context),
  ];
}
