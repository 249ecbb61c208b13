import { SchoolInfoPage } from '../../features/school/pages/school-info-page';
import { SsoSection } from '../../features/sso/components/sso-section';

/** The school's record, and for its admins the single sign-on providers people sign in through. */
export function SchoolInfoRoute() {
  return <SchoolInfoPage SignInSettings={SsoSection} />;
}
