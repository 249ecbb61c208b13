import { PagePlaceholder } from '../../../components/page-placeholder';
import { PublicLayout } from '../../../components/public-layout';

/** Where a TV screen will be paired with the school; needs no sign-in because a TV has none yet. */
export function InfoscreenOnboardingPage() {
  return (
    <PublicLayout>
      <PagePlaceholder />
    </PublicLayout>
  );
}
