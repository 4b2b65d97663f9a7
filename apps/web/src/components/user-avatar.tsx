import { DEFAULT_AVATAR_PATH } from '@cm/contract';
import { Box, Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';

/** The window event a page dispatches after the signed-in person's avatar changed (PRODUCT.md §5). */
export const AVATAR_CHANGED_EVENT = 'avatar-changed';
export type AvatarChangedDetail = { avatarPath: string };

/** Tells every avatar on screen that the signed-in person's avatar is now `avatarPath`. */
export function announceAvatarChange(avatarPath: string): void {
  window.dispatchEvent(new CustomEvent<AvatarChangedDetail>(AVATAR_CHANGED_EVENT, { detail: { avatarPath } }));
}

type LoadState = 'loading' | 'loaded' | 'failed';

/**
 * A person's avatar, round. Until its image has loaded it shows a placeholder; an image that fails to load gives
 * way to the default avatar and the placeholder stops. On `avatar-changed` every avatar loads its image again,
 * and the signed-in person's own ones (`own`) take the new path at once, whatever their screen has read.
 */
export function UserAvatar({
  src,
  size,
  own = false,
  alt = '',
}: {
  src: string | undefined;
  size: number;
  own?: boolean;
  /** Empty where the name is written beside it. */
  alt?: string;
}) {
  const [path, setPath] = useState(src ?? DEFAULT_AVATAR_PATH);
  const [state, setState] = useState<LoadState>('loading');
  const [attempt, setAttempt] = useState(0);
  // A new path from the screen is taken while rendering, not in an effect: an effect would run after a cached
  // image had already loaded and put it back to loading for good.
  const [given, setGiven] = useState(src);
  if (src !== given) {
    setGiven(src);
    setPath(src ?? DEFAULT_AVATAR_PATH);
    setState('loading');
    setAttempt((count) => count + 1);
  }

  useEffect(() => {
    const reload = (event: Event) => {
      const changed = (event as CustomEvent<Partial<AvatarChangedDetail> | null>).detail?.avatarPath;
      if (own && changed) setPath(changed);
      setAttempt((count) => count + 1);
      setState('loading');
    };
    window.addEventListener(AVATAR_CHANGED_EVENT, reload);
    return () => window.removeEventListener(AVATAR_CHANGED_EVENT, reload);
  }, [own]);

  const shown = state === 'failed' ? DEFAULT_AVATAR_PATH : path;
  const settle = (image: HTMLImageElement) =>
    setState((current) => (current !== 'loading' ? current : image.naturalWidth > 0 ? 'loaded' : 'failed'));
  return (
    <Box pos="relative" w={size} h={size} style={{ flexShrink: 0 }} data-avatar-state={state}>
      {state === 'loading' && <Skeleton circle height={size} pos="absolute" top={0} left={0} />}
      <img
        // Every return to loading makes a new element, which loads its image again even from the same path and
        // so always ends its loading state.
        key={`${shown}#${attempt}`}
        src={shown}
        alt={alt}
        width={size}
        height={size}
        // An image can finish before its element is on the page (a render React set aside and resumed), and its
        // load event is then lost: one already complete is settled as the element arrives.
        ref={(image) => {
          if (image?.complete) settle(image);
        }}
        onLoad={(event) => settle(event.currentTarget)}
        onError={() => setState('failed')}
        style={{
          display: 'block',
          width: size,
          height: size,
          borderRadius: '50%',
          objectFit: 'cover',
          visibility: state === 'loading' ? 'hidden' : 'visible',
        }}
      />
    </Box>
  );
}
