import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder until the page is built (pages.md); replaced by the pages owner at this path.
export default function ProfileBasicPage() {
  return <PlaceholderPage titleKey="menu.profile.basic" />;
}
