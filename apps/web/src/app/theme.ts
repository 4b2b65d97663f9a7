import {
  type CSSVariablesResolver,
  createTheme,
  type MantineColorScheme,
  type MantineColorSchemeManager,
} from '@mantine/core';
import { readTheme, type ThemeSetting, writeSetting } from '../lib/interface-settings';

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white button text above 4.5:1 contrast.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  // Visible focus for keyboard users on every control, not only after a keyboard event.
  focusRing: 'auto',
});

/**
 * Mantine's default dimmed and error colours fall below WCAG AA contrast (4.5:1) for small text; these
 * shades pass on the light and dark body colours.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});

export const toScheme = (setting: ThemeSetting): MantineColorScheme => (setting === 'system' ? 'auto' : setting);
export const toSetting = (scheme: MantineColorScheme): ThemeSetting => (scheme === 'auto' ? 'system' : scheme);

/** The order the theme button cycles through. */
export const THEME_CYCLE: readonly ThemeSetting[] = ['light', 'dark', 'system'];

export function nextTheme(current: ThemeSetting): ThemeSetting {
  return THEME_CYCLE[(THEME_CYCLE.indexOf(current) + 1) % THEME_CYCLE.length] ?? 'light';
}

/**
 * Keeps Mantine's colour scheme in localStorage under `theme` with the product's values
 * (light | dark | system), and follows changes made in other tabs.
 */
export const colorSchemeManager: MantineColorSchemeManager = (() => {
  let listener: ((event: StorageEvent) => void) | undefined;
  return {
    get: () => toScheme(readTheme()),
    set: (value) => writeSetting('theme', toSetting(value)),
    subscribe: (onUpdate) => {
      listener = (event) => {
        if (event.storageArea === localStorage && event.key === 'theme') onUpdate(toScheme(readTheme()));
      };
      window.addEventListener('storage', listener);
    },
    unsubscribe: () => {
      if (listener) window.removeEventListener('storage', listener);
    },
    clear: () => writeSetting('theme', 'light'),
  };
})();
