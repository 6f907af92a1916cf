import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder until the page is built (pages.md); replaced by the pages owner at this path.
export default function UserSettingPage() {
  return <PlaceholderPage titleKey="menu.user.setting" />;
}
