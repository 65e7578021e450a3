import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';
import { openPalette } from '../open-palette';

/**
 * The header's search button (wider than a phone): opens the command palette, as Ctrl/⌘-K does. On a
 * phone the menu's first entry does (app/layout/LeftMenu.tsx).
 */
export function SearchButton() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="icon-btn"
      data-testid="search-button"
      aria-label={t('ui.search.open')}
      aria-haspopup="dialog"
      title={`${t('ui.search.open')} (${t('ui.search.shortcut')})`}
      onClick={openPalette}
    >
      <Icon name="search" />
    </button>
  );
}
