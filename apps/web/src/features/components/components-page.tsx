import { ScreenTitle } from '../../components/screen-title';

// The screen's content arrives with its own issue; until then it shows its title.
export default function ComponentsPage() {
  return <ScreenTitle label="components" />;
}
