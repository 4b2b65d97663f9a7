import { useTranslation } from 'react-i18next';
import classes from './skip-link.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first stop of the Tab key: moves the focus past the header and the menu to the page's content. It
 * focuses the content itself instead of following `#main-content`, which would become a route change.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className={classes.link}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      {t('header.skipToContent')}
    </a>
  );
}
