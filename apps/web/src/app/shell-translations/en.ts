import auth from '../../locales/en/auth.json';
import common from '../../locales/en/common.json';
import errors from '../../locales/en/errors.json';

/** The English words of the first screen: the shell, sign-in and the error messages it can meet (app/i18n.ts). */
export default { common, auth, errors };
