import { useTranslation } from 'react-i18next';
import classes from './skip-link.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first stop of the Tab key: moves the focus past the header and the menu to the page's content. It
 * focuses the content itself instead of following `#main-content`, which would become a route change; the
 * content is focusable only until the focus moves on, so a click on its blank space does not take the focus.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className={classes.link}
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        main.tabIndex = -1;
        main.addEventListener('blur', () => main.removeAttribute('tabindex'), { once: true });
        main.focus();
      }}
    >
      {t('header.skipToContent')}
    </a>
  );
}
