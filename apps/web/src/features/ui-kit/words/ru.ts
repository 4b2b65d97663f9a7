import { byNamespace } from '../../../lib/translations';

/** The Russian words of the UI kit: developer-mode pages only, so never in the screens' translation chunk. */
export default byNamespace(
  import.meta.glob<Record<string, unknown>>('../../../locales/ru/kit*.json', { eager: true, import: 'default' }),
);
