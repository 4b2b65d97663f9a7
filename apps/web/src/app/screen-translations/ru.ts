import { byNamespace, domainWords } from '../../lib/translations';
import screenErrors from '../../locales/ru/screen-errors.json';

/**
 * The Russian words of the screens behind sign-in, by namespace, as one chunk fetched once a session starts
 * (app/i18n.ts): the sign-in page never downloads them.
 */
export default {
  ...byNamespace(
    import.meta.glob<Record<string, unknown>>(
      ['../../locales/ru/*.json', '!../../locales/ru/{common,auth,errors,screen-errors,kit*}.json'],
      { eager: true, import: 'default' },
    ),
  ),
  // The error messages only signed-in screens can meet join the first screen's own (app/i18n.ts).
  errors: screenErrors,
  domain: domainWords('ru'),
};
