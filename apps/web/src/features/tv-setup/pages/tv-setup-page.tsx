import { PagePlaceholder } from '../../../components/page-placeholder';

/** SPEC §2 /app/tv-setup: the school's info screens. */
export function TvSetupPage() {
  return <PagePlaceholder />;
}
