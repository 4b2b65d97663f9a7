import auth from '../../locales/ru/auth.json';
import common from '../../locales/ru/common.json';
import errors from '../../locales/ru/errors.json';

/** The Russian words of the first screen: the shell, sign-in and the error messages it can meet (app/i18n.ts). */
export default { common, auth, errors };
