import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const THRESHOLD_PX = 50;
const BOTTOM_PX = 64;
const SIZE_PX = 44;
/** Room to leave under a page's content, so that the button, once scrolled to the end, covers none of it. */
export const SCROLL_TO_TOP_CLEARANCE_PX = SIZE_PX + 20;

export function ScrollToTop() {
  const { t } = useTranslation();
  const [scroll, scrollTo] = useWindowScroll();
  return (
    <Affix position={{ bottom: BOTTOM_PX, right: 20 }}>
      <Transition transition="slide-up" mounted={scroll.y > THRESHOLD_PX}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size={SIZE_PX}
            radius="xl"
            onClick={() => scrollTo({ y: 0 })}
            aria-label={t('scrollToTop')}
          >
            <IconArrowUp size={20} />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
