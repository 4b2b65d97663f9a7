import { ActionIcon, Box, Transition } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const THRESHOLD_PX = 50;
const SIZE_PX = 32;
/** The width the button keeps in the footer, shown or not, so that the footer's texts do not move when it appears. */
const SLOT_PX = SIZE_PX + 16;

/**
 * The scroll-to-top button (PRODUCT.md §3), shown past 50 px of scroll. It sits in the footer's band, at its end,
 * rather than floating over the page: nothing scrolls under the footer, so the button covers no content in any
 * state. A floating button did, also with room reserved under the page: a list that scrolls in its own box (stock,
 * transactions) ends right under it at 800 px when the page is scrolled part-way, and its last row's right-hand cells
 * were hidden; hiding the button at the page's end would not help there either.
 */
export function ScrollToTop() {
  const { t } = useTranslation();
  // Read when the window scrolls, never while rendering: reading the scroll position then made the browser lay out
  // the page in the middle of the first render of every screen (Mantine's useWindowScroll does).
  const [scrolled, setScrolled] = useState(false);
  useWindowEvent('scroll', () => setScrolled(window.scrollY > THRESHOLD_PX), { passive: true });
  return (
    <Box w={SLOT_PX} h="100%" style={{ flex: 'none', display: 'flex', alignItems: 'center' }}>
      <Transition transition="pop" mounted={scrolled}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size={SIZE_PX}
            radius="xl"
            onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
            aria-label={t('scrollToTop')}
          >
            <IconArrowUp size={16} />
          </ActionIcon>
        )}
      </Transition>
    </Box>
  );
}
